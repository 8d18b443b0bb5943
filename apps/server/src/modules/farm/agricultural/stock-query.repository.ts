import { and, asc, count, desc, eq, gt, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { areas } from '../area/index.js';
import {
  agriculturalDocuments,
  agriculturalInputs,
  agriculturalMovements,
  agriculturalStocks,
} from './agricultural.tables.js';
import { escapeLike } from './input.repository.js';

const S = agriculturalStocks;
const I = agriculturalInputs;
const M = agriculturalMovements;

export interface StockView {
  areaId: number;
  areaName: string | null;
  inputId: number;
  inputCode: string;
  inputName: string;
  category: string;
  specification: string | null;
  unit: string;
  price: string | null;
  enabledFlag: number;
  quantity: string;
  lastMovementAt: Date;
}

export interface StockFilter {
  areaId?: number | undefined;
  inputId?: number | undefined;
  category?: string | undefined;
  inputName?: string | undefined;
  stockState?: 'zero' | 'low' | 'inStock' | undefined;
  /** Text with up to 3 decimals; used by stockState 'low'. */
  lowBelow: string;
}

/** Per-base stock with its input, by base then input name (limit undefined = all). */
export const listStocks = async (
  db: Db,
  tenantId: number,
  f: StockFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: StockView[]; total: number }> => {
  const parts: SQL[] = [eq(S.tenantId, tenantId)];
  if (f.areaId !== undefined) parts.push(eq(S.areaId, f.areaId));
  if (f.inputId !== undefined) parts.push(eq(S.inputId, f.inputId));
  if (f.category) parts.push(eq(I.category, f.category));
  if (f.inputName) parts.push(ilike(I.inputName, `%${escapeLike(f.inputName)}%`));
  if (f.stockState === 'zero') parts.push(eq(S.quantity, '0'));
  if (f.stockState === 'inStock') parts.push(gt(S.quantity, '0'));
  if (f.stockState === 'low') parts.push(gt(S.quantity, '0'), lt(S.quantity, f.lowBelow));
  const where = and(...parts) as SQL;
  const join = and(eq(I.tenantId, S.tenantId), eq(I.id, S.inputId));
  const q = db
    .select({
      areaId: S.areaId,
      areaName: areas.areaName,
      inputId: S.inputId,
      inputCode: I.inputCode,
      inputName: I.inputName,
      category: I.category,
      specification: I.specification,
      unit: I.unit,
      price: I.price,
      enabledFlag: I.enabledFlag,
      quantity: S.quantity,
      lastMovementAt: S.lastMovementAt,
    })
    .from(S)
    .innerJoin(I, join)
    .leftJoin(areas, and(eq(areas.tenantId, S.tenantId), eq(areas.id, S.areaId)))
    .where(where)
    .orderBy(asc(S.areaId), asc(I.inputName), asc(S.inputId));
  return pageRows(q, () => db.select({ n: count() }).from(S).innerJoin(I, join).where(where), limit, offset);
};

export type MovementRow = typeof agriculturalMovements.$inferSelect;

/** The movement record of one stock, newest first. */
export const listMovements = async (
  db: Db,
  tenantId: number,
  areaId: number,
  inputId: number,
  limit?: number,
  offset = 0,
): Promise<{ rows: MovementRow[]; total: number }> => {
  const where = and(eq(M.tenantId, tenantId), eq(M.areaId, areaId), eq(M.inputId, inputId)) as SQL;
  const q = db.select().from(M).where(where).orderBy(desc(M.occurredAt), desc(M.id));
  return pageRows(q, () => db.select({ n: count() }).from(M).where(where), limit, offset);
};

/** Which of these documents still exist, as `${docType}:${id}`. */
export const existingDocs = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: agriculturalDocuments.id, docType: agriculturalDocuments.docType })
    .from(agriculturalDocuments)
    .where(and(eq(agriculturalDocuments.tenantId, tenantId), inArray(agriculturalDocuments.id, [...ids])));
  return new Set(rows.map((r) => `${r.docType}:${r.id}`));
};
