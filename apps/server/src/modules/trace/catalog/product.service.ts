import type { Page } from '@tilth/contracts/common.types';
import {
  normaliseGtin,
  type TraceProduct,
  type TraceProductListQuery,
  type TraceProductUpdateBody,
  type TraceProductValues,
} from '@tilth/contracts/trace-catalog.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import type { Written } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { promoVideoRefs, requirePromoVideo } from '../../content/media/index.js';
import { CATALOG_ACCESS } from './catalog.access.js';
import { CatalogErrors } from './catalog.errors.js';
import { requireOwnFiles } from './catalog.rules.js';
import { cropRef, inventoryProductRef, productRefNames, varietyOfCrop } from './catalog-refs.repository.js';
import { outletsByIds } from './outlet.repository.js';
import {
  claimGtin,
  deleteProduct,
  findProduct,
  gtinOwner,
  insertProduct,
  listProducts,
  lockProduct,
  type ProductListRow,
  type ProductRow,
  type ProductValues,
  productBatchUse,
  productWith,
  releaseGtin,
  updateProduct,
} from './product.repository.js';

/** Rows → answers, with the names of the inventory product, crop, variety and outlets. */
const toProducts = async (ctx: TenantCtx, rows: ProductListRow[]): Promise<TraceProduct[]> => {
  const ids = <K extends keyof ProductRow>(k: K) =>
    [...new Set(rows.map((r) => r[k]).filter((v): v is NonNullable<typeof v> => v != null))] as number[];
  const names = await productRefNames(ctx.db, ctx.tenantId, ctx.lang, {
    inventory: ids('inventoryProductId'),
    crop: ids('cropId'),
    variety: ids('varietyId'),
  });
  const outlets = new Map(
    (await outletsByIds(ctx.db, ctx.tenantId, [...new Set(rows.flatMap((r) => r.outletIds))])).map((o) => [
      o.id,
      o,
    ]),
  );
  const videos = await promoVideoRefs(
    ctx.db,
    ctx.tenantId,
    rows.flatMap((r) => (r.promoVideoId ? [r.promoVideoId] : [])),
  );
  return rows.map((r) => ({
    traceProductId: r.id,
    productName: r.productName,
    productEnName: r.productEnName,
    inventoryProductId: r.inventoryProductId,
    inventoryProductName: r.inventoryProductId ? (names.inventory.get(r.inventoryProductId) ?? null) : null,
    cropId: r.cropId,
    cropName: r.cropId ? (names.crop.get(r.cropId) ?? null) : null,
    varietyId: r.varietyId,
    varietyName: r.varietyId ? (names.variety.get(r.varietyId) ?? null) : null,
    gtin: r.gtin,
    placeOfOrigin: r.placeOfOrigin,
    netWeight: r.netWeight,
    weightUnit: r.weightUnit,
    specification: r.specification,
    shelfLifeDays: r.shelfLifeDays,
    plantingStandard: r.plantingStandard as TraceProduct['plantingStandard'],
    certificates: r.certificates,
    imageUrl: r.imageUrl,
    description: r.description,
    outletIds: r.outletIds.filter((id) => outlets.has(id)),
    promoVideoId: r.promoVideoId ?? null,
    promoVideo: r.promoVideoId ? (videos.get(r.promoVideoId) ?? null) : null,
    outlets: r.outletIds.flatMap((id) => {
      const o = outlets.get(id);
      return o ? [{ outletId: o.id, outletName: o.outletName, kind: o.kind as 'store' | 'online' }] : [];
    }),
    enabledFlag: r.enabledFlag === 0 ? 0 : 1,
    batchCount: r.batchCount,
    objectVersionNumber: r.objectVersionNumber,
    creationDate: r.creationDate.toISOString(),
    lastUpdateDate: r.lastUpdateDate.toISOString(),
  }));
};

/** Traced products (trace/produce): what is traced and what its label tells a buyer. */
export class TraceProductService {
  async list(ctx: Ctx, q: TraceProductListQuery): Promise<Page<TraceProduct>> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productView);
    const w = pageWindow(q);
    const { rows, total } = await listProducts(
      ctx.db,
      ctx.tenantId,
      {
        productName: containsFilter(q.productName),
        plantingStandard: q.plantingStandard,
        enabledFlag: q.enabledFlag,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(await toProducts(ctx, rows), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<TraceProduct> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productView);
    return this.view(ctx, id);
  }

  async create(ctx: Ctx, body: TraceProductValues): Promise<TraceProduct> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productEdit);
    const v = await this.check(ctx, body);
    const written = await insertProduct(ctx.db, ctx.tenantId, ctx.user.id, v);
    return this.view(ctx, this.written(written).id);
  }

  async update(ctx: Ctx, body: TraceProductUpdateBody): Promise<TraceProduct> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productEdit);
    const current = await lockProduct(ctx.db, ctx.tenantId, body.traceProductId);
    if (!current) throw CatalogErrors.productNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = await this.check(ctx, body, current.id, current.promoVideoId);
    const written = await updateProduct(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      v,
    );
    this.written(written);
    if (current.gtin && current.gtin !== v.gtin) await releaseGtin(ctx.db, ctx.tenantId, current.gtin);
    return this.view(ctx, current.id);
  }

  async setEnabled(ctx: Ctx, id: number, enabledFlag: 0 | 1, version: number): Promise<TraceProduct> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productEdit);
    const written = await updateProduct(ctx.db, ctx.tenantId, id, version, ctx.user.id, { enabledFlag });
    if (!written) {
      if (!(await findProduct(ctx.db, ctx.tenantId, id))) throw CatalogErrors.productNotFound();
      throw CommonErrors.stale();
    }
    return this.view(ctx, id);
  }

  /** Refused while a trace batch uses the product (its lots and records name it). */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.productDelete);
    const row = await lockProduct(ctx.db, ctx.tenantId, id);
    if (!row) throw CatalogErrors.productNotFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const use = await productBatchUse(ctx.db, ctx.tenantId, id);
    if (use.count > 0) throw CatalogErrors.productInUse({ count: use.count, batchCode: use.batchCode ?? '' });
    await deleteProduct(ctx.db, ctx.tenantId, id);
    if (row.gtin) await releaseGtin(ctx.db, ctx.tenantId, row.gtin);
    return { success: true };
  }

  private async view(ctx: TenantCtx, id: number): Promise<TraceProduct> {
    const row = await findProduct(ctx.db, ctx.tenantId, id);
    if (!row) throw CatalogErrors.productNotFound();
    const [out] = await toProducts(ctx, [row]);
    return out as TraceProduct;
  }

  private written(w: Written<ProductRow, 'name' | 'gtin'> | undefined): ProductRow {
    if (!w) throw CommonErrors.stale();
    if ('conflict' in w)
      throw w.conflict === 'name' ? CatalogErrors.productNameTaken() : CatalogErrors.gtinUsed({ name: '' });
    return w.row;
  }

  /** Every rule of a product: its source exists, GTIN valid and ours, outlets and files ours. */
  private async check(
    ctx: TenantCtx,
    b: TraceProductValues,
    exceptId?: number,
    currentVideoId?: number | null,
  ): Promise<ProductValues> {
    let cropId = b.cropId ?? null;
    let varietyId = b.varietyId ?? null;
    const inventoryProductId = b.inventoryProductId ?? null;
    if (inventoryProductId === null && cropId === null) throw CatalogErrors.productSourceRequired();
    if (inventoryProductId !== null) {
      const inv = await inventoryProductRef(ctx.db, ctx.tenantId, inventoryProductId);
      if (!inv) throw CatalogErrors.inventoryProductNotFound();
      // Farm produce of the catalogue names its crop: the traced product takes it unless one is chosen.
      if (cropId === null && inv.cropId !== null) {
        cropId = inv.cropId;
        varietyId = varietyId ?? inv.varietyId;
      }
    }
    if (cropId !== null && !(await cropRef(ctx.db, ctx.tenantId, cropId))) throw CatalogErrors.cropNotFound();
    if (
      varietyId !== null &&
      (cropId === null || !(await varietyOfCrop(ctx.db, ctx.tenantId, varietyId, cropId)))
    )
      throw CatalogErrors.varietyNotFound();
    if (await productWith(ctx.db, ctx.tenantId, 'productName', b.productName, exceptId))
      throw CatalogErrors.productNameTaken();
    const gtin = await this.gtin(ctx, b.gtin ?? null, exceptId);
    const outletIds = [...new Set(b.outletIds)];
    if ((await outletsByIds(ctx.db, ctx.tenantId, outletIds)).length !== outletIds.length)
      throw CatalogErrors.outletNotFound();
    await requireOwnFiles(ctx, [b.imageUrl], 'imageUrl');
    await requireOwnFiles(
      ctx,
      b.certificates.map((c) => c.fileUrl),
      'certificates.fileUrl',
    );
    // Omitted keeps the current video; re-saving the one already shown is always allowed.
    const promoVideoId = b.promoVideoId === undefined ? (currentVideoId ?? null) : b.promoVideoId;
    if (promoVideoId !== null && promoVideoId !== currentVideoId) {
      await requirePromoVideo(ctx.db, ctx.tenantId, promoVideoId);
    }
    return {
      productName: b.productName,
      productEnName: b.productEnName ?? null,
      inventoryProductId,
      cropId,
      varietyId,
      gtin,
      placeOfOrigin: b.placeOfOrigin,
      netWeight: b.netWeight == null ? null : b.netWeight.toFixed(3),
      weightUnit: b.weightUnit,
      specification: b.specification ?? null,
      shelfLifeDays: b.shelfLifeDays ?? null,
      plantingStandard: b.plantingStandard,
      certificates: b.certificates,
      imageUrl: b.imageUrl ?? null,
      description: b.description ?? null,
      outletIds,
      promoVideoId,
      enabledFlag: b.enabledFlag,
    };
  }

  /** A valid GTIN as GTIN-14, claimed for this tenant in the global registry; another tenant's → 409. */
  private async gtin(ctx: TenantCtx, raw: string | null, exceptId?: number): Promise<string | null> {
    if (raw === null) return null;
    const gtin = normaliseGtin(raw);
    if (!gtin) throw CatalogErrors.gtinInvalid();
    const owner = await gtinOwner(ctx.db, gtin);
    if (owner !== undefined && owner !== ctx.tenantId) throw CatalogErrors.gtinTaken();
    const other = await productWith(ctx.db, ctx.tenantId, 'gtin', gtin, exceptId);
    if (other) throw CatalogErrors.gtinUsed({ name: other.productName });
    if (!(await claimGtin(ctx.db, ctx.tenantId, gtin))) throw CatalogErrors.gtinTaken();
    return gtin;
  }
}
