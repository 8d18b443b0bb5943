import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { invBusinesses } from '../business/index.js';
import { invProducts, invSkus } from '../product/index.js';
import { invWarehouses } from '../store/index.js';
import { invUnits } from '../unit/index.js';
import { invDocumentLines, invDocuments } from './document.tables.js';

// The only place with SQL on inv_documents / inv_document_lines.

export type DocRow = typeof invDocuments.$inferSelect;
export type LineRow = typeof invDocumentLines.$inferSelect;
export type DocView = DocRow & {
  warehouseName: string | null;
  toWarehouseName: string | null;
  businessName: string | null;
  lineCount: number;
};
export type LineView = LineRow & {
  skuCode: string | null;
  skuName: string | null;
  productCode: string | null;
  productName: string | null;
  specification: string | null;
  model: string | null;
  unitName: string | null;
};

export type DocValues = Omit<
  typeof invDocuments.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'lastUpdatedBy'
  | 'objectVersionNumber'
  | 'creationDate'
  | 'lastUpdateDate'
>;
export type LineValues = Omit<
  typeof invDocumentLines.$inferInsert,
  'tenantId' | 'id' | 'documentId' | 'lineNo'
>;

const D = invDocuments;
const L = invDocumentLines;
const toWh = alias(invWarehouses, 'to_wh');

const byId = (tenantId: number, id: number): SQL => and(eq(D.tenantId, tenantId), eq(D.id, id)) as SQL;

const lineCount = sql<number>`(select count(*)::int from inv_document_lines l
  where l.tenant_id = ${D.tenantId} and l.document_id = ${D.id})`;

const selectView = (db: Db) =>
  db
    .select({
      doc: D,
      warehouseName: invWarehouses.warehouseName,
      toWarehouseName: toWh.warehouseName,
      businessName: invBusinesses.businessName,
      lineCount,
    })
    .from(D)
    .leftJoin(invWarehouses, and(eq(invWarehouses.tenantId, D.tenantId), eq(invWarehouses.id, D.warehouseId)))
    .leftJoin(toWh, and(eq(toWh.tenantId, D.tenantId), eq(toWh.id, D.toWarehouseId)))
    .leftJoin(invBusinesses, and(eq(invBusinesses.tenantId, D.tenantId), eq(invBusinesses.id, D.businessId)));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];
const asView = (r: ViewRow): DocView => ({
  ...r.doc,
  warehouseName: r.warehouseName,
  toWarehouseName: r.toWarehouseName,
  businessName: r.businessName,
  lineCount: Number(r.lineCount),
});

export interface DocFilter {
  docTypes: readonly string[];
  bizType?: string | undefined;
  auditState?: string | undefined;
  execState?: string | undefined;
  warehouseId?: number | undefined;
  businessId?: number | undefined;
  sourceDocId?: number | undefined;
  docCode?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page (limit undefined = all) and the total, latest date first. */
export const listDocs = async (
  db: Db,
  tenantId: number,
  f: DocFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: DocView[]; total: number }> => {
  const parts: SQL[] = [eq(D.tenantId, tenantId), inArray(D.docType, [...f.docTypes])];
  if (f.bizType) parts.push(eq(D.bizType, f.bizType));
  if (f.auditState) parts.push(eq(D.auditState, f.auditState));
  if (f.execState) parts.push(eq(D.execState, f.execState));
  if (f.warehouseId !== undefined) {
    parts.push(or(eq(D.warehouseId, f.warehouseId), eq(D.toWarehouseId, f.warehouseId)) as SQL);
  }
  if (f.businessId !== undefined) parts.push(eq(D.businessId, f.businessId));
  if (f.sourceDocId !== undefined) parts.push(eq(D.sourceDocId, f.sourceDocId));
  if (f.docCode) parts.push(ilike(D.docCode, `%${escapeLike(f.docCode)}%`));
  if (f.dateFrom) parts.push(gte(D.docDate, f.dateFrom));
  if (f.dateTo) parts.push(lte(D.docDate, f.dateTo));
  const where = and(...parts) as SQL;
  const q = selectView(db).where(where).orderBy(desc(D.docDate), desc(D.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(D).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(asView), total };
};

export const findDocView = async (db: Db, tenantId: number, id: number): Promise<DocView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? asView(r) : undefined;
};

/** Locks a document; concurrent writers of it (edits, executions, conversions) wait for this one. */
export const lockDoc = async (db: Db, tenantId: number, id: number): Promise<DocRow | undefined> => {
  const [r] = await db.select().from(D).where(byId(tenantId, id)).for('update');
  return r;
};

export const insertDoc = async (db: Db, tenantId: number, userId: number, v: DocValues): Promise<DocRow> => {
  const [r] = await db
    .insert(D)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('inventory document insert returned nothing');
  return r;
};

/** Optimistic update of the header; undefined when no row has this id and version. */
export const updateDoc = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<DocValues>,
): Promise<DocRow | undefined> => {
  const [r] = await db
    .update(D)
    .set({ ...v, ...bump(userId, D.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(D.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Sets state columns; bumps the version unless the row was inserted in this same call chain. */
export const patchDoc = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  v: Partial<DocValues>,
  bumpVersion = true,
): Promise<void> => {
  await db
    .update(D)
    .set({ ...v, ...(bumpVersion ? bump(userId, D.objectVersionNumber) : {}) })
    .where(byId(tenantId, id));
};

export const deleteDoc = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(L).where(and(eq(L.tenantId, tenantId), eq(L.documentId, id)));
  await db.delete(D).where(byId(tenantId, id));
};

// Line writes (fixed-text statements) live in document.lines.repository.ts.
export { addToLines, replaceLines, setLines, setLinesAndState } from './document.lines.repository.js';

/** A document's own lines, in order (optionally locked). */
export const rawLines = async (db: Db, tenantId: number, docId: number, lock = false): Promise<LineRow[]> => {
  const q = db
    .select()
    .from(L)
    .where(and(eq(L.tenantId, tenantId), eq(L.documentId, docId)))
    .orderBy(asc(L.lineNo));
  return lock ? q.for('update') : q;
};

/** Lines by id (any document of the tenant). */
export const linesById = async (db: Db, tenantId: number, ids: readonly number[]): Promise<LineRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(L)
        .where(and(eq(L.tenantId, tenantId), inArray(L.id, [...ids])));

/** The lines of some documents with SKU, product and unit names, in line order. */
export const linesOf = async (db: Db, tenantId: number, docIds: readonly number[]): Promise<LineView[]> => {
  if (docIds.length === 0) return [];
  const rows = await db
    .select({
      line: L,
      skuCode: invSkus.skuCode,
      skuName: invSkus.skuName,
      productCode: invProducts.productCode,
      productName: invProducts.productName,
      specification: invProducts.specification,
      model: invProducts.model,
      unitName: invUnits.unitName,
    })
    .from(L)
    .leftJoin(invSkus, and(eq(invSkus.tenantId, L.tenantId), eq(invSkus.id, L.skuId)))
    .leftJoin(invProducts, and(eq(invProducts.tenantId, L.tenantId), eq(invProducts.id, L.productId)))
    .leftJoin(invUnits, and(eq(invUnits.tenantId, L.tenantId), eq(invUnits.id, L.unitId)))
    .where(and(eq(L.tenantId, tenantId), inArray(L.documentId, [...docIds])))
    .orderBy(asc(L.documentId), asc(L.lineNo));
  return rows.map(({ line, ...names }) => ({ ...line, ...names }));
};

/** Documents converted from one (children), oldest first. */
/** Documents converted from `id` and the one reversing it, in one round trip (a detail's links). */
export const relatedOf = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ children: DocRow[]; reversedBy: DocRow | undefined }> => {
  const rows = await db
    .select()
    .from(D)
    .where(and(eq(D.tenantId, tenantId), or(eq(D.sourceDocId, id), eq(D.reversalOfId, id))))
    .orderBy(asc(D.id));
  return {
    children: rows.filter((r) => r.sourceDocId === id),
    reversedBy: rows.find((r) => r.reversalOfId === id),
  };
};

export const findDocRow = async (db: Db, tenantId: number, id: number): Promise<DocRow | undefined> => {
  const [r] = await db.select().from(D).where(byId(tenantId, id));
  return r;
};

/** Sum of done_qty of the lines of `docType` documents converted from each source line. */
export const doneBySourceLine = async (
  db: Db,
  tenantId: number,
  sourceLineIds: readonly number[],
  docType: string,
): Promise<Map<number, string>> => {
  if (sourceLineIds.length === 0) return new Map();
  const rows = await db
    .select({ id: L.sourceLineId, done: sql<string>`sum(${L.doneQty})::text` })
    .from(L)
    .innerJoin(D, and(eq(D.tenantId, L.tenantId), eq(D.id, L.documentId)))
    .where(and(eq(L.tenantId, tenantId), inArray(L.sourceLineId, [...sourceLineIds]), eq(D.docType, docType)))
    .groupBy(L.sourceLineId);
  return new Map(rows.map((r) => [Number(r.id), r.done ?? '0']));
};

/** How many documents / lines name a row (delete-while-referenced checks). */
export const countDocsNaming = async (
  db: Db,
  tenantId: number,
  col: 'warehouse' | 'business',
  id: number,
): Promise<number> => {
  const where =
    col === 'warehouse' ? or(eq(D.warehouseId, id), eq(D.toWarehouseId, id)) : eq(D.businessId, id);
  const [r] = await db
    .select({ n: count() })
    .from(D)
    .where(and(eq(D.tenantId, tenantId), where));
  return r?.n ?? 0;
};

export const countLinesNaming = async (
  db: Db,
  tenantId: number,
  col: 'sku' | 'product' | 'unit',
  id: number,
): Promise<number> => {
  const c = col === 'sku' ? L.skuId : col === 'product' ? L.productId : L.unitId;
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${L.documentId})::int` })
    .from(L)
    .where(and(eq(L.tenantId, tenantId), eq(c, id)));
  return Number(r?.n ?? 0);
};
