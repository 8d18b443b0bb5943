import type { SeededRoleCode } from '@tilth/contracts/permissions';
import { hashPassword } from '../../platform/auth/password.js';
import type { Database } from '../../platform/db/client.js';
import { setTenant } from '../../platform/db/client.js';
import { AccessService } from '../identity/access/index.js';
import { addMembership, findUserByLogin, insertUser } from '../identity/identity/index.js';
import { insertRootUnit } from '../identity/organization/index.js';
import { findTenant, insertTenant, listTenantIds } from '../identity/tenant/index.js';

export const PLATFORM_TENANT_NAME = '平台 / Platform';

/** A tenant with its three built-in roles (the platform tenant is id 0). */
export const createTenant = async (
  database: Database,
  tenantName: string,
  opts: { id?: number; noviceFlag?: number } = {},
): Promise<number> =>
  database.transaction(async (tx) => {
    if (opts.id !== undefined && (await findTenant(tx, opts.id))) return opts.id;
    const t = await insertTenant(tx, { tenantName, noviceFlag: opts.noviceFlag ?? 0, id: opts.id });
    await setTenant(tx, t.id);
    await AccessService.seedTenantRoles(tx, t.id);
    // ADR 0011: every tenant's organisation tree starts with its enterprise root.
    await insertRootUnit(tx, t.id, tenantName);
    return t.id;
  });

export interface SeedUser {
  loginName: string;
  password: string;
  realName: string;
  phone?: string;
  platformAdmin?: boolean;
  /** tenant id → built-in role held there; the first is the default tenant. */
  roles: [number, SeededRoleCode][];
}

export const createUser = async (database: Database, u: SeedUser): Promise<number> => {
  const passwordHash = await hashPassword(u.password);
  return database.transaction(async (tx) => {
    const existing = await findUserByLogin(tx, u.loginName);
    const user =
      existing ??
      (await insertUser(tx, {
        loginName: u.loginName,
        realName: u.realName,
        passwordHash,
        phone: u.phone ?? null,
        platformAdmin: u.platformAdmin ?? false,
        defaultTenantId: u.roles[0]?.[0] ?? null,
      }));
    for (const [tenantId, role] of u.roles) {
      await addMembership(tx, user.id, tenantId);
      await setTenant(tx, tenantId);
      await AccessService.grantSeededRole(tx, tenantId, user.id, role);
    }
    return user.id;
  });
};

/** Creates built-in roles and grants codes added since the last start (to every tenant's administrators). */
export const syncAdminPermissions = async (database: Database): Promise<number> => {
  const ids = await database.transaction((tx) => listTenantIds(tx));
  let added = 0;
  for (const id of ids) {
    added += await database.withTenant(id, async (tx) => {
      await AccessService.addMissingSeededRoles(tx, id);
      return AccessService.grantNewCodesToAdmins(tx, id);
    });
  }
  return added;
};
