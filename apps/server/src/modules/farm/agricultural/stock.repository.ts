import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { agriculturalMovements, agriculturalStocks } from './agricultural.tables.js';

/** One change of one stock: `delta` is signed (positive in, negative out), 3 decimals as text. */
export interface StockChange {
  areaId: number;
  inputId: number;
  delta: string;
  /** warehousing | shipment | task | warehousing_reversal | shipment_reversal */
  sourceType: string;
  sourceId: number | null;
  sourceCode: string | null;
  remark?: string | null;
}

export type StockResult =
  | { ok: true; balances: Map<string, string> }
  /** The first change that would take a stock below zero; nothing was written. */
  | { ok: false; shortage: { areaId: number; inputId: number; available: string; requested: string } };

const stockKey = (areaId: number, inputId: number): string => `${areaId}:${inputId}`;

/**
 * Applies stock changes and records every one of them in the movement record, all or nothing. The rows
 * are locked in a fixed order (area, input) so concurrent documents cannot deadlock or oversell; callers
 * run inside the request's transaction and must throw on `ok: false` so the transaction rolls back.
 */
export const applyStockChanges = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  changes: readonly StockChange[],
): Promise<StockResult> => {
  const balances = new Map<string, string>();
  if (changes.length === 0) return { ok: true, balances };
  const keys = [...new Set(changes.map((c) => stockKey(c.areaId, c.inputId)))].sort();
  for (const key of keys) {
    const [areaId, inputId] = key.split(':').map(Number) as [number, number];
    // Create the stock row on first use, then lock it.
    await db
      .insert(agriculturalStocks)
      .values({ tenantId, areaId, inputId, quantity: '0' })
      .onConflictDoNothing();
    const [row] = await db
      .select({ quantity: agriculturalStocks.quantity })
      .from(agriculturalStocks)
      .where(
        and(
          eq(agriculturalStocks.tenantId, tenantId),
          eq(agriculturalStocks.areaId, areaId),
          eq(agriculturalStocks.inputId, inputId),
        ),
      )
      .for('update');
    balances.set(key, row?.quantity ?? '0');
  }
  // Decimal arithmetic in thousandths, as bigint, so 0.1 + 0.2 stays exact.
  const milli = (s: string): bigint => {
    const [i = '0', f = ''] = s.replace('-', '').split('.');
    const v = BigInt(i) * 1000n + BigInt(`${f}000`.slice(0, 3));
    return s.startsWith('-') ? -v : v;
  };
  const text = (v: bigint): string => {
    const neg = v < 0n;
    const a = neg ? -v : v;
    return `${neg ? '-' : ''}${a / 1000n}.${(a % 1000n).toString().padStart(3, '0')}`;
  };
  const running = new Map([...balances].map(([k, v]) => [k, milli(v)]));
  const rows: (typeof agriculturalMovements.$inferInsert)[] = [];
  const now = new Date();
  for (const c of changes) {
    const key = stockKey(c.areaId, c.inputId);
    const before = running.get(key) ?? 0n;
    const after = before + milli(c.delta);
    if (after < 0n) {
      return {
        ok: false,
        shortage: {
          areaId: c.areaId,
          inputId: c.inputId,
          available: text(before),
          requested: text(-milli(c.delta)),
        },
      };
    }
    running.set(key, after);
    rows.push({
      tenantId,
      areaId: c.areaId,
      inputId: c.inputId,
      quantity: text(milli(c.delta)),
      balanceAfter: text(after),
      sourceType: c.sourceType,
      sourceId: c.sourceId,
      sourceCode: c.sourceCode,
      remark: c.remark ?? null,
      occurredAt: now,
      createdBy: userId,
    });
  }
  for (const [key, value] of running) {
    const [areaId, inputId] = key.split(':').map(Number) as [number, number];
    await db
      .update(agriculturalStocks)
      .set({ quantity: text(value), lastMovementAt: now })
      .where(
        and(
          eq(agriculturalStocks.tenantId, tenantId),
          eq(agriculturalStocks.areaId, areaId),
          eq(agriculturalStocks.inputId, inputId),
        ),
      );
    balances.set(key, text(value));
  }
  await db.insert(agriculturalMovements).values(rows);
  return { ok: true, balances };
};

/** Quantity text of a stock, for messages; '0.000' when none was ever recorded. */
export const stockOf = async (db: Db, tenantId: number, areaId: number, inputId: number): Promise<string> => {
  const [row] = await db
    .select({ quantity: agriculturalStocks.quantity })
    .from(agriculturalStocks)
    .where(
      and(
        eq(agriculturalStocks.tenantId, tenantId),
        eq(agriculturalStocks.areaId, areaId),
        eq(agriculturalStocks.inputId, inputId),
      ),
    );
  return row?.quantity ?? '0.000';
};
