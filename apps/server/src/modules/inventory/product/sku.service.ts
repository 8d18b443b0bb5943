import type { Page } from '@tilth/contracts/common.types';
import type { InvSkuListQuery, InvSkuPick, InvSkuUnit } from '@tilth/contracts/inventory.product.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { PRODUCT_ACCESS } from './product.service.js';
import { availableIn, listSkuPicks, type PickRow, skuPicksByIds } from './sku.repository.js';

/** Who may pick SKUs: the product page and every page whose lines or filters name SKUs. */
export const SKU_READERS = [
  PRODUCT_ACCESS,
  'wfpf.inventory.prment.aplionform',
  'wfpf.inventory.prment.transfer',
  'wfpf.inventory.prment.shipment',
  'wfpf.inventory.prment.warehousing',
  'wfpf.inventory.prment.inventory_form',
  'wfpf.inventory.prment.return',
  'wfpf.inventory.prment.stock',
  'wfpf.inventory.prment.report',
] as const satisfies readonly PermissionCode[];

const n = (s: string | null): number | null => (s === null ? null : Number(s));

const unitsOf = (r: PickRow): InvSkuUnit[] => [
  { unitId: r.product.stockUnitId, unitName: r.stockUnitName, factor: 1, kind: 'stock' },
  {
    unitId: r.product.purchaseUnitId,
    unitName: r.purchaseUnitName,
    factor: Number(r.product.purchaseFactor),
    kind: 'purchase',
  },
  {
    unitId: r.product.retailUnitId,
    unitName: r.retailUnitName,
    factor: Number(r.product.retailFactor),
    kind: 'retail',
  },
];

const toPick = (r: PickRow): InvSkuPick => ({
  skuId: r.sku.id,
  skuCode: r.sku.skuCode,
  skuName: r.sku.skuName,
  productId: r.product.id,
  productCode: r.product.productCode,
  productName: r.product.productName,
  productType: r.product.productType,
  specification: r.product.specification,
  model: r.product.model,
  barcode: r.sku.barcode,
  tracksLot: r.product.tracksLot,
  tracksExpiry: r.product.tracksExpiry,
  stockUnit: { id: r.product.stockUnitId, name: r.stockUnitName },
  units: unitsOf(r),
  retailPrice: n(r.sku.retailPrice ?? r.product.retailPrice),
  memberPrice: n(r.sku.memberPrice ?? r.product.memberPrice),
  costPrice: n(r.sku.costPrice ?? r.product.costPrice),
  enabledFlag: r.sku.enabledFlag === 1 && r.product.enabledFlag === 1 ? 1 : 0,
});

export class SkuService {
  async list(ctx: Ctx, q: InvSkuListQuery): Promise<Page<InvSkuPick>> {
    requireTenant(ctx);
    requireAccess(ctx, SKU_READERS);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listSkuPicks(
      ctx.db,
      ctx.tenantId,
      {
        keyword: q.keyword?.trim() || undefined,
        productId: q.productId,
        productType: q.productType,
        enabledFlag: q.enabledFlag,
      },
      limit,
      offset,
    );
    const picks = rows.map(toPick);
    if (q.warehouseId !== undefined) {
      const avail = await availableIn(
        ctx.db,
        ctx.tenantId,
        q.warehouseId,
        picks.map((p) => p.skuId),
      );
      for (const p of picks) p.available = Number(avail.get(p.skuId) ?? 0);
    }
    return pageAnswer(picks, total, q);
  }
}

export interface SkuLineUnit {
  unitId: number;
  unitName: string;
  /** Stock units in one of this unit, exact decimal text. */
  factor: string;
  kind: 'stock' | 'purchase' | 'retail';
}

/** What a document line needs of its SKU: the one SKU reader of documents (exact decimals as text). */
export interface SkuForLine {
  skuId: number;
  skuCode: string;
  skuName: string;
  productId: number;
  productCode: string;
  productName: string;
  specification: string | null;
  tracksLot: boolean;
  tracksExpiry: boolean;
  /** 1 only when both the SKU and its product are enabled. */
  enabledFlag: number;
  /** Stock unit first; a unit in two roles is listed once, with its first factor. */
  units: SkuLineUnit[];
  stockUnitId: number;
  stockUnitName: string;
  /** The SKU's cost price, or the product's (null: none). */
  costPrice: string | null;
}

const lineUnitsOf = (r: PickRow): SkuLineUnit[] => {
  const p = r.product;
  const all: SkuLineUnit[] = [
    { unitId: p.stockUnitId, unitName: r.stockUnitName, factor: '1', kind: 'stock' },
    { unitId: p.purchaseUnitId, unitName: r.purchaseUnitName, factor: p.purchaseFactor, kind: 'purchase' },
    { unitId: p.retailUnitId, unitName: r.retailUnitName, factor: p.retailFactor, kind: 'retail' },
  ];
  return all.filter((u, i) => all.findIndex((v) => v.unitId === u.unitId) === i);
};

/** The tenant's SKUs among skuIds (any state; absent ids are simply missing from the map). */
export const findSkusForLines = async (
  db: Db,
  tenantId: number,
  skuIds: readonly number[],
): Promise<Map<number, SkuForLine>> => {
  const rows = await skuPicksByIds(db, tenantId, skuIds);
  return new Map(
    rows.map(({ sku, product: p, stockUnitName, ...r }) => [
      sku.id,
      {
        skuId: sku.id,
        skuCode: sku.skuCode,
        skuName: sku.skuName,
        productId: p.id,
        productCode: p.productCode,
        productName: p.productName,
        specification: p.specification,
        tracksLot: p.tracksLot === 1,
        tracksExpiry: p.tracksExpiry === 1,
        enabledFlag: sku.enabledFlag === 1 && p.enabledFlag === 1 ? 1 : 0,
        units: lineUnitsOf({ sku, product: p, stockUnitName, ...r }),
        stockUnitId: p.stockUnitId,
        stockUnitName,
        costPrice: sku.costPrice ?? p.costPrice,
      },
    ]),
  );
};
