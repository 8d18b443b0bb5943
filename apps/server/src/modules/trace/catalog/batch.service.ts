import type { Page } from '@tilth/contracts/common.types';
import {
  expiryFrom,
  type TraceBatch,
  type TraceBatchDetail,
  type TraceBatchListQuery,
  type TraceBatchUpdateBody,
  type TraceBatchValues,
  type TraceHarvest,
  type TraceOverview,
} from '@tilth/contracts/trace-catalog.types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import type { Written } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import {
  type BatchListRow,
  type BatchRow,
  type BatchValues,
  batchCodeTaken,
  batchVersions,
  deleteBatch,
  findBatch,
  insertBatch,
  listBatches,
  lockBatch,
  type SourceValues,
  setSources,
  sourcesOf,
  updateBatch,
} from './batch.repository.js';
import { CATALOG_ACCESS } from './catalog.access.js';
import { CatalogErrors } from './catalog.errors.js';
import { traceCatalogCounts } from './catalog.read.js';
import { requireOwnFiles } from './catalog.rules.js';
import { HARVESTED_STATUSES, harvestsByIds, listHarvests, userNames } from './catalog-refs.repository.js';
import { lockProduct } from './product.repository.js';

const toBatches = async (ctx: TenantCtx, rows: BatchListRow[]): Promise<TraceBatch[]> => {
  const sources = await sourcesOf(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const harvests = new Map(
    (
      await harvestsByIds(ctx.db, ctx.tenantId, ctx.lang, [
        ...new Set([...sources.values()].flat().map((s) => s.farmBatchId)),
      ])
    ).map((h) => [h.farmBatchId, h]),
  );
  return rows.map((r) => ({
    traceBatchId: r.id,
    traceProductId: r.traceProductId,
    productName: r.productName,
    gtin: r.gtin,
    batchCode: r.batchCode,
    placeOfOrigin: r.placeOfOrigin,
    effectivePlaceOfOrigin: r.placeOfOrigin ?? r.productOrigin,
    weight: r.weight,
    weightUnit: r.weightUnit,
    specification: r.specification,
    productionDate: r.productionDate,
    expiryDate: r.expiryDate,
    inspections: r.inspections,
    status: r.status as TraceBatch['status'],
    version: r.version,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    remark: r.remark,
    // A farm batch deleted since is left out (the published record keeps what it showed).
    sources: (sources.get(r.id) ?? []).flatMap((s) => {
      const h = harvests.get(s.farmBatchId);
      return h ? [{ ...h, quantity: s.quantity }] : [];
    }),
    objectVersionNumber: r.objectVersionNumber,
    creationDate: r.creationDate.toISOString(),
    lastUpdateDate: r.lastUpdateDate.toISOString(),
  }));
};

/** Trace batches (trace/index): lots made of farm harvests; drafts are edited, published ones frozen. */
export class TraceBatchService {
  async list(ctx: Ctx, q: TraceBatchListQuery): Promise<Page<TraceBatch>> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchView);
    const w = pageWindow(q);
    const { rows, total } = await listBatches(
      ctx.db,
      ctx.tenantId,
      {
        traceProductId: q.traceProductId,
        status: q.status,
        batchCode: q.batchCode?.trim() || undefined,
        from: q.from,
        to: q.to,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(await toBatches(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<TraceBatchDetail> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchView);
    const batch = await this.view(ctx, id);
    const versions = await batchVersions(ctx.db, ctx.tenantId, id);
    const names = await userNames(ctx.db, [
      ...new Set(versions.map((v) => v.publishedBy).filter((v): v is number => v !== null)),
    ]);
    return {
      ...batch,
      versions: versions.map((v) => ({
        version: v.version,
        publishedAt: v.publishedAt.toISOString(),
        publishedBy: v.publishedBy,
        publishedByName: v.publishedBy === null ? null : (names.get(v.publishedBy) ?? null),
        recordHash: v.recordHash,
        txHash: v.txHash,
      })),
    };
  }

  /** The overview header; code and scan counts come from the code domain (null when it is not wired). */
  async overview(
    ctx: Ctx,
    codeCounts?: (ctx: Ctx) => Promise<{ codesIssued: number; scansThisMonth: number }>,
  ): Promise<TraceOverview> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchView);
    const codes = codeCounts ? await codeCounts(ctx) : { codesIssued: null, scansThisMonth: null };
    return { ...(await traceCatalogCounts(ctx)), ...codes };
  }

  /** Harvested or closed farm batches the form may pick. */
  async harvests(
    ctx: Ctx,
    q: { page: number; size: number; keyword?: string | undefined },
  ): Promise<Page<TraceHarvest>> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchView);
    const w = pageWindow(q);
    const { rows, total } = await listHarvests(
      ctx.db,
      ctx.tenantId,
      ctx.lang,
      q.keyword?.trim() || undefined,
      w.limit,
      w.offset,
    );
    return pageAnswer(rows, total, q);
  }

  async create(ctx: Ctx, body: TraceBatchValues): Promise<TraceBatch> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchEdit);
    const { values, sources } = await this.check(ctx, body);
    const row = this.written(await insertBatch(ctx.db, ctx.tenantId, ctx.user.id, values));
    await setSources(ctx.db, ctx.tenantId, row.id, sources);
    return this.view(ctx, row.id);
  }

  /** Only a draft or withdrawn batch is edited; a published one is frozen (its record is on the ledger). */
  async update(ctx: Ctx, body: TraceBatchUpdateBody): Promise<TraceBatch> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchEdit);
    const current = await this.locked(ctx, body.traceBatchId);
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (current.status === 'published') throw CatalogErrors.batchPublished({ version: current.version });
    const { values, sources } = await this.check(ctx, body, current.id);
    this.written(
      await updateBatch(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, values),
    );
    await setSources(ctx.db, ctx.tenantId, current.id, sources);
    return this.view(ctx, current.id);
  }

  /** Withdraws a published batch: its public page then says so; a republish makes the next version. */
  async withdraw(ctx: Ctx, id: number, version: number): Promise<TraceBatch> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchPublish);
    const current = await this.locked(ctx, id);
    if (current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (current.status !== 'published') throw CatalogErrors.batchNotPublished();
    this.written(await updateBatch(ctx.db, ctx.tenantId, id, version, ctx.user.id, { status: 'withdrawn' }));
    return this.view(ctx, id);
  }

  /** Only a batch never published is deleted: a published record stays provable on the ledger. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.batchDelete);
    const current = await this.locked(ctx, id);
    if (version !== undefined && version !== current.objectVersionNumber) throw CommonErrors.stale();
    if (current.version > 0 || current.status !== 'draft') throw CatalogErrors.batchEverPublished();
    await deleteBatch(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async locked(ctx: TenantCtx, id: number): Promise<BatchRow> {
    const row = await lockBatch(ctx.db, ctx.tenantId, id);
    if (!row) throw CatalogErrors.batchNotFound();
    return row;
  }

  private async view(ctx: TenantCtx, id: number): Promise<TraceBatch> {
    const row = await findBatch(ctx.db, ctx.tenantId, id);
    if (!row) throw CatalogErrors.batchNotFound();
    const [out] = await toBatches(ctx, [row]);
    return out as TraceBatch;
  }

  private written(w: Written<BatchRow, 'code'> | undefined): BatchRow {
    if (!w) throw CommonErrors.stale();
    if ('conflict' in w) throw CatalogErrors.batchCodeTaken();
    return w.row;
  }

  /**
   * The lot's rules: the product is ours (locked, so it cannot be deleted meanwhile), every source is a
   * harvested or closed farm batch of this tenant, each once, its quantity at most the harvest; expiry
   * defaults to production + shelf life and is not before production.
   */
  private async check(
    ctx: TenantCtx,
    b: TraceBatchValues,
    exceptId?: number,
  ): Promise<{ values: BatchValues; sources: SourceValues[] }> {
    const product = await lockProduct(ctx.db, ctx.tenantId, b.traceProductId);
    if (!product) throw CatalogErrors.batchProductNotFound();
    if (await batchCodeTaken(ctx.db, ctx.tenantId, b.batchCode, exceptId))
      throw CatalogErrors.batchCodeTaken();
    const ids = b.sources.map((s) => s.farmBatchId);
    if (new Set(ids).size !== ids.length) throw CatalogErrors.harvestDuplicate();
    const found = new Map(
      (await harvestsByIds(ctx.db, ctx.tenantId, ctx.lang, ids)).map((h) => [h.farmBatchId, h]),
    );
    const sources: SourceValues[] = [];
    for (const s of b.sources) {
      const h = found.get(s.farmBatchId);
      if (!h) throw CatalogErrors.harvestNotFound();
      if (!(HARVESTED_STATUSES as readonly string[]).includes(h.status))
        throw CatalogErrors.harvestNotHarvested({ batchCode: h.batchCode });
      if (s.quantity != null && h.harvestQuantity !== null && s.quantity > Number(h.harvestQuantity))
        throw CatalogErrors.quantityOverHarvest({ batchCode: h.batchCode, harvest: h.harvestQuantity });
      sources.push({
        farmBatchId: s.farmBatchId,
        quantity: s.quantity == null ? null : s.quantity.toFixed(3),
      });
    }
    const expiryDate = b.expiryDate ?? expiryFrom(b.productionDate, product.shelfLifeDays);
    if (expiryDate !== null && expiryDate < b.productionDate) throw CatalogErrors.expiryBeforeProduction();
    await requireOwnFiles(
      ctx,
      b.inspections.map((i) => i.fileUrl),
      'inspections.fileUrl',
    );
    return {
      values: {
        traceProductId: product.id,
        batchCode: b.batchCode,
        placeOfOrigin: b.placeOfOrigin ?? null,
        weight: b.weight == null ? null : b.weight.toFixed(3),
        specification: b.specification ?? null,
        productionDate: b.productionDate,
        expiryDate,
        inspections: b.inspections,
        remark: b.remark ?? null,
      },
      sources,
    };
  }
}
