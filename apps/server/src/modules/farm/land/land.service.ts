import type { Page } from '@tilth/contracts/common.types';
import type {
  Land,
  LandBoundary,
  LandCreateBody,
  LandDeleteBody,
  LandFreeBody,
  LandHistoryItem,
  LandListQuery,
  LandUpdateBody,
} from '@tilth/contracts/land.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { AreaErrors, findBase } from '../area/index.js';
import {
  closeGrowingBatches,
  detachBatches,
  growingBatches,
  moveBatchesToBase,
  type PlotBatch,
  plotHistory,
} from '../batch/index.js';
import { GeometryError, MAX_POSITIONS, measurePolygon } from './geometry.js';
import { LandErrors } from './land.errors.js';
import {
  deleteLand,
  findClash,
  findLand,
  insertLand,
  type LandConflict,
  type LandRow,
  type LandValues,
  type LandView,
  listLands,
  unboundLands,
  updateLand,
  type WriteResult,
} from './land.repository.js';
import type { Ring } from './land.tables.js';
import { lockPlots } from './plot.lock.js';

/** Access of the plot calls (spec 03 §6: edit and delete gated by …land.ps.edit / .delete). */
export const LAND_ACCESS = {
  read: 'wfpf.farm.farm.land',
  create: 'wfpf.farm.farm.land.ps.create',
  edit: 'wfpf.farm.farm.land.ps.edit',
  delete: 'wfpf.farm.farm.land.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const num = (v: string | null): number | null => (v === null ? null : Number(v));

const toCurrent = (b: PlotBatch | undefined): Land['currentBatch'] =>
  b
    ? {
        batchId: b.batchId,
        batchCode: b.batchCode,
        batchName: b.batchName,
        cropName: b.cropName,
        varietyName: b.varietyName,
        startDate: b.startDate,
      }
    : null;

export const toLand = (r: LandView, current: PlotBatch | undefined): Land => ({
  landId: r.id,
  landName: r.landName,
  landNum: r.landNum,
  areaId: r.areaId,
  areaName: r.areaName,
  boundary: r.boundary,
  landCenter: r.landCenter,
  areaM2: num(r.areaM2),
  areaMu: num(r.areaMu),
  landUsage: r.landUsage,
  soilType: r.soilType,
  description: r.description,
  enabledFlag: r.enabledFlag === 1 ? 1 : 0,
  currentBatch: toCurrent(current),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const toHistoryItem = (b: PlotBatch): LandHistoryItem => ({
  batchId: b.batchId,
  batchCode: b.batchCode,
  batchName: b.batchName,
  batchType: b.batchType,
  cropName: b.cropName,
  varietyName: b.varietyName,
  plantingStandard: b.plantingStandard,
  startDate: b.startDate,
  endDate: b.endDate,
  harvestQuantity: num(b.harvestQuantity),
  unit: b.unit,
  status: b.status,
});

const boundaryError = (e: GeometryError) => {
  const params = { detail: e.message, ring: e.ring, max: MAX_POSITIONS };
  switch (e.problem) {
    case 'position':
      return LandErrors.boundaryPosition(params);
    case 'tooFewPositions':
      return LandErrors.boundaryTooFewPositions(params);
    case 'tooManyPositions':
      return LandErrors.boundaryTooManyPositions(params);
    case 'noArea':
      return LandErrors.boundaryNoArea(params);
    case 'tooLarge':
      return LandErrors.boundaryTooLarge(params);
  }
};

type Shape = Pick<LandValues, 'boundary' | 'areaM2' | 'areaMu' | 'landCenter'>;

/** Closes and measures a boundary: area in m² and mu and the centre are the server's, never the client's. */
const shapeOf = (boundary: LandBoundary): Shape => {
  try {
    const m = measurePolygon(boundary);
    return {
      boundary: m.polygon as Ring[],
      areaM2: m.areaM2.toFixed(2),
      areaMu: m.areaMu.toFixed(4),
      landCenter: m.center,
    };
  } catch (e) {
    if (e instanceof GeometryError) throw boundaryError(e);
    throw e;
  }
};

const noShape = (center: string | null): Shape => ({
  boundary: null,
  areaM2: null,
  areaMu: null,
  landCenter: center,
});

const clashError = (kind: LandConflict, v: { landName: string; landNum: string | null }) =>
  kind === 'name'
    ? LandErrors.nameExists({ name: v.landName })
    : LandErrors.numExists({ num: v.landNum ?? '' });

export class LandService {
  async list(ctx: Ctx, q: LandListQuery): Promise<Page<Land>> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listLands(
      ctx.db,
      ctx.tenantId,
      {
        areaId: q.areaId,
        landName: q.landName?.trim() || undefined,
        landUsage: q.landUsage,
        bound: q.bound,
        enabledFlag: q.enabledFlag,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(await this.withBatches(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Land> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.read);
    return this.load(ctx, id);
  }

  /** Plots of base areaId with no growing batch (the batch form's plot picker); enabled plots only. */
  async unbound(ctx: Ctx, areaId: number): Promise<Land[]> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.read);
    if (!(await findBase(ctx.db, ctx.tenantId, areaId))) throw AreaErrors.notFound();
    return (await unboundLands(ctx.db, ctx.tenantId, areaId)).map((r) => toLand(r, undefined));
  }

  /** What was grown when: the batches of a plot, latest start first. */
  async history(ctx: Ctx, landId: number): Promise<LandHistoryItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.read);
    if (!(await findLand(ctx.db, ctx.tenantId, landId))) throw LandErrors.notFound();
    return (await plotHistory(ctx.db, ctx.tenantId, landId, ctx.lang)).map(toHistoryItem);
  }

  async create(ctx: Ctx, body: LandCreateBody): Promise<Land> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.create);
    await lockPlots(ctx.db, ctx.tenantId);
    const base = await findBase(ctx.db, ctx.tenantId, body.areaId);
    if (!base) throw LandErrors.areaNotFound();
    const shape = body.boundary ? shapeOf(body.boundary) : noShape(body.landCenter ?? null);
    const values: LandValues = {
      areaId: base.id,
      landName: body.landName,
      landNum: body.landNum ?? null,
      ...shape,
      landUsage: body.landUsage ?? (base.areaUsage === 'nurture' ? 'nurture' : 'plant'),
      soilType: body.soilType ?? null,
      description: body.description ?? null,
      enabledFlag: body.enabledFlag ?? 1,
    };
    const clash = await findClash(ctx.db, ctx.tenantId, values);
    if (clash) throw clashError(clash, values);
    const row = this.written(await insertLand(ctx.db, ctx.tenantId, ctx.user.id, values), values);
    return this.load(ctx, row.id);
  }

  async update(ctx: Ctx, body: LandUpdateBody): Promise<Land> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.edit);
    await lockPlots(ctx.db, ctx.tenantId);
    const current = await findLand(ctx.db, ctx.tenantId, body.landId);
    if (!current) throw LandErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<LandValues> = { landName: body.landName };
    if (body.areaId !== undefined && body.areaId !== current.areaId) {
      if (!(await findBase(ctx.db, ctx.tenantId, body.areaId))) throw LandErrors.areaNotFound();
      changes.areaId = body.areaId;
    }
    if (body.landNum !== undefined) changes.landNum = body.landNum;
    if (body.boundary !== undefined) {
      Object.assign(
        changes,
        body.boundary === null
          ? noShape(body.landCenter === undefined ? current.landCenter : body.landCenter)
          : shapeOf(body.boundary),
      );
    } else if (body.landCenter !== undefined && current.boundary === null) {
      // A plot with a boundary keeps the computed centre.
      changes.landCenter = body.landCenter;
    }
    if (body.soilType !== undefined) changes.soilType = body.soilType;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabledFlag !== undefined) changes.enabledFlag = body.enabledFlag;
    if (body.landUsage !== undefined && body.landUsage !== current.landUsage) {
      const [growing] = await growingBatches(ctx.db, ctx.tenantId, [current.id]);
      if (growing && growing.batchType !== body.landUsage) throw LandErrors.usageInUse();
      changes.landUsage = body.landUsage;
    }
    const merged = {
      areaId: changes.areaId ?? current.areaId,
      landName: body.landName,
      landNum: changes.landNum === undefined ? current.landNum : changes.landNum,
    };
    const clash = await findClash(ctx.db, ctx.tenantId, merged, current.id);
    if (clash) throw clashError(clash, merged);
    const res = await updateLand(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    const row = this.written(res, merged);
    // A batch's base is its plot's base.
    if (changes.areaId !== undefined) {
      await moveBatchesToBase(ctx.db, ctx.tenantId, row.id, changes.areaId, ctx.user.id);
    }
    return this.load(ctx, row.id);
  }

  /** Deletes a plot with no growing batch; its past batches stay on the base, unbound. */
  async remove(ctx: Ctx, body: LandDeleteBody): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.delete);
    await lockPlots(ctx.db, ctx.tenantId);
    const current = await findLand(ctx.db, ctx.tenantId, body.landId);
    if (!current) throw LandErrors.notFound();
    const version = body.objectVersionNumber;
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    const [growing] = await growingBatches(ctx.db, ctx.tenantId, [current.id]);
    if (growing) throw LandErrors.inUse({ batch: growing.batchName });
    await detachBatches(ctx.db, ctx.tenantId, current.id, ctx.user.id);
    if (!(await deleteLand(ctx.db, ctx.tenantId, current.id, version))) throw CommonErrors.stale();
    return { success: true };
  }

  /**
   * Frees a plot: the growing batch on it ends (status closed, end date today unless one was set) and
   * stays in the plot's history. A plot with no growing batch is answered as it is.
   */
  async free(ctx: Ctx, body: LandFreeBody): Promise<Land> {
    requireTenant(ctx);
    requireAccess(ctx, LAND_ACCESS.edit);
    await lockPlots(ctx.db, ctx.tenantId);
    const current = await findLand(ctx.db, ctx.tenantId, body.landId);
    if (!current) throw LandErrors.notFound();
    await closeGrowingBatches(ctx.db, ctx.tenantId, current.id, ctx.user.id, today(ctx.timeZone));
    return toLand(current, undefined);
  }

  private async load(ctx: TenantCtx, id: number): Promise<Land> {
    const row = await findLand(ctx.db, ctx.tenantId, id);
    if (!row) throw LandErrors.notFound();
    const [land] = await this.withBatches(ctx, [row]);
    if (!land) throw LandErrors.notFound();
    return land;
  }

  private async withBatches(ctx: TenantCtx, rows: LandView[]): Promise<Land[]> {
    const growing = await growingBatches(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
      ctx.lang,
    );
    const byLand = new Map<number, PlotBatch>();
    for (const b of growing) if (!byLand.has(b.landId)) byLand.set(b.landId, b);
    return rows.map((r) => toLand(r, byLand.get(r.id)));
  }

  private written(res: WriteResult, v: { landName: string; landNum: string | null }): LandRow {
    if ('conflict' in res) throw clashError(res.conflict, v);
    return res.row;
  }
}
