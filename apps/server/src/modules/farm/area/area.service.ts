import type {
  Area,
  AreaCreateBody,
  AreaDeleteBody,
  AreaListQuery,
  AreaUpdateBody,
} from '@tilth/contracts/area.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import {
  deleteUnit,
  findRoot,
  insertUnit,
  isSelfOrDescendant,
  lockUnits,
  makeDefaultBase,
  type UnitDeleteCheck,
  type UnitValues,
  updateUnit,
} from '../../identity/organization/index.js';
import type { TenantService } from '../../identity/tenant/index.js';
import { AreaErrors } from './area.errors.js';
import {
  type AreaConflict,
  type AreaRow,
  countAreas,
  countChildren,
  countPlots,
  FARM_BASE,
  findArea,
  findBase,
  findClash,
  listAreas,
  oldestArea,
  type WriteResult,
} from './area.repository.js';

/** Access of the base calls. Reading is open to every member: the shell's base selector needs it. */
export const AREA_ACCESS = {
  read: 'authenticated',
  create: 'wfpf.farm.farm.base.ps.create',
  edit: 'wfpf.farm.farm.base.ps.edit',
  delete: 'wfpf.farm.farm.base.ps.delete',
  /** Holders of any of these administer every base of the tenant (GET …/area/admin). */
  administer: [
    'wfpf.farm.farm.base.ps.create',
    'wfpf.farm.farm.base.ps.edit',
    'wfpf.farm.farm.base.ps.delete',
    'wfpf.company.system.basemanage',
  ],
} as const satisfies Record<string, 'authenticated' | PermissionCode | readonly PermissionCode[]>;

/** What the audit log keeps of a base. */
const loggedBase = (
  r: Pick<
    AreaRow,
    'areaName' | 'areaNum' | 'areaSize' | 'areaUsage' | 'organizationType' | 'parentId' | 'defaultFlag'
  >,
) => ({
  name: r.areaName,
  number: r.areaNum,
  size: r.areaSize,
  usage: r.areaUsage,
  organizationType: r.organizationType,
  parentId: r.parentId,
  defaultFlag: r.defaultFlag,
});

/** Where a base may hang (spec 03 §5): under the enterprise or a company. */
const BASE_PARENTS = ['enterprise', 'company'];

/** Farm's delete rule for units of the tree (registered with organization in app/server.ts). */
export const basePlotsCheck: UnitDeleteCheck = async (db: Db, tenantId: number, unit) => {
  if (unit.organizationType !== FARM_BASE) return undefined;
  return (await countPlots(db, tenantId, unit.id)) > 0 ? AreaErrors.hasPlots() : undefined;
};

type AreaValues = Omit<UnitValues, 'headUserId' | 'sort'>;

/** The base API shows the enterprise root as "no parent" (bases were top-level before the tree). */
export const toArea = (r: AreaRow, rootId?: number): Area => ({
  areaId: r.id,
  areaName: r.areaName,
  areaNum: r.areaNum,
  areaCenter: r.areaCenter,
  areaSize: r.areaSize === null ? null : Number(r.areaSize),
  defaultFlag: r.defaultFlag === 1 ? 1 : 0,
  organizationType: r.organizationType,
  parentId: r.parentId === rootId ? null : r.parentId,
  areaUsage: r.areaUsage,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const sizeText = (n: number | null): string | null => (n === null ? null : n.toFixed(2));

const clashError = (kind: AreaConflict, v: { areaName: string; areaNum: string | null }) =>
  kind === 'name'
    ? AreaErrors.nameExists({ name: v.areaName })
    : AreaErrors.numExists({ num: v.areaNum ?? '' });

/** Tenants' enterprise roots remembered per service (per server): at most this many. */
const ROOTS_MAX = 10_000;

export class AreaService {
  /**
   * Tenant → the id of its enterprise root, which never changes once made (organization refuses to edit
   * or delete it): every base answer needs it, and asking once saves a statement per request. Only a found
   * root is kept, so a tenant given its root later is asked again.
   */
  private readonly roots = new Map<number, number>();

  constructor(private readonly tenants: TenantService) {}

  async list(ctx: Ctx, q: AreaListQuery): Promise<Page<Area>> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.read);
    const filter = {
      areaName: q.areaName?.trim() || undefined,
      organizationType: q.organizationType || undefined,
    };
    const all = q.size === 0;
    const { rows, total } = await listAreas(
      ctx.db,
      ctx.tenantId,
      filter,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const rootId = await this.rootId(ctx);
    return pageAnswer(
      rows.map((r) => toArea(r, rootId)),
      total,
      q,
    );
  }

  async get(ctx: Ctx, id: number): Promise<Area> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.read);
    const row = await findArea(ctx.db, ctx.tenantId, id);
    if (!row) throw AreaErrors.notFound();
    return toArea(row, await this.rootId(ctx));
  }

  /** Every base for those who administer bases; nothing for the others (there is no per-base admin). */
  async administered(ctx: Ctx): Promise<Area[]> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.read);
    if (!AREA_ACCESS.administer.some((c) => ctx.permissions.has(c))) return [];
    const rootId = await this.rootId(ctx);
    return (await listAreas(ctx.db, ctx.tenantId, {})).rows.map((r) => toArea(r, rootId));
  }

  /** Makes this base the tenant's only default. */
  async setDefault(ctx: Ctx, areaId: number): Promise<Area> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.read);
    await lockUnits(ctx.db, ctx.tenantId);
    if (!(await findArea(ctx.db, ctx.tenantId, areaId))) throw AreaErrors.notFound();
    const row = await makeDefaultBase(ctx.db, ctx.tenantId, areaId, ctx.user.id);
    if (!row) throw AreaErrors.notFound();
    return toArea(row, await this.rootId(ctx));
  }

  async create(ctx: Ctx, body: AreaCreateBody): Promise<Area> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.create);
    await lockUnits(ctx.db, ctx.tenantId);
    const rootId = await this.rootId(ctx);
    // No parent: under the enterprise root.
    const parentId = body.parentId ?? rootId ?? null;
    if (parentId !== null && parentId !== rootId) await this.checkParent(ctx, undefined, parentId);
    const first = (await countAreas(ctx.db, ctx.tenantId)) === 0;
    const values: AreaValues = {
      areaName: body.areaName,
      areaNum: body.areaNum ?? null,
      areaCenter: body.areaCenter ?? null,
      areaSize: sizeText(body.areaSize ?? null),
      organizationType: body.organizationType,
      parentId,
      areaUsage: body.areaUsage,
      // The first base of a tenant is its default whatever was asked.
      defaultFlag: first || body.defaultFlag === 1 ? 1 : 0,
    };
    const clash = await findClash(ctx.db, ctx.tenantId, values);
    if (clash) throw clashError(clash, values);
    const row = this.written(
      await insertUnit(ctx.db, ctx.tenantId, ctx.user.id, { ...values, headUserId: null, sort: 0 }),
      values,
    );
    if (row.defaultFlag === 1) await makeDefaultBase(ctx.db, ctx.tenantId, row.id, ctx.user.id);
    // The beginner's guide ends with the first base, even if its unlock call never arrives.
    if (first) await this.tenants.noviceUnlock(ctx);
    await recordAudit(ctx, {
      action: 'base.create',
      targetType: 'base',
      targetId: row.id,
      targetName: row.areaName,
      after: loggedBase(row),
    });
    return toArea(row, rootId);
  }

  async update(ctx: Ctx, body: AreaUpdateBody): Promise<Area> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.edit);
    await lockUnits(ctx.db, ctx.tenantId);
    const rootId = await this.rootId(ctx);
    const current = await findArea(ctx.db, ctx.tenantId, body.areaId);
    if (!current) throw AreaErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (body.defaultFlag === 0 && current.defaultFlag === 1) throw AreaErrors.defaultRequired();
    if (body.parentId && body.parentId !== rootId) await this.checkParent(ctx, current.id, body.parentId);
    const changes: Partial<AreaValues> = { areaName: body.areaName };
    if (body.areaNum !== undefined) changes.areaNum = body.areaNum;
    if (body.areaCenter !== undefined) changes.areaCenter = body.areaCenter;
    if (body.areaSize !== undefined) changes.areaSize = sizeText(body.areaSize);
    if (body.organizationType !== undefined) changes.organizationType = body.organizationType;
    if (body.parentId !== undefined) changes.parentId = body.parentId ?? rootId ?? null;
    if (body.areaUsage !== undefined) changes.areaUsage = body.areaUsage;
    if (body.defaultFlag === 1) changes.defaultFlag = 1;
    const merged = {
      areaName: body.areaName,
      organizationType: changes.organizationType ?? current.organizationType,
      areaNum: changes.areaNum === undefined ? current.areaNum : changes.areaNum,
    };
    const clash = await findClash(ctx.db, ctx.tenantId, merged, current.id);
    if (clash) throw clashError(clash, merged);
    const res = await updateUnit(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    // The lock makes a lost race unlikely; the versioned UPDATE still refuses a stale write.
    if (!res) throw CommonErrors.stale();
    const row = this.written(res, merged);
    if (changes.defaultFlag === 1) await makeDefaultBase(ctx.db, ctx.tenantId, row.id, ctx.user.id);
    await recordAudit(ctx, {
      action: 'base.update',
      targetType: 'base',
      targetId: row.id,
      targetName: row.areaName,
      before: loggedBase(current),
      after: loggedBase(row),
    });
    return toArea(row, rootId);
  }

  /** Deletes a base; when it was the default, the oldest remaining base becomes the default. */
  async remove(ctx: Ctx, body: AreaDeleteBody): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, AREA_ACCESS.delete);
    await lockUnits(ctx.db, ctx.tenantId);
    const current = await findArea(ctx.db, ctx.tenantId, body.areaId);
    if (!current) throw AreaErrors.notFound();
    const version = body.objectVersionNumber;
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if ((await countChildren(ctx.db, ctx.tenantId, current.id)) > 0) throw AreaErrors.hasChildren();
    if ((await countPlots(ctx.db, ctx.tenantId, current.id)) > 0) throw AreaErrors.hasPlots();
    if (!(await deleteUnit(ctx.db, ctx.tenantId, current.id, version))) throw CommonErrors.stale();
    if (current.defaultFlag === 1) {
      const next = await oldestArea(ctx.db, ctx.tenantId);
      if (next) await makeDefaultBase(ctx.db, ctx.tenantId, next.id, ctx.user.id);
    }
    await recordAudit(ctx, {
      action: 'base.delete',
      targetType: 'base',
      targetId: current.id,
      targetName: current.areaName,
      before: loggedBase(current),
    });
    return { success: true };
  }

  /**
   * The parent must be a unit of this tenant that may hold a base (spec 03 §5), and not the base itself or
   * one under it (one recursive query, under the unit lock).
   */
  private async checkParent(ctx: TenantCtx, selfId: number | undefined, parentId: number): Promise<void> {
    const parent = await findBase(ctx.db, ctx.tenantId, parentId);
    if (!parent) throw AreaErrors.parentNotFound();
    if (selfId !== undefined && (await isSelfOrDescendant(ctx.db, ctx.tenantId, selfId, parentId))) {
      throw AreaErrors.parentCycle();
    }
    if (!BASE_PARENTS.includes(parent.organizationType)) throw AreaErrors.parentType();
  }

  private async rootId(ctx: TenantCtx): Promise<number | undefined> {
    const known = this.roots.get(ctx.tenantId);
    if (known !== undefined) return known;
    const id = (await findRoot(ctx.db, ctx.tenantId))?.id;
    if (id !== undefined) {
      if (this.roots.size >= ROOTS_MAX) this.roots.clear();
      this.roots.set(ctx.tenantId, id);
    }
    return id;
  }

  private written(res: WriteResult, v: { areaName: string; areaNum: string | null }): AreaRow {
    if ('conflict' in res) throw clashError(res.conflict, v);
    return res.row;
  }
}
