import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { dropEmptyBalances, stockBalances, stockLedger } from '../../stock/ledger/index.js';
import { agriculturalDocumentLines, agriculturalInputs } from './agricultural.tables.js';

export type InputRow = typeof agriculturalInputs.$inferSelect;

export interface InputValues {
  inputCode: string;
  inputName: string;
  category: string;
  registrationNo: string | null;
  manufacturer: string | null;
  specification: string | null;
  unit: string;
  price: string | null;
  imageUrl: string | null;
  description: string | null;
  nPercent: string | null;
  p2o5Percent: string | null;
  k2oPercent: string | null;
  nitrogenSource: string | null;
  enabledFlag: number;
}

export type InputWrite = Written<InputRow, 'code' | 'name'>;

const UNIQUE = { agricultural_inputs_code_uq: 'code', agricultural_inputs_name_uq: 'name' } as const;

const byTenant = (tenantId: number): SQL => eq(agriculturalInputs.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL =>
  and(byTenant(tenantId), eq(agriculturalInputs.id, id)) as SQL;

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface InputFilter {
  inputName?: string | undefined;
  inputCode?: string | undefined;
  category?: string | undefined;
  enabledFlag?: number | undefined;
}

/** One page (limit undefined = all) and the total, newest first. */
export const listInputs = async (
  db: Db,
  tenantId: number,
  f: InputFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: InputRow[]; total: number }> => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.inputName) parts.push(ilike(agriculturalInputs.inputName, `%${escapeLike(f.inputName)}%`));
  if (f.inputCode) parts.push(ilike(agriculturalInputs.inputCode, `%${escapeLike(f.inputCode)}%`));
  if (f.category) parts.push(eq(agriculturalInputs.category, f.category));
  if (f.enabledFlag !== undefined) parts.push(eq(agriculturalInputs.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = db
    .select()
    .from(agriculturalInputs)
    .where(where)
    .orderBy(desc(agriculturalInputs.creationDate), desc(agriculturalInputs.id));
  return pageRows(q, () => db.select({ n: count() }).from(agriculturalInputs).where(where), limit, offset);
};

export const findInput = async (db: Db, tenantId: number, id: number): Promise<InputRow | undefined> => {
  const [r] = await db.select().from(agriculturalInputs).where(byId(tenantId, id));
  return r;
};

export interface InputRef {
  id: number;
  inputName: string;
  unit: string;
  category: string;
  registrationNo: string | null;
}

/** Name, unit, category and registration number of the tenant's inputs among ids (the one lookup other modules use, ADR 0009). */
export const inputsById = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, InputRef>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: agriculturalInputs.id,
      inputName: agriculturalInputs.inputName,
      unit: agriculturalInputs.unit,
      category: agriculturalInputs.category,
      registrationNo: agriculturalInputs.registrationNo,
    })
    .from(agriculturalInputs)
    .where(and(byTenant(tenantId), inArray(agriculturalInputs.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
};

/**
 * The inputs of document lines, locked FOR SHARE so a concurrent delete of one of them waits for the
 * document (and then sees its movements).
 */
export const findInputsShared = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<InputRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(agriculturalInputs)
        .where(and(byTenant(tenantId), inArray(agriculturalInputs.id, [...ids])))
        .for('share');

/** Locks one input for a delete. */
export const lockInput = async (db: Db, tenantId: number, id: number): Promise<InputRow | undefined> => {
  const [r] = await db.select().from(agriculturalInputs).where(byId(tenantId, id)).for('update');
  return r;
};

export const inputCodeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [byTenant(tenantId), eq(agriculturalInputs.inputCode, code)];
  if (exceptId !== undefined) parts.push(ne(agriculturalInputs.id, exceptId));
  const [r] = await db
    .select({ id: agriculturalInputs.id })
    .from(agriculturalInputs)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

/** Same name and specification (no specification counts as one), which the unique index lets through. */
export const inputNameTaken = async (
  db: Db,
  tenantId: number,
  name: string,
  specification: string | null,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [
    byTenant(tenantId),
    eq(agriculturalInputs.inputName, name),
    sql`${agriculturalInputs.specification} is not distinct from ${specification}`,
  ];
  if (exceptId !== undefined) parts.push(ne(agriculturalInputs.id, exceptId));
  const [r] = await db
    .select({ id: agriculturalInputs.id })
    .from(agriculturalInputs)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

export const insertInput = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: InputValues,
): Promise<InputWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(agriculturalInputs)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('agricultural input insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateInput = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: InputValues,
): Promise<InputWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(agriculturalInputs)
      .set({ ...v, ...bump(userId, agriculturalInputs.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(agriculturalInputs.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Whether the input ever moved, is held anywhere or sits on a document: then it may only be disabled. */
export const inputInUse = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const [m] = await db
    .select({ id: stockLedger.id })
    .from(stockLedger)
    .where(
      and(eq(stockLedger.tenantId, tenantId), eq(stockLedger.book, 'agri'), eq(stockLedger.productId, id)),
    )
    .limit(1);
  if (m) return true;
  const [s] = await db
    .select({ id: stockBalances.productId })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.tenantId, tenantId),
        eq(stockBalances.book, 'agri'),
        eq(stockBalances.productId, id),
        ne(stockBalances.quantity, '0'),
      ),
    )
    .limit(1);
  if (s) return true;
  const [l] = await db
    .select({ id: agriculturalDocumentLines.id })
    .from(agriculturalDocumentLines)
    .where(and(eq(agriculturalDocumentLines.tenantId, tenantId), eq(agriculturalDocumentLines.inputId, id)))
    .limit(1);
  return l !== undefined;
};

/** Deletes an input and its empty stock rows (created on first use, never moved). */
export const deleteInput = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await dropEmptyBalances(db, tenantId, 'agri', { productId: id });
  const gone = await db
    .delete(agriculturalInputs)
    .where(byId(tenantId, id))
    .returning({ id: agriculturalInputs.id });
  return gone.length > 0;
};
