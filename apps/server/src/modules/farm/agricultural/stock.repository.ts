import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { fromUnits, rescale, toUnits } from '../../../platform/decimal.js';
import { type LedgerPosting, postLedger, QTY_SCALE, stockBalances } from '../../stock/ledger/index.js';

// A base's agricultural inputs are the ledger's book 'agri' (ADR 0014): warehouse = the base, product =
// the input, no lots, location 'stock'. This file is the book's only writer; it never allows negatives.

/** One change of one stock: `delta` is signed (positive in, negative out), 3 decimals as text. */
export interface StockChange {
  areaId: number;
  inputId: number;
  delta: string;
  /** warehousing | shipment | task | warehousing_reversal | shipment_reversal */
  sourceType: string;
  sourceId: number | null;
  sourceCode: string | null;
  /** The business date ('yyyy-MM-dd'): the document's date, or the farm day a task finished. */
  docDate: string;
  /** A receipt's unit price (2 decimals); null or undefined: the stock's moving average. */
  unitCost?: string | null | undefined;
  remark?: string | null;
}

export type StockResult =
  | { ok: true; balances: Map<string, string> }
  /** The first stock the changes would take below zero (net of the call); nothing was written. */
  | { ok: false; shortage: { areaId: number; inputId: number; available: string; requested: string } };

/** Ledger quantity text (8 decimals) → the 3 decimals the agricultural pages show. */
const qty3 = (s: string): string => fromUnits(rescale(toUnits(s, QTY_SCALE), QTY_SCALE, 3), 3);

/**
 * Posts stock changes through the one ledger engine, all or nothing: increases first, balances locked in
 * a fixed order, so concurrent documents cannot deadlock or oversell. Callers run inside the request's
 * transaction and must throw on `ok: false` so it rolls back. Balances answer as `${areaId}:${inputId}`.
 */
export const applyStockChanges = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  changes: readonly StockChange[],
): Promise<StockResult> => {
  const postings: LedgerPosting[] = changes.map((c) => ({
    book: 'agri',
    warehouseId: c.areaId,
    productId: c.inputId,
    areaId: c.areaId,
    quantity: c.delta,
    unitCost: c.unitCost ?? null,
    sourceType: c.sourceType,
    sourceId: c.sourceId,
    sourceCode: c.sourceCode,
    docDate: c.docDate,
    remark: c.remark ?? null,
  }));
  const res = await postLedger(db, tenantId, userId, postings);
  if (!res.ok) {
    const s = res.shortage;
    return {
      ok: false,
      shortage: {
        areaId: s.warehouseId,
        inputId: s.productId,
        available: qty3(s.available),
        requested: qty3(s.requested),
      },
    };
  }
  const balances = new Map<string, string>();
  for (const c of changes) {
    const after = res.balances.get(`agri|${c.areaId}|${c.inputId}||stock`);
    if (after) balances.set(`${c.areaId}:${c.inputId}`, qty3(after.quantity));
  }
  return { ok: true, balances };
};

/** Quantity text of a stock, for messages; '0.000' when none was ever recorded. */
export const stockOf = async (db: Db, tenantId: number, areaId: number, inputId: number): Promise<string> => {
  const B = stockBalances;
  const [row] = await db
    .select({ quantity: sql<string>`${B.quantity}::numeric(14,3)::text` })
    .from(B)
    .where(
      and(
        eq(B.tenantId, tenantId),
        eq(B.book, 'agri'),
        eq(B.warehouseId, areaId),
        eq(B.productId, inputId),
        eq(B.lotNo, ''),
        eq(B.location, 'stock'),
      ),
    );
  return row?.quantity ?? '0.000';
};
