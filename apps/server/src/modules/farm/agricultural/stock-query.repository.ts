import { and, asc, count, desc, eq, gt, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { stockBalances, stockLedger } from '../../stock/ledger/index.js';
import { areas } from '../area/index.js';
import { agriculturalDocuments, agriculturalInputs } from './agricultural.tables.js';
import { escapeLike } from './input.repository.js';

// The agricultural pages read the ledger's book 'agri' (warehouse = base, product = input, no lots,
// location 'stock'), in the 3 decimals they have always shown.

const B = stockBalances;
const I = agriculturalInputs;
const L = stockLedger;

/** The agri book's balance rows (agricultural stock has no lots and no transit). */
const agriBalance = (tenantId: number): SQL[] => [
  eq(B.tenantId, tenantId),
  eq(B.book, 'agri'),
  eq(B.lotNo, ''),
  eq(B.location, 'stock'),
];
const qty3 = (c: typeof B.quantity | typeof L.quantity | typeof L.balanceQty) =>
  sql<string>`${c}::numeric(14,3)::text`;

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
  const parts: SQL[] = agriBalance(tenantId);
  if (f.areaId !== undefined) parts.push(eq(B.warehouseId, f.areaId));
  if (f.inputId !== undefined) parts.push(eq(B.productId, f.inputId));
  if (f.category) parts.push(eq(I.category, f.category));
  if (f.inputName) parts.push(ilike(I.inputName, `%${escapeLike(f.inputName)}%`));
  if (f.stockState === 'zero') parts.push(eq(B.quantity, '0'));
  if (f.stockState === 'inStock') parts.push(gt(B.quantity, '0'));
  if (f.stockState === 'low') parts.push(gt(B.quantity, '0'), lt(B.quantity, f.lowBelow));
  const where = and(...parts) as SQL;
  const join = and(eq(I.tenantId, B.tenantId), eq(I.id, B.productId));
  const q = db
    .select({
      areaId: B.warehouseId,
      areaName: areas.areaName,
      inputId: B.productId,
      inputCode: I.inputCode,
      inputName: I.inputName,
      category: I.category,
      specification: I.specification,
      unit: I.unit,
      price: I.price,
      enabledFlag: I.enabledFlag,
      quantity: qty3(B.quantity),
      lastMovementAt: B.lastPostedAt,
    })
    .from(B)
    .innerJoin(I, join)
    .leftJoin(areas, and(eq(areas.tenantId, B.tenantId), eq(areas.id, B.warehouseId)))
    .where(where)
    .orderBy(asc(B.warehouseId), asc(I.inputName), asc(B.productId));
  return pageRows(q, () => db.select({ n: count() }).from(B).innerJoin(I, join).where(where), limit, offset);
};

export interface MovementRow {
  id: number;
  areaId: number;
  inputId: number;
  quantity: string;
  balanceAfter: string;
  sourceType: string;
  sourceId: number | null;
  sourceCode: string | null;
  remark: string | null;
  occurredAt: Date;
  createdBy: number | null;
}

/** The movement record of one stock, newest first. */
export const listMovements = async (
  db: Db,
  tenantId: number,
  areaId: number,
  inputId: number,
  limit?: number,
  offset = 0,
): Promise<{ rows: MovementRow[]; total: number }> => {
  const where = and(
    eq(L.tenantId, tenantId),
    eq(L.book, 'agri'),
    eq(L.warehouseId, areaId),
    eq(L.productId, inputId),
    eq(L.lotNo, ''),
    eq(L.location, 'stock'),
  ) as SQL;
  const q = db
    .select({
      id: L.id,
      areaId: L.warehouseId,
      inputId: L.productId,
      quantity: qty3(L.quantity),
      balanceAfter: qty3(L.balanceQty),
      sourceType: L.sourceType,
      sourceId: L.sourceId,
      sourceCode: L.sourceCode,
      remark: L.remark,
      occurredAt: L.postedAt,
      createdBy: L.createdBy,
    })
    .from(L)
    .where(where)
    .orderBy(desc(L.postedAt), desc(L.id));
  return pageRows(q, () => db.select({ n: count() }).from(L).where(where), limit, offset);
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
