import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { runFixed } from '../../../platform/db/fixed.js';
import type { LineRow, LineValues } from './document.repository.js';
import { invDocumentLines as L } from './document.tables.js';

// Line writes are fixed text (arrays expanded with unnest), prepared once per connection whatever the
// number of lines: a 10-line shipment and a 10,000-line stocktake send the same statement.
const INSERT_LINES = `
  insert into inv_document_lines (tenant_id, document_id, line_no, sku_id, product_id, unit_id, factor, quantity,
                                  unit_price, amount, lot_no, expiry_date, source_line_id, converted_qty, done_qty,
                                  book_qty, remark)
  select $1::bigint, $2::bigint, r.n, r.sku_id, r.product_id, r.unit_id, coalesce(r.factor, 1), r.quantity,
         r.unit_price, r.amount, coalesce(r.lot_no, ''), r.expiry_date, r.source_line_id,
         coalesce(r.converted_qty, 0), coalesce(r.done_qty, 0), r.book_qty, r.remark
    from unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[], $8::numeric[],
                $9::numeric[], $10::text[], $11::date[], $12::bigint[], $13::numeric[], $14::numeric[],
                $15::numeric[], $16::text[])
      with ordinality as r(sku_id, product_id, unit_id, factor, quantity, unit_price, amount, lot_no, expiry_date,
                           source_line_id, converted_qty, done_qty, book_qty, remark, n)
   order by r.n
  returning tenant_id::text, id::text, document_id::text, line_no, sku_id::text, product_id::text, unit_id::text,
            factor::text, quantity::text, unit_price::text, amount::text, lot_no, expiry_date::text,
            source_line_id::text, converted_qty::text, done_qty::text, book_qty::text, remark`;

interface LineText {
  tenant_id: string;
  id: string;
  document_id: string;
  line_no: number;
  sku_id: string;
  product_id: string;
  unit_id: string;
  factor: string;
  quantity: string;
  unit_price: string | null;
  amount: string | null;
  lot_no: string;
  expiry_date: string | null;
  source_line_id: string | null;
  converted_qty: string;
  done_qty: string;
  book_qty: string | null;
  remark: string | null;
}

const lineOf = (r: LineText): LineRow => ({
  tenantId: Number(r.tenant_id),
  id: Number(r.id),
  documentId: Number(r.document_id),
  lineNo: Number(r.line_no),
  skuId: Number(r.sku_id),
  productId: Number(r.product_id),
  unitId: Number(r.unit_id),
  factor: r.factor,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  amount: r.amount,
  lotNo: r.lot_no,
  expiryDate: r.expiry_date,
  sourceLineId: r.source_line_id === null ? null : Number(r.source_line_id),
  convertedQty: r.converted_qty,
  doneQty: r.done_qty,
  bookQty: r.book_qty,
  remark: r.remark,
});

/** Replaces a document's lines, numbered 1.. in the order given; answers the new rows in order. */
export const replaceLines = async (
  db: Db,
  tenantId: number,
  docId: number,
  lines: readonly LineValues[],
  /** Inserted in this request: no lines to delete. */
  fresh = false,
): Promise<LineRow[]> => {
  if (!fresh) await db.delete(L).where(and(eq(L.tenantId, tenantId), eq(L.documentId, docId)));
  if (lines.length === 0) return [];
  const col = <T>(f: (l: LineValues) => T | undefined): (T | null)[] => lines.map((l) => f(l) ?? null);
  const rows = await runFixed<LineText>(db, 'inv_insert_lines', INSERT_LINES, [
    tenantId,
    docId,
    col((l) => l.skuId),
    col((l) => l.productId),
    col((l) => l.unitId),
    col((l) => l.factor),
    col((l) => l.quantity),
    col((l) => l.unitPrice),
    col((l) => l.amount),
    col((l) => l.lotNo),
    col((l) => l.expiryDate),
    col((l) => l.sourceLineId),
    col((l) => l.convertedQty),
    col((l) => l.doneQty),
    col((l) => l.bookQty),
    col((l) => l.remark),
  ]);
  return rows.map(lineOf).sort((a, b) => a.lineNo - b.lineNo);
};

const ADD_TO_LINES = `
  update inv_document_lines l
     set converted_qty = l.converted_qty + v.converted, done_qty = l.done_qty + v.done
    from unnest($2::bigint[], $3::numeric[], $4::numeric[]) as v(id, converted, done)
   where l.tenant_id = $1::bigint and l.id = v.id`;

/** Adds signed deltas (line-unit text) to lines' converted / done quantities, in one statement. */
export const addToLines = async (
  db: Db,
  tenantId: number,
  deltas: readonly { lineId: number; converted?: string | undefined; done?: string | undefined }[],
): Promise<void> => {
  if (deltas.length === 0) return;
  await runFixed(db, 'inv_add_to_lines', ADD_TO_LINES, [
    tenantId,
    deltas.map((d) => d.lineId),
    deltas.map((d) => d.converted ?? '0'),
    deltas.map((d) => d.done ?? '0'),
  ]);
};

const SET_LINES = `
  update inv_document_lines l
     set done_qty = v.done_qty, lot_no = v.lot_no, expiry_date = v.expiry_date
    from unnest($2::bigint[], $3::numeric[], $4::text[], $5::date[]) as v(id, done_qty, lot_no, expiry_date)
   where l.tenant_id = $1::bigint and l.id = v.id`;

/** Sets lines' done quantity, lot and expiry, in one statement. */
export const setLines = async (
  db: Db,
  tenantId: number,
  rows: readonly { lineId: number; doneQty: string; lotNo: string; expiryDate: string | null }[],
): Promise<void> => {
  if (rows.length === 0) return;
  await runFixed(db, 'inv_set_lines', SET_LINES, [
    tenantId,
    rows.map((r) => r.lineId),
    rows.map((r) => r.doneQty),
    rows.map((r) => r.lotNo),
    rows.map((r) => r.expiryDate),
  ]);
};

const SET_LINES_AND_STATE = `
  with lines as (
    update inv_document_lines l
       set done_qty = v.done_qty, lot_no = v.lot_no, expiry_date = v.expiry_date
      from unnest($2::bigint[], $3::numeric[], $4::text[], $5::date[]) as v(id, done_qty, lot_no, expiry_date)
     where l.tenant_id = $1::bigint and l.id = v.id
  )
  update inv_documents
     set exec_state = $7::text,
         last_updated_by = case when $9::boolean then $8::bigint else last_updated_by end,
         last_update_date = case when $9::boolean then $10::timestamptz else last_update_date end,
         object_version_number = object_version_number + case when $9::boolean then 1 else 0 end
   where tenant_id = $1::bigint and id = $6::bigint`;

/**
 * setLines and the document's new exec state (computed by the caller from the lines it holds locked) in one
 * statement; the version is bumped unless the document was inserted in this request.
 */
export const setLinesAndState = async (
  db: Db,
  tenantId: number,
  docId: number,
  userId: number,
  rows: readonly { lineId: number; doneQty: string; lotNo: string; expiryDate: string | null }[],
  execState: string,
  bumpVersion: boolean,
): Promise<void> => {
  await runFixed(db, 'inv_set_lines_and_state', SET_LINES_AND_STATE, [
    tenantId,
    rows.map((r) => r.lineId),
    rows.map((r) => r.doneQty),
    rows.map((r) => r.lotNo),
    rows.map((r) => r.expiryDate),
    docId,
    execState,
    userId,
    bumpVersion,
    new Date().toISOString(),
  ]);
};
