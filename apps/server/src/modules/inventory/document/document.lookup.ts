import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { stockBalances } from '../../stock/ledger/index.js';
import { invBusinesses } from '../business/index.js';
import { invOptions } from '../option/index.js';
import { invProducts, invSkus } from '../product/index.js';
import { invWarehouses } from '../store/index.js';
import { invUnits } from '../unit/index.js';

// What documents read of other inventory domains' tables (their indexes export them). The SKU reader has
// the shape of part B's findSkusForLines so it can be swapped for it.

export type WarehouseRow = typeof invWarehouses.$inferSelect;

export const findWarehouses = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, WarehouseRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invWarehouses)
    .where(and(eq(invWarehouses.tenantId, tenantId), inArray(invWarehouses.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
};

export const findBusiness = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db
    .select()
    .from(invBusinesses)
    .where(and(eq(invBusinesses.tenantId, tenantId), eq(invBusinesses.id, id)));
  return r;
};

/** The tenant's shortage policy (the option row may not exist yet: the default is 'block'). */
export const shortagePolicy = async (db: Db, tenantId: number): Promise<'block' | 'warn'> => {
  const [r] = await db
    .select({ p: invOptions.shortagePolicy })
    .from(invOptions)
    .where(eq(invOptions.tenantId, tenantId));
  return r?.p === 'warn' ? 'warn' : 'block';
};

export interface SkuUnit {
  unitId: number;
  unitName: string;
  /** Stock units in one of this unit, decimal text. */
  factor: string;
  kind: 'stock' | 'purchase' | 'retail';
}

export interface SkuForLine {
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  tracksLot: boolean;
  tracksExpiry: boolean;
  enabledFlag: number;
  units: SkuUnit[];
  costPrice: string | null;
}

export const findSkusForLines = async (
  db: Db,
  tenantId: number,
  skuIds: readonly number[],
): Promise<Map<number, SkuForLine>> => {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .select({ sku: invSkus, product: invProducts })
    .from(invSkus)
    .innerJoin(
      invProducts,
      and(eq(invProducts.tenantId, invSkus.tenantId), eq(invProducts.id, invSkus.productId)),
    )
    .where(and(eq(invSkus.tenantId, tenantId), inArray(invSkus.id, [...new Set(skuIds)])));
  const unitIds = new Set<number>();
  for (const { product: p } of rows) {
    unitIds.add(p.stockUnitId);
    unitIds.add(p.purchaseUnitId);
    unitIds.add(p.retailUnitId);
  }
  const names = new Map(
    unitIds.size === 0
      ? []
      : (
          await db
            .select({ id: invUnits.id, name: invUnits.unitName })
            .from(invUnits)
            .where(and(eq(invUnits.tenantId, tenantId), inArray(invUnits.id, [...unitIds])))
        ).map((u) => [u.id, u.name]),
  );
  const out = new Map<number, SkuForLine>();
  for (const { sku, product: p } of rows) {
    const units: SkuUnit[] = [];
    const add = (unitId: number, factor: string, kind: SkuUnit['kind']) => {
      // The same unit in two roles keeps its first (stock) factor.
      if (!units.some((u) => u.unitId === unitId)) {
        units.push({ unitId, unitName: names.get(unitId) ?? '', factor, kind });
      }
    };
    add(p.stockUnitId, '1', 'stock');
    add(p.purchaseUnitId, p.purchaseFactor, 'purchase');
    add(p.retailUnitId, p.retailFactor, 'retail');
    out.set(sku.id, {
      skuId: sku.id,
      productId: p.id,
      productName: p.productName,
      skuName: sku.skuName,
      tracksLot: p.tracksLot === 1,
      tracksExpiry: p.tracksExpiry === 1,
      // A disabled product disables its SKUs for new lines.
      enabledFlag: sku.enabledFlag === 1 && p.enabledFlag === 1 ? 1 : 0,
      units,
      costPrice: sku.costPrice ?? p.costPrice,
    });
  }
  return out;
};

const B = stockBalances;

/** What a warehouse holds of (sku, lot) at one location, stock units as text ('0' when nothing). */
export const balancesOf = async (
  db: Db,
  tenantId: number,
  warehouseId: number,
  location: 'stock' | 'transit',
  skuIds: readonly number[],
): Promise<Map<string, { quantity: string; avgCost: string }>> => {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: B.productId, lotNo: B.lotNo, quantity: B.quantity, avgCost: B.avgCost })
    .from(B)
    .where(
      and(
        eq(B.tenantId, tenantId),
        eq(B.book, 'inv'),
        eq(B.warehouseId, warehouseId),
        eq(B.location, location),
        inArray(B.productId, [...new Set(skuIds)]),
      ),
    );
  return new Map(
    rows.map((r) => [`${r.productId}|${r.lotNo}`, { quantity: r.quantity, avgCost: r.avgCost }]),
  );
};

/** Book quantities of a warehouse per (sku, lot) at 'stock', for counting against. */
export const stocktakeBook = async (
  db: Db,
  tenantId: number,
  warehouseId: number,
  skuIds: readonly number[] | undefined,
) => {
  const parts = [
    eq(B.tenantId, tenantId),
    eq(B.book, 'inv'),
    eq(B.warehouseId, warehouseId),
    eq(B.location, 'stock'),
  ];
  if (skuIds) parts.push(inArray(B.productId, skuIds.length ? [...skuIds] : [0]));
  else parts.push(sql`${B.quantity} <> 0`);
  return db
    .select({
      skuId: B.productId,
      productId: invSkus.productId,
      lotNo: B.lotNo,
      quantity: B.quantity,
      stockUnitId: invProducts.stockUnitId,
    })
    .from(B)
    .innerJoin(invSkus, and(eq(invSkus.tenantId, B.tenantId), eq(invSkus.id, B.productId)))
    .leftJoin(
      invProducts,
      and(eq(invProducts.tenantId, invSkus.tenantId), eq(invProducts.id, invSkus.productId)),
    )
    .where(and(...parts))
    .orderBy(B.productId, B.lotNo);
};
