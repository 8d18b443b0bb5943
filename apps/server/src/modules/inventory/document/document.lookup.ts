import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { COST_SCALE, stockBalances, stockLedger } from '../../stock/ledger/index.js';
import { invBusinesses } from '../business/index.js';
import { invOptions } from '../option/index.js';
import { invWarehouses } from '../store/index.js';
import { invDocumentLines } from './document.tables.js';

// What documents read of other inventory domains' tables (their indexes export them). SKUs are read
// through the product domain's findSkusForLines.

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
    .select({ skuId: B.productId, lotNo: B.lotNo, quantity: B.quantity })
    .from(B)
    .where(and(...parts))
    .orderBy(B.productId, B.lotNo);
};

/**
 * A customer return's receipt lines → the cost per stock unit their goods left at: the ledger's issue of
 * the sale outbound line the return came from (receipt line → return line → outbound line), averaged over
 * its postings. Lines not traced back to a posted outbound are absent.
 */
export const issueCostsOfReturns = async (
  db: Db,
  tenantId: number,
  receiptLineIds: readonly number[],
): Promise<Map<number, string>> => {
  if (receiptLineIds.length === 0) return new Map();
  const rl = alias(invDocumentLines, 'rl');
  const sl = alias(invDocumentLines, 'sl');
  const L = stockLedger;
  const rows = await db
    .select({
      lineId: invDocumentLines.id,
      cost: sql<string>`round(sum(${L.valueChange}) / nullif(sum(${L.quantity}), 0), ${sql.raw(String(COST_SCALE))})::text`,
    })
    .from(invDocumentLines)
    .innerJoin(rl, and(eq(rl.tenantId, invDocumentLines.tenantId), eq(rl.id, invDocumentLines.sourceLineId)))
    .innerJoin(sl, and(eq(sl.tenantId, rl.tenantId), eq(sl.id, rl.sourceLineId)))
    .innerJoin(
      L,
      and(
        eq(L.tenantId, sl.tenantId),
        eq(L.sourceType, 'shipment'),
        eq(L.sourceId, sl.documentId),
        eq(L.sourceLineId, sl.id),
        eq(L.book, 'inv'),
        eq(L.location, 'stock'),
      ),
    )
    .where(and(eq(invDocumentLines.tenantId, tenantId), inArray(invDocumentLines.id, [...receiptLineIds])))
    .groupBy(invDocumentLines.id);
  return new Map(rows.flatMap((r) => (r.cost === null ? [] : [[r.lineId, r.cost] as const])));
};
