import { and, asc, count, desc, eq, gte, ilike, inArray, like, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../area/index.js';
import {
  agriculturalDocumentLines,
  agriculturalDocuments,
  agriculturalInputs,
} from './agricultural.tables.js';
import { escapeLike } from './input.repository.js';

export type DocRow = typeof agriculturalDocuments.$inferSelect;
export type DocView = DocRow & { areaName: string | null };
export type LineRow = typeof agriculturalDocumentLines.$inferSelect;
export type LineView = LineRow & {
  inputCode: string | null;
  inputName: string | null;
  category: string | null;
  specification: string | null;
  unit: string | null;
};

export interface DocValues {
  docCode: string;
  areaId: number;
  docDate: string;
  counterparty: string | null;
  handler: string | null;
  remark: string | null;
}

export interface LineValues {
  inputId: number;
  quantity: string;
  unitPrice: string | null;
}

export type DocWrite = Written<DocRow, 'code'>;
const UNIQUE = { agricultural_documents_code_uq: 'code' } as const;

const D = agriculturalDocuments;
const L = agriculturalDocumentLines;

const byDoc = (tenantId: number, docType: string, id: number): SQL =>
  and(eq(D.tenantId, tenantId), eq(D.docType, docType), eq(D.id, id)) as SQL;

/**
 * Serialises code generation per tenant and document type: the next serial is read and written under this
 * lock, so two documents created at once cannot pick the same number (the unique index backs it up).
 */
export const lockDocCodes = async (db: Db, tenantId: number, docType: string): Promise<void> => {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`agri-doc:${tenantId}:${docType}`}, 0))`,
  );
};

export const docCodesWithPrefix = async (db: Db, tenantId: number, prefix: string): Promise<string[]> =>
  (
    await db
      .select({ code: D.docCode })
      .from(D)
      .where(and(eq(D.tenantId, tenantId), like(D.docCode, `${escapeLike(prefix)}%`)))
  ).map((r) => r.code);

export const docCodeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const rows = await db
    .select({ id: D.id })
    .from(D)
    .where(and(eq(D.tenantId, tenantId), eq(D.docCode, code)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
};

export interface DocFilter {
  docCode?: string | undefined;
  areaId?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  auditState?: string | undefined;
}

const selectView = (db: Db) =>
  db
    .select({ doc: D, areaName: areas.areaName })
    .from(D)
    .leftJoin(areas, and(eq(areas.tenantId, D.tenantId), eq(areas.id, D.areaId)));

/** One page (limit undefined = all) and the total, latest date first. */
export const listDocs = async (
  db: Db,
  tenantId: number,
  docType: string,
  f: DocFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: DocView[]; total: number }> => {
  const parts: SQL[] = [eq(D.tenantId, tenantId), eq(D.docType, docType)];
  if (f.docCode) parts.push(ilike(D.docCode, `%${escapeLike(f.docCode)}%`));
  if (f.areaId !== undefined) parts.push(eq(D.areaId, f.areaId));
  if (f.startDate) parts.push(gte(D.docDate, f.startDate));
  if (f.endDate) parts.push(lte(D.docDate, f.endDate));
  if (f.auditState) parts.push(eq(D.auditState, f.auditState));
  const where = and(...parts) as SQL;
  const q = selectView(db).where(where).orderBy(desc(D.docDate), desc(D.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(D).where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.doc, areaName: r.areaName })), total };
};

export const findDoc = async (
  db: Db,
  tenantId: number,
  docType: string,
  id: number,
): Promise<DocView | undefined> => {
  const [r] = await selectView(db).where(byDoc(tenantId, docType, id));
  return r ? { ...r.doc, areaName: r.areaName } : undefined;
};

/** Locks a document for an edit or delete; concurrent writers of it wait, then see its new version. */
export const lockDoc = async (
  db: Db,
  tenantId: number,
  docType: string,
  id: number,
): Promise<DocRow | undefined> => {
  const [r] = await db
    .select()
    .from(D)
    .where(byDoc(tenantId, docType, id))
    .for('update');
  return r;
};

/** The lines of some documents with their inputs' names, in line order. */
export const linesOf = async (db: Db, tenantId: number, docIds: readonly number[]): Promise<LineView[]> => {
  if (docIds.length === 0) return [];
  const rows = await db
    .select({
      line: L,
      inputCode: agriculturalInputs.inputCode,
      inputName: agriculturalInputs.inputName,
      category: agriculturalInputs.category,
      specification: agriculturalInputs.specification,
      unit: agriculturalInputs.unit,
    })
    .from(L)
    .leftJoin(
      agriculturalInputs,
      and(eq(agriculturalInputs.tenantId, L.tenantId), eq(agriculturalInputs.id, L.inputId)),
    )
    .where(and(eq(L.tenantId, tenantId), inArray(L.documentId, [...docIds])))
    .orderBy(asc(L.documentId), asc(L.lineNo));
  return rows.map((r) => ({
    ...r.line,
    inputCode: r.inputCode,
    inputName: r.inputName,
    category: r.category,
    specification: r.specification,
    unit: r.unit,
  }));
};

export const insertDoc = async (
  db: Db,
  tenantId: number,
  userId: number,
  docType: string,
  v: DocValues,
): Promise<DocWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(D)
      .values({ tenantId, docType, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('agricultural document insert returned nothing');
  return res;
};

/** Optimistic update of the header; undefined when no row has this id and version. */
export const updateDoc = async (
  db: Db,
  tenantId: number,
  docType: string,
  id: number,
  version: number,
  userId: number,
  v: DocValues,
): Promise<DocWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(D)
      .set({ ...v, ...bump(userId, D.objectVersionNumber) })
      .where(and(byDoc(tenantId, docType, id), eq(D.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Replaces a document's lines, numbered 1.. in the order given. */
export const replaceLines = async (
  db: Db,
  tenantId: number,
  docId: number,
  lines: readonly LineValues[],
): Promise<void> => {
  await db.delete(L).where(and(eq(L.tenantId, tenantId), eq(L.documentId, docId)));
  if (lines.length === 0) return;
  await db.insert(L).values(lines.map((l, i) => ({ tenantId, documentId: docId, ...l, lineNo: i + 1 })));
};

export const deleteDoc = async (db: Db, tenantId: number, docType: string, id: number): Promise<void> => {
  await db.delete(L).where(and(eq(L.tenantId, tenantId), eq(L.documentId, id)));
  await db.delete(D).where(byDoc(tenantId, docType, id));
};

/**
 * Sets a document's approval state (and process); `bumpVersion` false only right after its insert, so a
 * new document still answers version 1. Hooks bump it: an edit based on the old state becomes stale.
 */
export const setDocAudit = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  patch: { auditState: string; processId?: number | null },
  bumpVersion = true,
): Promise<void> => {
  await db
    .update(D)
    .set({ ...patch, ...(bumpVersion ? bump(userId, D.objectVersionNumber) : {}) })
    .where(and(eq(D.tenantId, tenantId), eq(D.id, id)));
};
