import {
  mayContain,
  mayHaveStaff,
  type OrgMember,
  type OrgTreeNode,
  type OrgUnitCreateBody,
  type OrgUnitMoveBody,
  type OrgUnitUpdateBody,
  type UserUnit,
} from '@tilth/contracts/organization.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { forgetTenantScopes } from '../../../platform/auth/access-cache.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../audit/index.js';
import { isTenantMember } from '../identity/index.js';
import { deleteLegalData } from './corporation.repository.js';
import { OrganizationErrors } from './organization.errors.js';
import { unitDeleteRefusal } from './organization.ports.js';
import {
  countChildUnits,
  countStaff,
  deleteUnit,
  ENTERPRISE,
  findUnit,
  findUnits,
  hasBase,
  insertUnit,
  isSelfOrDescendant,
  listStaff,
  listUnitsForTree,
  lockUnits,
  makeDefaultBase,
  membersAmong,
  oldestBase,
  setStaff,
  setUnitsOfUser,
  type TreeRow,
  tenantMembers,
  type UnitRow,
  type UnitWrite,
  unitsOfUser,
  updateUnit,
} from './organization.repository.js';

export const ORG_ACCESS = {
  read: 'wfpf.company.system.organization',
  create: 'wfpf.company.system.organization.ps.create',
  edit: 'wfpf.company.system.organization.ps.edit',
  delete: 'wfpf.company.system.organization.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const BASE = 'area';

const toNode = (r: TreeRow): OrgTreeNode => ({
  id: r.id,
  name: r.areaName,
  organizationType: r.organizationType,
  parentId: r.parentId,
  headUserId: r.headUserId,
  headName: r.headName,
  sort: r.sort,
  staffCount: r.staffCount,
  objectVersionNumber: r.objectVersionNumber,
  children: [],
});

/** Nests the rows under their parents (rows come in sort order); parentless rows are the roots. */
export const nest = (rows: TreeRow[]): OrgTreeNode[] => {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
  const roots: OrgTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as OrgTreeNode;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** The error of a child type refused under a parent type (spec 03 §5 wording). */
export const placementError = (childType: string) =>
  childType === 'department' ? OrganizationErrors.departmentParent() : OrganizationErrors.companyParent();

/** What the audit log keeps of a unit. */
const loggedUnit = (u: UnitRow) => ({
  name: u.areaName,
  organizationType: u.organizationType,
  parentId: u.parentId,
  headUserId: u.headUserId,
});

/** A rename or a head change reads as such in the log; anything more is an edit. */
const updateAction = (before: UnitRow, after: UnitRow): string => {
  const name = before.areaName !== after.areaName;
  const head = before.headUserId !== after.headUserId;
  if (name && !head) return 'unit.rename';
  if (head && !name) return 'unit.head';
  return 'unit.update';
};

const written = (res: UnitWrite | undefined, name: string): UnitRow => {
  if (!res) throw CommonErrors.stale();
  if ('conflict' in res) throw OrganizationErrors.nameExists({ name });
  return res.row;
};

/** The organisation tree: units, heads, staff (ADR 0011; rules of spec 03 §5). */
export class OrganizationService {
  async tree(ctx: Ctx): Promise<OrgTreeNode[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.read);
    return nest(await listUnitsForTree(ctx.db, ctx.tenantId));
  }

  async create(ctx: Ctx, body: OrgUnitCreateBody): Promise<OrgTreeNode> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.create);
    const row = await this.insertChecked(ctx, body);
    await recordAudit(ctx, {
      action: 'unit.create',
      targetType: 'unit',
      targetId: row.id,
      targetName: row.areaName,
      after: loggedUnit(row),
    });
    return this.node(ctx, row.id);
  }

  /** Creates a unit under a parent, by the rules (corporation creation shares it). */
  async insertChecked(ctx: TenantCtx, body: OrgUnitCreateBody): Promise<UnitRow> {
    await lockUnits(ctx.db, ctx.tenantId);
    forgetTenantScopes(ctx.tenantId);
    const parent = await findUnit(ctx.db, ctx.tenantId, body.parentId);
    if (!parent) throw OrganizationErrors.parentNotFound();
    if (!mayContain(parent.organizationType, body.organizationType)) {
      throw placementError(body.organizationType);
    }
    const head = body.headUserId ?? null;
    if (head !== null) await this.checkHead(ctx, head);
    // A tenant's first base is its default (the base API's rule, whichever screen adds it).
    const firstBase = body.organizationType === BASE && !(await hasBase(ctx.db, ctx.tenantId));
    const row = written(
      await insertUnit(ctx.db, ctx.tenantId, ctx.user.id, {
        areaName: body.name,
        areaNum: null,
        areaCenter: null,
        areaSize: null,
        organizationType: body.organizationType,
        parentId: parent.id,
        areaUsage: 'plant',
        defaultFlag: firstBase ? 1 : 0,
        headUserId: head,
        sort: body.sort ?? 0,
      }),
      body.name,
    );
    return row;
  }

  async update(ctx: Ctx, body: OrgUnitUpdateBody): Promise<OrgTreeNode> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.edit);
    const current = await findUnit(ctx.db, ctx.tenantId, body.id);
    if (!current) throw OrganizationErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (body.headUserId) await this.checkHead(ctx, body.headUserId);
    const changes: { areaName: string; headUserId?: number | null; sort?: number } = { areaName: body.name };
    if (body.headUserId !== undefined) changes.headUserId = body.headUserId;
    if (body.sort !== undefined) changes.sort = body.sort;
    const after = written(
      await updateUnit(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, changes),
      body.name,
    );
    await recordAudit(ctx, {
      action: updateAction(current, after),
      targetType: 'unit',
      targetId: current.id,
      targetName: after.areaName,
      before: { name: current.areaName, headUserId: current.headUserId, sort: current.sort },
      after: { name: after.areaName, headUserId: after.headUserId, sort: after.sort },
    });
    return this.node(ctx, current.id);
  }

  /** Moves a unit under another; the cycle check runs in SQL under the tenant's unit lock. */
  async move(ctx: Ctx, body: OrgUnitMoveBody): Promise<OrgTreeNode> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.edit);
    await lockUnits(ctx.db, ctx.tenantId);
    forgetTenantScopes(ctx.tenantId);
    const current = await findUnit(ctx.db, ctx.tenantId, body.id);
    if (!current) throw OrganizationErrors.notFound();
    if (current.organizationType === ENTERPRISE) throw OrganizationErrors.enterpriseFixed();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const parent = await findUnit(ctx.db, ctx.tenantId, body.parentId);
    if (!parent) throw OrganizationErrors.parentNotFound();
    if (await isSelfOrDescendant(ctx.db, ctx.tenantId, current.id, parent.id)) {
      throw OrganizationErrors.cycle();
    }
    if (!mayContain(parent.organizationType, current.organizationType)) {
      throw placementError(current.organizationType);
    }
    const changes: { parentId: number; sort?: number } = { parentId: parent.id };
    if (body.sort !== undefined) changes.sort = body.sort;
    const after = written(
      await updateUnit(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, changes),
      current.areaName,
    );
    await recordAudit(ctx, {
      action: 'unit.move',
      targetType: 'unit',
      targetId: current.id,
      targetName: current.areaName,
      before: {
        parentId: current.parentId,
        parentName: (await findUnit(ctx.db, ctx.tenantId, current.parentId ?? 0))?.areaName ?? null,
        sort: current.sort,
      },
      after: { parentId: parent.id, parentName: parent.areaName, sort: after.sort },
    });
    return this.node(ctx, current.id);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.delete);
    const removed = await this.removeChecked(ctx, id);
    await recordAudit(ctx, {
      action: 'unit.delete',
      targetType: 'unit',
      targetId: id,
      targetName: removed.areaName,
      before: loggedUnit(removed),
    });
    return { success: true };
  }

  /** Deletes a unit unless something still hangs on it; the reason names what (corporations share it). */
  async removeChecked(ctx: TenantCtx, id: number, expectType?: string): Promise<UnitRow> {
    await lockUnits(ctx.db, ctx.tenantId);
    forgetTenantScopes(ctx.tenantId);
    const current = await findUnit(ctx.db, ctx.tenantId, id);
    if (!current || (expectType && current.organizationType !== expectType)) {
      throw expectType ? OrganizationErrors.notCompany() : OrganizationErrors.notFound();
    }
    if (current.organizationType === ENTERPRISE) throw OrganizationErrors.enterpriseFixed();
    const name = current.areaName;
    const children = await countChildUnits(ctx.db, ctx.tenantId, id);
    if (children > 0) throw OrganizationErrors.hasChildren({ name, count: children });
    const staff = await countStaff(ctx.db, ctx.tenantId, id);
    if (staff > 0) throw OrganizationErrors.hasStaff({ name, count: staff });
    const refusal = await unitDeleteRefusal(ctx.db, ctx.tenantId, {
      id,
      name,
      organizationType: current.organizationType,
    });
    if (refusal) throw refusal;
    await deleteLegalData(ctx.db, ctx.tenantId, id);
    if (!(await deleteUnit(ctx.db, ctx.tenantId, id))) throw OrganizationErrors.notFound();
    // A deleted default base passes the flag to the oldest base left (the base API's rule).
    if (current.defaultFlag === 1) {
      const next = await oldestBase(ctx.db, ctx.tenantId);
      if (next) await makeDefaultBase(ctx.db, ctx.tenantId, next, ctx.user.id);
    }
    return current;
  }

  /** Who may be a head or staff: the members of the tenant. */
  async candidates(ctx: Ctx): Promise<OrgMember[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.read);
    return tenantMembers(ctx.db, ctx.tenantId);
  }

  async members(ctx: Ctx, unitId: number): Promise<OrgMember[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.read);
    if (!(await findUnit(ctx.db, ctx.tenantId, unitId))) throw OrganizationErrors.notFound();
    return listStaff(ctx.db, ctx.tenantId, unitId);
  }

  async setMembers(ctx: Ctx, unitId: number, userIds: number[]): Promise<OrgMember[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.edit);
    const unit = await findUnit(ctx.db, ctx.tenantId, unitId);
    if (!unit) throw OrganizationErrors.notFound();
    if (userIds.length > 0 && !mayHaveStaff(unit.organizationType)) {
      throw OrganizationErrors.noStaffOnEnterprise();
    }
    const members = await membersAmong(ctx.db, ctx.tenantId, userIds);
    const stranger = userIds.find((u) => !members.has(u));
    if (stranger !== undefined) throw OrganizationErrors.userNotMember({ userId: stranger });
    const before = await listStaff(ctx.db, ctx.tenantId, unitId);
    await setStaff(ctx.db, ctx.tenantId, unitId, userIds);
    forgetTenantScopes(ctx.tenantId);
    const after = await listStaff(ctx.db, ctx.tenantId, unitId);
    await recordAudit(ctx, {
      action: 'unit.members',
      targetType: 'unit',
      targetId: unitId,
      targetName: unit.areaName,
      before: { staff: before.map((m) => m.realName || m.loginName) },
      after: { staff: after.map((m) => m.realName || m.loginName) },
    });
    return after;
  }

  async userUnits(ctx: Ctx, userId: number): Promise<UserUnit[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.read);
    if (!(await isTenantMember(ctx.db, ctx.tenantId, userId))) throw OrganizationErrors.userNotFound();
    return unitsOfUser(ctx.db, ctx.tenantId, userId);
  }

  async setUserUnits(ctx: Ctx, userId: number, unitIds: number[]): Promise<UserUnit[]> {
    requireTenant(ctx);
    requireAccess(ctx, ORG_ACCESS.edit);
    if (!(await isTenantMember(ctx.db, ctx.tenantId, userId))) throw OrganizationErrors.userNotFound();
    const units = new Map((await findUnits(ctx.db, ctx.tenantId, unitIds)).map((u) => [u.id, u]));
    for (const id of unitIds) {
      const unit = units.get(id);
      if (!unit) throw OrganizationErrors.unitsNotFound({ unitId: id });
      if (!mayHaveStaff(unit.organizationType)) throw OrganizationErrors.noStaffOnEnterprise();
    }
    const before = await unitsOfUser(ctx.db, ctx.tenantId, userId);
    await setUnitsOfUser(ctx.db, ctx.tenantId, userId, unitIds);
    forgetTenantScopes(ctx.tenantId);
    const after = await unitsOfUser(ctx.db, ctx.tenantId, userId);
    await recordAudit(ctx, {
      action: 'user.units',
      targetType: 'user',
      targetId: userId,
      before: { units: before.map((u) => u.name) },
      after: { units: after.map((u) => u.name) },
    });
    return after;
  }

  private async checkHead(ctx: TenantCtx, userId: number): Promise<void> {
    if (!(await isTenantMember(ctx.db, ctx.tenantId, userId))) throw OrganizationErrors.headNotMember();
  }

  private async node(ctx: TenantCtx, id: number): Promise<OrgTreeNode> {
    const [row] = await listUnitsForTree(ctx.db, ctx.tenantId, id);
    if (!row) throw OrganizationErrors.notFound();
    return toNode(row);
  }
}
