import type { Db } from '../../../platform/db/client.js';
import { setTenant } from '../../../platform/db/client.js';
import { AccessService } from '../access/index.js';
import { insertRootUnit } from '../organization/index.js';
import { insertTenant, type TenantRow } from '../tenant/index.js';
import { addMembership } from './identity.repository.js';

/**
 * A new tenant as registration makes it (spec 01 §2.8), in the caller's transaction: the tenant row, its
 * administrator's membership and tenant-admin role, the seeded roles, and the enterprise root of its tree
 * (ADR 0011). `adminFor` returns the administrator's user id once the tenant id exists (registration makes
 * the user with it as default tenant). Registration and the platform administrator both call this, so a
 * tenant made either way is the same. Leaves the transaction pointed at the new tenant (row-level security).
 */
export const provisionTenant = async (
  tx: Db,
  values: {
    tenantName: string;
    tenantNum?: string | undefined;
    timeZone?: string | undefined;
    noviceFlag: number;
  },
  adminFor: (tenant: TenantRow) => Promise<number>,
): Promise<{ tenant: TenantRow; adminUserId: number }> => {
  const tenant = await insertTenant(tx, {
    tenantName: values.tenantName,
    noviceFlag: values.noviceFlag,
    ...(values.tenantNum ? { tenantNum: values.tenantNum } : {}),
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
  });
  const adminUserId = await adminFor(tenant);
  await addMembership(tx, adminUserId, tenant.id);
  await setTenant(tx, tenant.id);
  await AccessService.seedTenantRoles(tx, tenant.id);
  await AccessService.grantSeededRole(tx, tenant.id, adminUserId, 'tenant-admin');
  await insertRootUnit(tx, tenant.id, values.tenantName);
  return { tenant, adminUserId };
};
