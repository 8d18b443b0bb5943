import {
  isPermissionCode,
  PERMISSION_CODES,
  PERMISSIONS,
  SEEDED_ROLES,
  type SeededRoleCode,
} from '@tilth/contracts/permissions';
import { forgetTenantPermissions } from '../../../platform/auth/access-cache.js';
import type { Db } from '../../../platform/db/client.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { isTenantMember } from '../identity/index.js';
import { AccessErrors } from './access.errors.js';
import * as repo from './access.repository.js';

const codesOf = (permissions: 'all' | readonly string[]): readonly string[] =>
  permissions === 'all' ? PERMISSION_CODES : permissions;

const checkCodes = (codes: readonly string[]) => {
  for (const c of codes) if (!isPermissionCode(c)) throw AccessErrors.unknownPermission({ code: c });
};

/** Roles, their permission codes and who holds them, per tenant (ARCHITECTURE §5). */
export class AccessService {
  /** Creates the three built-in roles in a new tenant; db must be a transaction set to that tenant. */
  static async seedTenantRoles(db: Db, tenantId: number): Promise<Map<SeededRoleCode, number>> {
    const ids = new Map<SeededRoleCode, number>();
    for (const def of SEEDED_ROLES) {
      const role = await repo.insertRole(db, tenantId, {
        code: def.code,
        nameZh: def.name['zh-CN'],
        nameEn: def.name['en-US'],
        builtIn: true,
        createdBy: null,
      });
      await repo.setRolePermissions(db, tenantId, role.id, codesOf(def.permissions));
      ids.set(def.code, role.id);
    }
    return ids;
  }

  /** Gives a member a built-in role; db must be a transaction set to the tenant. */
  static async grantSeededRole(
    db: Db,
    tenantId: number,
    userId: number,
    code: SeededRoleCode,
  ): Promise<void> {
    const role = await repo.findRoleByCode(db, code);
    if (!role) throw AccessErrors.roleNotFound();
    await repo.addUserRole(db, tenantId, userId, role.id);
    forgetTenantPermissions(tenantId);
  }

  /**
   * The administrator role always holds every catalogued code: codes added by a new release are granted to
   * each tenant's administrators at start-up (db must be a transaction set to the tenant).
   */
  static async grantNewCodesToAdmins(db: Db, tenantId: number): Promise<number> {
    const admin = await repo.findRoleByCode(db, 'tenant-admin');
    if (!admin) return 0;
    const held = new Set((await repo.listRoles(db)).find((r) => r.id === admin.id)?.permissions ?? []);
    const missing = PERMISSION_CODES.filter((c) => !held.has(c));
    if (missing.length > 0) await repo.addRolePermissions(db, tenantId, admin.id, missing);
    return missing.length;
  }

  permissionCatalogue(ctx: Ctx) {
    requireAccess(ctx, 'authenticated');
    return PERMISSIONS.map((p) => ({ code: p.code, subModule: p.subModule, name: p.name[ctx.lang] }));
  }

  async listRoles(ctx: Ctx) {
    requireAccess(ctx, 'wfpf.company.system.role');
    const rs = await repo.listRoles(ctx.db);
    return rs.map((r) => ({
      id: r.id,
      code: r.code,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      name: ctx.lang === 'en-US' ? r.nameEn : r.nameZh,
      builtIn: r.builtIn,
      permissions: r.permissions,
      objectVersionNumber: r.objectVersionNumber,
    }));
  }

  private async roleView(ctx: Ctx, id: number) {
    const found = (await this.listRoles(ctx)).find((r) => r.id === id);
    if (!found) throw AccessErrors.roleNotFound();
    return found;
  }

  async createRole(ctx: Ctx, input: { code: string; nameZh: string; nameEn: string; permissions: string[] }) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.create');
    requireTenant(ctx);
    checkCodes(input.permissions);
    if (await repo.findRoleByCode(ctx.db, input.code)) throw AccessErrors.roleCodeExists();
    const role = await repo.insertRole(ctx.db, ctx.tenantId, {
      code: input.code,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      builtIn: false,
      createdBy: ctx.user.id,
    });
    await repo.setRolePermissions(ctx.db, ctx.tenantId, role.id, input.permissions);
    forgetTenantPermissions(ctx.tenantId ?? -1);
    return this.roleView(ctx, role.id);
  }

  async updateRole(
    ctx: Ctx,
    input: { id: number; nameZh: string; nameEn: string; permissions: string[]; objectVersionNumber: number },
  ) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.edit');
    requireTenant(ctx);
    checkCodes(input.permissions);
    const existing = await repo.findRole(ctx.db, input.id);
    if (!existing) throw AccessErrors.roleNotFound();
    const updated = await repo.updateRole(ctx.db, input.id, input.objectVersionNumber, {
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      lastUpdatedBy: ctx.user.id,
    });
    if (!updated) throw CommonErrors.stale();
    // The administrator role always holds every code, or a tenant could lock itself out.
    const codes = existing.code === 'tenant-admin' ? PERMISSION_CODES : input.permissions;
    await repo.setRolePermissions(ctx.db, ctx.tenantId, input.id, codes);
    forgetTenantPermissions(ctx.tenantId ?? -1);
    return this.roleView(ctx, input.id);
  }

  async deleteRole(ctx: Ctx, id: number) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.delete');
    const existing = await repo.findRole(ctx.db, id);
    if (!existing) throw AccessErrors.roleNotFound();
    if (existing.builtIn) throw AccessErrors.builtInRole();
    await repo.deleteRole(ctx.db, id);
    forgetTenantPermissions(ctx.tenantId ?? -1);
    return { success: true };
  }

  async listMembers(ctx: Ctx) {
    requireAccess(ctx, ['wfpf.company.system.user-manage', 'wfpf.company.system.role.ps.assign']);
    requireTenant(ctx);
    return repo.listMembers(ctx.db, ctx.tenantId);
  }

  async assignRoles(ctx: Ctx, userId: number, roleIds: number[]) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.assign');
    requireTenant(ctx);
    if (!(await isTenantMember(ctx.db, ctx.tenantId, userId))) throw AccessErrors.userNotMember();
    const all = await repo.listRoles(ctx.db);
    for (const id of roleIds) if (!all.some((r) => r.id === id)) throw AccessErrors.roleNotFound();
    const admin = all.find((r) => r.code === 'tenant-admin');
    if (admin && !roleIds.includes(admin.id)) {
      const members = await repo.listMembers(ctx.db, ctx.tenantId);
      const admins = members.filter((m) => m.roleIds.includes(admin.id));
      if (admins.length === 1 && admins[0]?.userId === userId) throw AccessErrors.lastAdmin();
    }
    await repo.setUserRoles(ctx.db, ctx.tenantId, userId, roleIds);
    forgetTenantPermissions(ctx.tenantId ?? -1);
    return (await repo.listMembers(ctx.db, ctx.tenantId)).find((m) => m.userId === userId);
  }
}
