import type { DataScope } from '@tilth/contracts/access.types';
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
import { codeChanges, recordAudit } from '../audit/index.js';
import { hasMembership } from '../identity/index.js';
import { AccessErrors } from './access.errors.js';
import * as repo from './access.repository.js';

const codesOf = (permissions: 'all' | readonly string[]): readonly string[] =>
  permissions === 'all' ? PERMISSION_CODES : permissions;

const checkCodes = (codes: readonly string[]) => {
  for (const c of codes) if (!isPermissionCode(c)) throw AccessErrors.unknownPermission({ code: c });
};

interface ScopeInput {
  dataScope: DataScope;
  baseIds: readonly number[];
}

/** The named bases a scope keeps: none unless 'bases', and then at least one, each a base of the tenant. */
const scopeBases = async (db: Db, input: ScopeInput): Promise<number[]> => {
  if (input.dataScope !== 'bases') return [];
  if (input.baseIds.length === 0) throw AccessErrors.scopeBasesRequired();
  const found = await repo.existingBaseIds(db, input.baseIds);
  const missing = input.baseIds.find((id) => !found.has(id));
  if (missing !== undefined) throw AccessErrors.unknownBase({ id: missing });
  return [...new Set(input.baseIds)];
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
   * Built-in roles a release added (the expert role of issue 19) are created in tenants made before it, at
   * start-up (db must be a transaction set to the tenant). Existing roles are left as their tenant edited them.
   */
  static async addMissingSeededRoles(db: Db, tenantId: number): Promise<number> {
    let added = 0;
    for (const def of SEEDED_ROLES) {
      if (await repo.findRoleByCode(db, def.code)) continue;
      const role = await repo.insertRole(db, tenantId, {
        code: def.code,
        nameZh: def.name['zh-CN'],
        nameEn: def.name['en-US'],
        builtIn: true,
        createdBy: null,
      });
      await repo.setRolePermissions(db, tenantId, role.id, codesOf(def.permissions));
      added += 1;
    }
    if (added > 0) forgetTenantPermissions(tenantId);
    return added;
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

  /**
   * Refuses a change that would leave the tenant without an enabled administrator other than `userId`
   * (disable, remove, or losing the role). Locks the administrator role row first, so two concurrent
   * changes are judged one after the other. db must be the tenant's transaction.
   */
  static async ensureAnotherAdmin(db: Db, tenantId: number, userId: number): Promise<void> {
    const adminId = await repo.lockAdminRole(db);
    if (adminId === undefined) return;
    const holds = (await repo.rolesOfUsers(db, [userId])).some((r) => r.roleId === adminId);
    if (holds && (await repo.countEnabledHolders(db, tenantId, adminId, userId)) === 0) {
      throw AccessErrors.lastAdmin();
    }
  }

  /** Sets a member's roles (ids checked against the tenant's roles) and guards the last administrator. */
  static async setMemberRoles(db: Db, tenantId: number, userId: number, roleIds: readonly number[]) {
    const all = await repo.listRoles(db);
    for (const id of roleIds) if (!all.some((r) => r.id === id)) throw AccessErrors.roleNotFound();
    const admin = all.find((r) => r.code === 'tenant-admin');
    if (admin && !roleIds.includes(admin.id)) await AccessService.ensureAnotherAdmin(db, tenantId, userId);
    await repo.setUserRoles(db, tenantId, userId, roleIds);
    forgetTenantPermissions(tenantId);
  }

  /** Drops every role of a member leaving the tenant (the caller checked the last administrator). */
  static async dropMemberRoles(db: Db, tenantId: number, userId: number): Promise<void> {
    await repo.deleteUserRoles(db, userId);
    forgetTenantPermissions(tenantId);
  }

  /** Roles of members, with names, for the user list (db set to the tenant). */
  static rolesOfUsers(db: Db, userIds: readonly number[]) {
    return repo.rolesOfUsers(db, userIds);
  }

  /** The tenant's roles (id, code, both names) for lookups by name (the import). */
  static async roleNames(db: Db) {
    return (await repo.listRoles(db)).map((r) => ({
      id: r.id,
      code: r.code,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
    }));
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
      dataScope: r.dataScope,
      baseIds: r.baseIds,
      holderCount: r.holderCount,
      objectVersionNumber: r.objectVersionNumber,
    }));
  }

  private async roleView(ctx: Ctx, id: number) {
    const found = (await this.listRoles(ctx)).find((r) => r.id === id);
    if (!found) throw AccessErrors.roleNotFound();
    return found;
  }

  async createRole(
    ctx: Ctx,
    input: {
      code: string;
      nameZh: string;
      nameEn: string;
      permissions: string[];
      copiedFrom?: string;
    } & Partial<ScopeInput>,
  ) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.create');
    requireTenant(ctx);
    checkCodes(input.permissions);
    const scope = { dataScope: input.dataScope ?? 'all', baseIds: input.baseIds ?? [] };
    const bases = await scopeBases(ctx.db, scope);
    if (await repo.findRoleByCode(ctx.db, input.code)) throw AccessErrors.roleCodeExists();
    const role = await repo.insertRole(ctx.db, ctx.tenantId, {
      code: input.code,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      builtIn: false,
      createdBy: ctx.user.id,
      dataScope: scope.dataScope,
    });
    await repo.setRolePermissions(ctx.db, ctx.tenantId, role.id, input.permissions);
    await repo.setRoleBases(ctx.db, ctx.tenantId, role.id, bases);
    forgetTenantPermissions(ctx.tenantId);
    await recordAudit(ctx, {
      action: input.copiedFrom ? 'role.copy' : 'role.create',
      targetType: 'role',
      targetId: role.id,
      targetName: input.nameZh,
      after: {
        code: input.code,
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        ...(input.copiedFrom ? { copiedFrom: input.copiedFrom } : {}),
        permissionCount: input.permissions.length,
      },
    });
    return this.roleView(ctx, role.id);
  }

  /** A new, not built-in role with the codes of another (a copy of the administrator is an ordinary role). */
  async copyRole(ctx: Ctx, id: number, input: { code: string; nameZh: string; nameEn: string }) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.create');
    requireTenant(ctx);
    const source = (await repo.listRoles(ctx.db)).find((r) => r.id === id);
    if (!source) throw AccessErrors.roleNotFound();
    return this.createRole(ctx, {
      ...input,
      permissions: source.permissions,
      dataScope: source.dataScope,
      baseIds: source.baseIds,
      copiedFrom: source.code,
    });
  }

  /**
   * Renames a role and sets its codes. Built-in roles may be renamed (their code stays); the tenant
   * administrator role always holds the whole catalogue, so it can never lose user or role administration.
   */
  async updateRole(
    ctx: Ctx,
    input: {
      id: number;
      nameZh: string;
      nameEn: string;
      permissions: string[];
      objectVersionNumber: number;
    } & Partial<ScopeInput>,
  ) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.edit');
    requireTenant(ctx);
    checkCodes(input.permissions);
    const existing = (await repo.listRoles(ctx.db)).find((r) => r.id === input.id);
    if (!existing) throw AccessErrors.roleNotFound();
    const scope = { dataScope: input.dataScope ?? 'all', baseIds: input.baseIds ?? [] };
    // No lock-out: the administrators keep every base, as they keep every code.
    if (existing.code === 'tenant-admin' && scope.dataScope !== 'all') throw AccessErrors.adminScope();
    const bases = await scopeBases(ctx.db, scope);
    const updated = await repo.updateRole(ctx.db, input.id, input.objectVersionNumber, {
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      dataScope: scope.dataScope,
      lastUpdatedBy: ctx.user.id,
    });
    if (!updated) throw CommonErrors.stale();
    const codes = existing.code === 'tenant-admin' ? PERMISSION_CODES : input.permissions;
    await repo.setRolePermissions(ctx.db, ctx.tenantId, input.id, codes);
    await repo.setRoleBases(ctx.db, ctx.tenantId, input.id, bases);
    forgetTenantPermissions(ctx.tenantId);
    // Only the codes that changed, not both whole lists (the administrator holds the whole catalogue).
    const { added, removed } = codeChanges(existing.permissions, codes);
    await recordAudit(ctx, {
      action: added.length + removed.length > 0 ? 'role.permissions' : 'role.update',
      targetType: 'role',
      targetId: input.id,
      targetName: input.nameZh,
      before: {
        nameZh: existing.nameZh,
        nameEn: existing.nameEn,
        permissions: removed,
        dataScope: existing.dataScope,
        baseIds: existing.baseIds,
      },
      after: {
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        permissions: added,
        dataScope: scope.dataScope,
        baseIds: bases,
      },
    });
    return this.roleView(ctx, input.id);
  }

  /** Deletes a custom role nobody holds; the refusal names up to five holders. */
  async deleteRole(ctx: Ctx, id: number) {
    requireAccess(ctx, 'wfpf.company.system.role.ps.delete');
    requireTenant(ctx);
    const existing = (await repo.listRoles(ctx.db)).find((r) => r.id === id);
    if (!existing) throw AccessErrors.roleNotFound();
    if (existing.builtIn) throw AccessErrors.builtInRole();
    if (existing.holderCount > 0) {
      const names = await repo.roleHolderNames(ctx.db, id, 5);
      const more = existing.holderCount > names.length ? ', …' : '';
      throw AccessErrors.roleInUse({ count: existing.holderCount, names: names.join(', ') + more });
    }
    await repo.deleteRole(ctx.db, id);
    forgetTenantPermissions(ctx.tenantId);
    await recordAudit(ctx, {
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      targetName: existing.nameZh,
      before: {
        code: existing.code,
        nameZh: existing.nameZh,
        nameEn: existing.nameEn,
        permissionCount: existing.permissions.length,
      },
    });
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
    if (!(await hasMembership(ctx.db, ctx.tenantId, userId))) throw AccessErrors.userNotMember();
    const before = await repo.rolesOfUsers(ctx.db, [userId]);
    await AccessService.setMemberRoles(ctx.db, ctx.tenantId, userId, roleIds);
    const after = (await repo.listMembers(ctx.db, ctx.tenantId)).find((m) => m.userId === userId);
    await recordAudit(ctx, {
      action: 'user.roles',
      targetType: 'user',
      targetId: userId,
      targetName: after?.realName || after?.loginName,
      before: { roles: before.map((r) => r.nameZh) },
      after: { roles: (await repo.rolesOfUsers(ctx.db, [userId])).map((r) => r.nameZh) },
    });
    return after;
  }
}
