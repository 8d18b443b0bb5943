import type { Page } from '@tilth/contracts/common.types';
import type {
  InvProduct,
  InvProductCreateBody,
  InvProductListQuery,
  InvProductRow,
  InvProductUpdateBody,
} from '@tilth/contracts/inventory.product.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { numText } from '../../../platform/decimal.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { referencesTo } from '../reference/index.js';
import { ProductErrors } from './product.errors.js';
import { checkMedia } from './product.media.js';
import {
  deleteProduct,
  findProductView,
  insertProduct,
  listProducts,
  lockProduct,
  type ProductRow,
  type ProductValues,
  type ProductView,
  type ProductWrite,
  productCodeTaken,
  updateProduct,
} from './product.repository.js';
import { type ExistingSku, type PlannedSku, planSkus } from './product.skus.js';
import { checkUnitsAndCrop, checkWarehouses, loadStandards } from './product.validate.js';
import {
  deleteSkus,
  insertSku,
  limitsOfProduct,
  replaceLimits,
  type SkuValues,
  skuCodesTaken,
  skusOfProduct,
  skusWithStock,
  standardsWithValues,
  updateSku,
} from './sku.repository.js';

/** One code per page (permissions.company.ts): the product page reads and writes products. */
export const PRODUCT_ACCESS = 'wfpf.inventory.base.product' as const satisfies PermissionCode;

const n = (s: string | null): number | null => (s === null ? null : Number(s));
const price = (v: number | null | undefined): string | null =>
  v === undefined || v === null ? null : numText(v, 2);
const qty = (v: number | null | undefined): string | null =>
  v === undefined || v === null ? null : numText(v, 4);

export const toProductRow = (r: ProductView): InvProductRow => ({
  id: r.id,
  productCode: r.productCode,
  productName: r.productName,
  model: r.model,
  specification: r.specification,
  alias: r.alias,
  productType: r.productType,
  brand: r.brand,
  stockUnitId: r.stockUnitId,
  stockUnitName: r.stockUnitName,
  purchaseUnitId: r.purchaseUnitId,
  purchaseUnitName: r.purchaseUnitName,
  retailUnitId: r.retailUnitId,
  retailUnitName: r.retailUnitName,
  purchaseFactor: Number(r.purchaseFactor),
  retailFactor: Number(r.retailFactor),
  retailPrice: n(r.retailPrice),
  memberPrice: n(r.memberPrice),
  costPrice: n(r.costPrice),
  standardIds: r.standardIds,
  tracksLot: r.tracksLot,
  tracksExpiry: r.tracksExpiry,
  cropId: r.cropId,
  cropName: r.cropName,
  varietyId: r.varietyId,
  varietyName: r.varietyName,
  skuCount: r.skuCount,
  enabledFlag: r.enabledFlag,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  firstImage: r.images[0] ?? null,
});

const valuesOf = (b: InvProductCreateBody): ProductValues => ({
  productCode: b.productCode,
  productName: b.productName,
  model: b.model ?? null,
  specification: b.specification ?? null,
  alias: b.alias ?? null,
  productType: b.productType,
  brand: b.brand ?? null,
  stockUnitId: b.stockUnitId,
  purchaseUnitId: b.purchaseUnitId,
  retailUnitId: b.retailUnitId,
  purchaseFactor: numText(b.purchaseFactor, 4),
  retailFactor: numText(b.retailFactor, 4),
  retailPrice: price(b.retailPrice),
  memberPrice: price(b.memberPrice),
  costPrice: price(b.costPrice),
  standardIds: b.standardIds,
  tracksLot: b.tracksLot,
  tracksExpiry: b.tracksExpiry,
  cropId: b.productType === 'agricultural' ? (b.cropId ?? null) : null,
  varietyId: b.productType === 'agricultural' ? (b.varietyId ?? null) : null,
  images: b.images,
  videoUrl: b.videoUrl ?? null,
  description: b.description ?? null,
  enabledFlag: b.enabledFlag,
});

const skuValuesOf = (s: PlannedSku): SkuValues => ({
  skuCode: s.skuCode,
  valueIds: s.valueIds,
  skuName: s.skuName,
  barcode: s.barcode,
  retailPrice: price(s.retailPrice),
  memberPrice: price(s.memberPrice),
  costPrice: price(s.costPrice),
  enabledFlag: s.enabledFlag,
});

const written = (res: ProductWrite, code: string): ProductRow => {
  if ('conflict' in res) throw ProductErrors.codeExists({ code });
  return res.row;
};

export class ProductService {
  async list(ctx: Ctx, q: InvProductListQuery): Promise<Page<InvProductRow>> {
    requireTenant(ctx);
    requireAccess(ctx, PRODUCT_ACCESS);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listProducts(
      ctx.db,
      ctx.tenantId,
      {
        keyword: q.keyword?.trim() || undefined,
        productType: q.productType,
        enabledFlag: q.enabledFlag,
        cropId: q.cropId,
      },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toProductRow), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<InvProduct> {
    requireTenant(ctx);
    requireAccess(ctx, PRODUCT_ACCESS);
    return this.read(ctx, id);
  }

  private async read(ctx: TenantCtx, id: number): Promise<InvProduct> {
    const view = await findProductView(ctx.db, ctx.tenantId, id);
    if (!view) throw ProductErrors.productNotFound();
    const [skus, limits, standards] = [
      await skusOfProduct(ctx.db, ctx.tenantId, id),
      await limitsOfProduct(ctx.db, ctx.tenantId, id),
      await standardsWithValues(ctx.db, ctx.tenantId, view.standardIds),
    ];
    const stocked = await skusWithStock(
      ctx.db,
      ctx.tenantId,
      skus.map((s) => s.id),
    );
    return {
      ...toProductRow(view),
      standards: standards.map((s) => ({
        standardId: s.standardId,
        standardName: s.standardName,
        values: s.values,
      })),
      skus: skus.map((s) => ({
        skuId: s.id,
        skuCode: s.skuCode,
        skuName: s.skuName,
        valueIds: s.valueIds,
        barcode: s.barcode,
        retailPrice: n(s.retailPrice),
        memberPrice: n(s.memberPrice),
        costPrice: n(s.costPrice),
        enabledFlag: s.enabledFlag,
        hasStock: stocked.has(s.id),
        limits: limits
          .filter((l) => l.skuId === s.id)
          .map((l) => ({
            warehouseId: l.warehouseId,
            warehouseName: l.warehouseName,
            minQty: n(l.minQty),
            maxQty: n(l.maxQty),
          })),
      })),
      images: view.images,
      videoUrl: view.videoUrl,
      description: view.description,
    };
  }

  async create(ctx: Ctx, body: InvProductCreateBody): Promise<InvProduct> {
    requireTenant(ctx);
    requireAccess(ctx, PRODUCT_ACCESS);
    const v = valuesOf(body);
    const plan = await this.check(ctx, body, v, undefined, []);
    if (await productCodeTaken(ctx.db, ctx.tenantId, v.productCode)) {
      throw ProductErrors.codeExists({ code: v.productCode });
    }
    const row = written(await insertProduct(ctx.db, ctx.tenantId, ctx.user.id, v), v.productCode);
    await this.writeSkus(ctx, row.id, plan.keep);
    return this.read(ctx, row.id);
  }

  async update(ctx: Ctx, id: number, body: InvProductUpdateBody): Promise<InvProduct> {
    requireTenant(ctx);
    requireAccess(ctx, PRODUCT_ACCESS);
    // Locked first: two edits of one product rewrite its SKUs one after the other.
    const current = await lockProduct(ctx.db, ctx.tenantId, id);
    if (!current) throw ProductErrors.productNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const v = valuesOf(body);
    const existing = (await this.read(ctx, id)).skus.map(
      (s): ExistingSku => ({
        id: s.skuId,
        skuCode: s.skuCode,
        valueIds: s.valueIds,
        asBody: { ...s, enabledFlag: s.enabledFlag === 0 ? 0 : 1 },
      }),
    );
    const plan = await this.check(ctx, body, v, current, existing);
    if (await productCodeTaken(ctx.db, ctx.tenantId, v.productCode, id)) {
      throw ProductErrors.codeExists({ code: v.productCode });
    }
    await this.refuseInUse(
      ctx,
      plan.removed.map((s) => ({ id: s.id, code: s.skuCode })),
      ProductErrors.skuInUse,
    );
    await deleteSkus(
      ctx.db,
      ctx.tenantId,
      plan.removed.map((s) => s.id),
    );
    const res = await updateProduct(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, v);
    if (!res) throw CommonErrors.stale();
    written(res, v.productCode);
    await this.writeSkus(ctx, id, plan.keep);
    return this.read(ctx, id);
  }

  /** Only a product none of whose SKUs has stock or sits on a document; else disable it (409). */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PRODUCT_ACCESS);
    const row = await lockProduct(ctx.db, ctx.tenantId, id);
    if (!row) throw ProductErrors.productNotFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    const refs = await referencesTo(ctx, 'product', id);
    if (refs) throw ProductErrors.productInUse({ name: row.productName, what: refs });
    const skus = await skusOfProduct(ctx.db, ctx.tenantId, id);
    await this.refuseInUse(
      ctx,
      skus.map((s) => ({ id: s.id, code: row.productName })),
      ({ code, what }) => ProductErrors.productInUse({ name: code, what }),
    );
    await deleteSkus(
      ctx.db,
      ctx.tenantId,
      skus.map((s) => s.id),
    );
    await deleteProduct(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  /** Everything a write names exists and fits; answers the SKU plan. */
  private async check(
    ctx: TenantCtx,
    body: InvProductCreateBody,
    v: ProductValues,
    current: ProductRow | undefined,
    existing: ExistingSku[],
  ) {
    await checkUnitsAndCrop(ctx, body, current);
    await checkMedia(ctx, v.images ?? [], v.videoUrl ?? null);
    const standards = await loadStandards(ctx, body.standardIds, current?.standardIds ?? []);
    const plan = planSkus(v.productCode, standards, body.skus, existing);
    await checkWarehouses(ctx, plan.keep);
    const codes = plan.keep.map((s) => s.skuCode);
    const twice = codes.find((c, i) => codes.indexOf(c) !== i);
    if (twice) throw ProductErrors.skuCodeExists({ code: twice });
    const keptIds = plan.keep.flatMap((s) => (s.id === undefined ? [] : [s.id]));
    const removedIds = plan.removed.map((s) => s.id);
    const [taken] = await skuCodesTaken(ctx.db, ctx.tenantId, codes, [...keptIds, ...removedIds]);
    if (taken) throw ProductErrors.skuCodeExists({ code: taken });
    return plan;
  }

  private async refuseInUse(
    ctx: TenantCtx,
    skus: { id: number; code: string }[],
    error: (p: { code: string; what: string }) => Error,
  ): Promise<void> {
    const stocked = await skusWithStock(
      ctx.db,
      ctx.tenantId,
      skus.map((s) => s.id),
    );
    for (const s of skus) {
      if (stocked.has(s.id)) throw error({ code: s.code, what: 'stock' });
      const refs = await referencesTo(ctx, 'sku', s.id);
      if (refs) throw error({ code: s.code, what: refs });
    }
  }

  private async writeSkus(ctx: TenantCtx, productId: number, keep: PlannedSku[]): Promise<void> {
    const limits: { skuId: number; warehouseId: number; minQty: string | null; maxQty: string | null }[] = [];
    for (const s of keep) {
      const sv = skuValuesOf(s);
      const res =
        s.id === undefined
          ? await insertSku(ctx.db, ctx.tenantId, ctx.user.id, productId, sv)
          : await updateSku(ctx.db, ctx.tenantId, ctx.user.id, s.id, sv);
      if (!res) throw CommonErrors.stale();
      if ('conflict' in res) throw ProductErrors.skuCodeExists({ code: s.skuCode });
      for (const l of s.limits) {
        limits.push({
          skuId: res.row.id,
          warehouseId: l.warehouseId,
          minQty: qty(l.minQty),
          maxQty: qty(l.maxQty),
        });
      }
    }
    await replaceLimits(ctx.db, ctx.tenantId, productId, limits);
  }
}
