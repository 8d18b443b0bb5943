import type {
  Batch,
  BatchCreateBody,
  BatchDeleteBody,
  BatchHarvestBody,
  BatchListQuery,
  BatchPlanItem,
  BatchPlanQuery,
  BatchUpdateBody,
} from '@tilth/contracts/batch.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { addDays, today } from '../../../platform/time/zone.js';
import { findBase } from '../area/index.js';
import { findCrop, findVariety } from '../crop/index.js';
import { findPlot, lockPlots, type PlotRef } from '../land/index.js';
import { BatchErrors } from './batch.errors.js';
import {
  type BatchRow,
  type BatchValues,
  type BatchView,
  codesWithPrefix,
  codeTaken,
  deleteBatch,
  findBatch,
  GROWING,
  growingOnPlot,
  insertBatch,
  listBatches,
  planBatches,
  updateBatch,
  type WriteResult,
} from './batch.repository.js';

/** Access of the batch calls; recording a harvest is an edit. */
export const BATCH_ACCESS = {
  read: 'wfpf.farm.farm.batch',
  create: 'wfpf.farm.farm.batch.ps.create',
  edit: 'wfpf.farm.farm.batch.ps.edit',
  delete: 'wfpf.farm.farm.batch.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const qty = (n: number | null | undefined): string | null | undefined =>
  n === undefined ? undefined : n === null ? null : n.toFixed(2);

export const toBatch = (r: BatchView): Batch => ({
  batchId: r.id,
  batchCode: r.batchCode,
  batchName: r.batchName,
  batchType: r.batchType,
  areaId: r.areaId,
  areaName: r.areaName,
  landId: r.landId,
  landName: r.landName,
  cropId: r.cropId,
  cropName: r.cropName,
  varietyId: r.varietyId,
  varietyName: r.varietyName,
  plantingStandard: r.plantingStandard,
  startDate: r.startDate,
  endDate: r.endDate,
  plannedQuantity: num(r.plannedQuantity),
  stockCount: r.stockCount,
  unit: r.unit,
  harvestQuantity: num(r.harvestQuantity),
  harvestDate: r.harvestDate,
  status: r.status,
  description: r.description,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

const toPlanItem = (r: BatchView): BatchPlanItem => ({
  batchId: r.id,
  batchCode: r.batchCode,
  batchName: r.batchName,
  batchType: r.batchType,
  status: r.status,
  areaId: r.areaId,
  areaName: r.areaName,
  landId: r.landId,
  landName: r.landName,
  cropId: r.cropId,
  cropName: r.cropName,
  varietyId: r.varietyId,
  varietyName: r.varietyName,
  plantingStandard: r.plantingStandard,
  startDate: r.startDate,
  endDate: r.endDate,
  expectedEndDate: r.endDate ?? (r.growthDays ? addDays(r.startDate, r.growthDays) : null),
});

/** B + yyyyMMdd + '-' + the day's next serial (3 digits, more after 999). */
const CODE_SERIAL = /^B\d{8}-(\d{1,9})$/;

export class BatchService {
  async list(ctx: Ctx, q: BatchListQuery): Promise<Page<Batch>> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listBatches(
      ctx.db,
      ctx.tenantId,
      ctx.lang,
      {
        areaId: q.areaId,
        landId: q.landId,
        cropId: q.cropId,
        status: q.status,
        batchType: q.batchType,
        batchName: q.batchName?.trim() || undefined,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toBatch), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Batch> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.read);
    return this.load(ctx, id);
  }

  /** The plan (Gantt) view: batches whose period overlaps startDate..endDate, by plot then start. */
  async plan(ctx: Ctx, q: BatchPlanQuery): Promise<BatchPlanItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.read);
    if (q.startDate > q.endDate) throw BatchErrors.dateOrder();
    const rows = await planBatches(ctx.db, ctx.tenantId, ctx.lang, {
      areaId: q.areaId,
      landId: q.landId,
      from: q.startDate,
      to: q.endDate,
    });
    return rows.map(toPlanItem);
  }

  async create(ctx: Ctx, body: BatchCreateBody): Promise<Batch> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.create);
    await lockPlots(ctx.db, ctx.tenantId);
    const plot = body.landId ? await this.plotFor(ctx, body.landId) : null;
    const areaId = await this.baseFor(ctx, plot, body.areaId, undefined);
    const crop = await findCrop(ctx.db, ctx.tenantId, body.cropId);
    if (!crop) throw BatchErrors.cropNotFound();
    const varietyId = body.varietyId ?? null;
    if (varietyId !== null) await this.checkVariety(ctx, crop.id, varietyId);
    const batchType =
      body.batchType ?? plot?.landUsage ?? (crop.cropType === 'nurture' ? 'nurture' : 'plant');
    this.checkType(plot, batchType);
    const stockCount = body.stockCount ?? null;
    if (batchType !== 'nurture' && stockCount !== null) throw BatchErrors.stockCountForPlant();
    const endDate = body.endDate ?? null;
    if (endDate !== null && body.startDate > endDate) throw BatchErrors.dateOrder();
    if (plot) await this.checkPlotFree(ctx, plot.id, undefined);
    const batchCode = body.batchCode ?? (await this.nextCode(ctx));
    if (await codeTaken(ctx.db, ctx.tenantId, batchCode)) throw BatchErrors.codeExists({ code: batchCode });
    const values: BatchValues = {
      batchCode,
      batchName: body.batchName,
      batchType,
      areaId,
      landId: plot?.id ?? null,
      cropId: crop.id,
      varietyId,
      plantingStandard: body.plantingStandard,
      startDate: body.startDate,
      endDate,
      plannedQuantity: qty(body.plannedQuantity) ?? null,
      stockCount,
      unit: body.unit ?? null,
      harvestQuantity: null,
      harvestDate: null,
      status: GROWING,
      description: body.description ?? null,
    };
    const row = this.written(await insertBatch(ctx.db, ctx.tenantId, ctx.user.id, values), batchCode);
    return this.load(ctx, row.id);
  }

  async update(ctx: Ctx, body: BatchUpdateBody): Promise<Batch> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.edit);
    await lockPlots(ctx.db, ctx.tenantId);
    const current = await findBatch(ctx.db, ctx.tenantId, body.batchId);
    if (!current) throw BatchErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const changes: Partial<BatchValues> = { batchName: body.batchName };

    const landId = body.landId === undefined ? current.landId : body.landId;
    const landMoved = landId !== current.landId;
    let plot: PlotRef | null = null;
    if (landId !== null) {
      plot = landMoved
        ? await this.plotFor(ctx, landId)
        : ((await findPlot(ctx.db, ctx.tenantId, landId)) ?? null);
    }
    if (landMoved) changes.landId = landId;
    const areaId = await this.baseFor(ctx, plot, body.areaId, current.areaId);
    if (areaId !== current.areaId) changes.areaId = areaId;

    const cropId = body.cropId ?? current.cropId;
    if (cropId !== current.cropId) {
      if (!(await findCrop(ctx.db, ctx.tenantId, cropId))) throw BatchErrors.cropNotFound();
      changes.cropId = cropId;
    }
    const varietyId = body.varietyId === undefined ? current.varietyId : body.varietyId;
    if (varietyId !== current.varietyId) changes.varietyId = varietyId;
    if (varietyId !== null && (varietyId !== current.varietyId || cropId !== current.cropId)) {
      await this.checkVariety(ctx, cropId, varietyId);
    }

    const batchType = body.batchType ?? current.batchType;
    if (batchType !== current.batchType) changes.batchType = batchType;
    if (landMoved || batchType !== current.batchType) this.checkType(plot, batchType);
    if (body.stockCount !== undefined) {
      if (batchType !== 'nurture' && body.stockCount !== null) throw BatchErrors.stockCountForPlant();
      changes.stockCount = body.stockCount;
    } else if (batchType !== 'nurture' && current.stockCount !== null) {
      changes.stockCount = null;
    }

    const startDate = body.startDate ?? current.startDate;
    const endDate = body.endDate === undefined ? current.endDate : body.endDate;
    if (endDate !== null && startDate > endDate) throw BatchErrors.dateOrder();
    if (body.startDate !== undefined) changes.startDate = body.startDate;
    if (body.endDate !== undefined) changes.endDate = body.endDate;

    if (plot && landMoved && current.status === GROWING) await this.checkPlotFree(ctx, plot.id, current.id);

    if (body.batchCode && body.batchCode !== current.batchCode) {
      if (await codeTaken(ctx.db, ctx.tenantId, body.batchCode, current.id)) {
        throw BatchErrors.codeExists({ code: body.batchCode });
      }
      changes.batchCode = body.batchCode;
    }
    if (body.plantingStandard !== undefined) changes.plantingStandard = body.plantingStandard;
    if (body.plannedQuantity !== undefined) changes.plannedQuantity = qty(body.plannedQuantity) ?? null;
    if (body.unit !== undefined) changes.unit = body.unit;
    if (body.description !== undefined) changes.description = body.description;

    const res = await updateBatch(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
    );
    if (!res) throw CommonErrors.stale();
    this.written(res, changes.batchCode ?? current.batchCode);
    return this.load(ctx, current.id);
  }

  /** Deletes a batch that has no harvest recorded. */
  async remove(ctx: Ctx, body: BatchDeleteBody): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.delete);
    const current = await findBatch(ctx.db, ctx.tenantId, body.batchId);
    if (!current) throw BatchErrors.notFound();
    const version = body.objectVersionNumber;
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (current.harvestQuantity !== null) throw BatchErrors.hasHarvest();
    if (!(await deleteBatch(ctx.db, ctx.tenantId, current.id, version))) throw CommonErrors.stale();
    return { success: true };
  }

  /**
   * Records the harvest: quantity, unit and date; the batch becomes harvested (its plot is free again)
   * and ends on the harvest date unless it already had an end date. Recording again corrects it.
   */
  async harvest(ctx: Ctx, body: BatchHarvestBody): Promise<Batch> {
    requireTenant(ctx);
    requireAccess(ctx, BATCH_ACCESS.edit);
    const current = await findBatch(ctx.db, ctx.tenantId, body.batchId);
    if (!current) throw BatchErrors.notFound();
    const version = body.objectVersionNumber ?? current.objectVersionNumber;
    if (current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (body.harvestDate < current.startDate) throw BatchErrors.harvestBeforeStart();
    const res = await updateBatch(ctx.db, ctx.tenantId, current.id, version, ctx.user.id, {
      harvestQuantity: body.harvestQuantity.toFixed(2),
      unit: body.unit,
      harvestDate: body.harvestDate,
      status: 'harvested',
      endDate: current.endDate ?? body.harvestDate,
    });
    if (!res) throw CommonErrors.stale();
    this.written(res, current.batchCode);
    return this.load(ctx, current.id);
  }

  private async load(ctx: TenantCtx, id: number): Promise<Batch> {
    const row = await findBatch(ctx.db, ctx.tenantId, id, ctx.lang);
    if (!row) throw BatchErrors.notFound();
    return toBatch(row);
  }

  /** A plot a batch is being put on: it must exist in this tenant and be enabled. */
  private async plotFor(ctx: TenantCtx, landId: number): Promise<PlotRef> {
    const plot = await findPlot(ctx.db, ctx.tenantId, landId);
    if (!plot) throw BatchErrors.landNotFound();
    if (plot.enabledFlag !== 1) throw BatchErrors.landDisabled();
    return plot;
  }

  /** The batch's base: its plot's when it has one (a different areaId is refused), else areaId. */
  private async baseFor(
    ctx: TenantCtx,
    plot: PlotRef | null,
    asked: number | undefined,
    current: number | undefined,
  ): Promise<number> {
    if (plot && asked !== undefined && asked !== plot.areaId) throw BatchErrors.areaMismatch();
    const areaId = plot?.areaId ?? asked ?? current;
    if (areaId === undefined) throw BatchErrors.areaRequired();
    if (areaId !== current && !(await findBase(ctx.db, ctx.tenantId, areaId))) {
      throw BatchErrors.areaNotFound();
    }
    return areaId;
  }

  private async checkVariety(ctx: TenantCtx, cropId: number, varietyId: number): Promise<void> {
    const v = await findVariety(ctx.db, ctx.tenantId, varietyId);
    if (!v || v.cropId !== cropId) throw BatchErrors.varietyNotFound();
  }

  /** Ponds (nurture plots) take nurture batches, fields plant ones. */
  private checkType(plot: PlotRef | null, batchType: string): void {
    if (plot && plot.landUsage !== batchType) throw BatchErrors.typeMismatch({ usage: plot.landUsage });
  }

  /** A plot holds at most one growing batch (spec 03 §5: 'a batch that already exists in the plot'). */
  private async checkPlotFree(ctx: TenantCtx, landId: number, exceptId: number | undefined): Promise<void> {
    const growing = await growingOnPlot(ctx.db, ctx.tenantId, landId, exceptId);
    if (growing) throw BatchErrors.existsOnLand({ batch: growing.batchCode });
  }

  /** B + today (the tenant's time zone) + '-' + the next serial of the tenant's day; called under the plot lock. */
  private async nextCode(ctx: TenantCtx): Promise<string> {
    const prefix = `B${today(ctx.timeZone).replaceAll('-', '')}-`;
    let max = 0;
    for (const code of await codesWithPrefix(ctx.db, ctx.tenantId, prefix)) {
      const serial = Number(CODE_SERIAL.exec(code)?.[1] ?? 0);
      if (serial > max) max = serial;
    }
    return `${prefix}${String(max + 1).padStart(3, '0')}`;
  }

  private written(res: WriteResult, code: string): BatchRow {
    if ('conflict' in res) throw BatchErrors.codeExists({ code });
    return res.row;
  }
}
