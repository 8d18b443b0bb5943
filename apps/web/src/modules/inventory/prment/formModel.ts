import type { InvBizType } from '@tilth/contracts/inventory.document.types';
import type { Dayjs } from 'dayjs';
import { fromInstant } from '../../../shared/format/time';
import type {
  InvConvertAnswer,
  InvDoc,
  InvDocCreateBody,
  InvDocLine,
  InvStocktakeBookRow,
} from './api/invDoc.types';
import type { LineValue, SkuInfo } from './components/LineEditor';
import type { InvDocType } from './docTypes';

// Between the API's documents and the form: a document (or a conversion's prefilled body) into form
// values, the form back into a create / update body, and the stocktake's book quantities merged in.

export interface DocFormValues {
  docDate: Dayjs;
  bizType?: InvBizType;
  warehouseId?: number;
  toWarehouseId?: number | null;
  businessId?: number | null;
  arrivalDate?: Dayjs | null;
  handlerName?: string;
  remark?: string;
  lines: LineValue[];
}

const day = (v: string | null | undefined): Dayjs | null => (v ? fromInstant(v) : null);

/** What the editor knows of a line's SKU from the line itself (its one unit) until the SKU is picked again. */
export const skuFromLine = (l: InvDocLine): SkuInfo => ({
  skuId: l.skuId,
  productName: l.productName ?? '',
  skuName: l.skuName,
  specification: l.specification,
  tracksLot: l.lotNo !== '' ? 1 : 0,
  tracksExpiry: l.expiryDate !== null ? 1 : 0,
  units: [{ unitId: l.unitId, unitName: l.unitName ?? '', factor: l.factor, kind: 'stock' }],
  // Only the line's unit is known here: treated as the stock unit so no false conversion hint shows.
  stockUnit: { id: l.unitId, name: l.unitName ?? '' },
});

/** The known SKUs plus those of a document's lines not known yet. */
export const withLineSkus = (
  known: ReadonlyMap<number, SkuInfo>,
  doc: { lines?: InvDocLine[] } | undefined,
): ReadonlyMap<number, SkuInfo> => {
  const missing = (doc?.lines ?? []).filter((l) => !known.has(l.skuId));
  if (missing.length === 0) return known;
  const next = new Map(known);
  for (const l of missing) next.set(l.skuId, skuFromLine(l));
  return next;
};

/** The known SKUs plus those of stocktake book rows not known yet (the rows name them: no second load). */
export const withBookSkus = (
  known: ReadonlyMap<number, SkuInfo>,
  book: readonly InvStocktakeBookRow[],
): Map<number, SkuInfo> => {
  const next = new Map(known);
  for (const r of book) {
    if (next.has(r.skuId)) continue;
    const unit = { id: r.stockUnitId ?? 0, name: r.stockUnitName ?? '' };
    next.set(r.skuId, {
      skuId: r.skuId,
      productName: r.productName ?? '',
      skuName: r.skuName,
      specification: r.specification,
      tracksLot: r.lotNo !== '' ? 1 : 0,
      tracksExpiry: 0,
      // The books count in the stock unit; picking the SKU again brings its other units.
      units: [{ unitId: unit.id, unitName: unit.name, factor: 1, kind: 'stock' }],
      stockUnit: unit,
    });
  }
  return next;
};

/** A saved document (edit, resubmit) as form values. */
export const valuesOfDoc = (d: InvDoc): DocFormValues => ({
  docDate: fromInstant(d.docDate),
  bizType: d.bizType,
  warehouseId: d.warehouseId,
  toWarehouseId: d.toWarehouseId,
  businessId: d.businessId,
  arrivalDate: day(d.arrivalDate),
  handlerName: d.handlerName ?? '',
  remark: d.remark ?? '',
  lines: (d.lines ?? []).map((l) => ({
    skuId: l.skuId,
    unitId: l.unitId,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lotNo: l.lotNo,
    expiryDate: day(l.expiryDate),
    sourceLineId: l.sourceLineId,
    bookQty: l.bookQty,
  })),
});

/**
 * A conversion's prefilled answer as form values: each line at most what remains of its source line (the
 * source document's remaining quantity, else the prefilled one).
 */
export const valuesOfConvert = (answer: InvConvertAnswer, source: InvDoc | undefined): DocFormValues => {
  // An executed inbound / outbound is a source of returns and receipts by what it moved (doneQty −
  // convertedQty); its remainingQty is what is left to execute, 0 once done.
  const byDone = source?.docType === 'shipment' || source?.docType === 'warehousing';
  const remaining = new Map(
    (source?.lines ?? []).map((l) => [
      l.id,
      byDone ? Math.round((l.doneQty - l.convertedQty) * 1e4) / 1e4 : l.remainingQty,
    ]),
  );
  return {
    docDate: fromInstant(answer.docDate),
    bizType: answer.bizType,
    warehouseId: answer.warehouseId,
    toWarehouseId: answer.toWarehouseId,
    businessId: answer.businessId,
    arrivalDate: null,
    handlerName: '',
    remark: '',
    lines: answer.lines.map((l) => ({
      skuId: l.skuId,
      unitId: l.unitId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lotNo: l.lotNo,
      expiryDate: day(l.expiryDate),
      sourceLineId: l.sourceLineId,
      maxQty: l.sourceLineId ? (remaining.get(l.sourceLineId) ?? l.quantity) : null,
      bookQty: l.bookQty,
    })),
  };
};

const text = (v: string | undefined | null): string | null => (v?.trim() ? v.trim() : null);

/** The form as the create / update body. */
export const bodyOfValues = (
  type: InvDocType,
  v: DocFormValues,
  extra: { sourceDocId?: number | null; submit?: boolean } = {},
): InvDocCreateBody => ({
  docType: type,
  docDate: v.docDate.format('YYYY-MM-DD'),
  ...(v.bizType ? { bizType: v.bizType } : {}),
  warehouseId: v.warehouseId ?? 0,
  toWarehouseId: v.toWarehouseId ?? null,
  businessId: v.businessId ?? null,
  arrivalDate: v.arrivalDate ? v.arrivalDate.format('YYYY-MM-DD') : null,
  handlerName: text(v.handlerName),
  remark: text(v.remark),
  ...(extra.sourceDocId ? { sourceDocId: extra.sourceDocId } : {}),
  ...(extra.submit ? { submit: true } : {}),
  // The server takes the book quantities of a stocktake itself when it saves.
  lines: v.lines.map((l) => ({
    skuId: l.skuId ?? 0,
    unitId: l.unitId ?? 0,
    quantity: l.quantity ?? 0,
    unitPrice: type === 'stocktake' ? null : (l.unitPrice ?? null),
    lotNo: l.lotNo?.trim() ?? '',
    expiryDate: l.expiryDate ? l.expiryDate.format('YYYY-MM-DD') : null,
    ...(l.sourceLineId ? { sourceLineId: l.sourceLineId } : {}),
  })),
});

/**
 * A stocktake's lines with the book quantities merged in: a line of the same SKU and lot takes its book
 * quantity (in the line's unit); every other book row is added in the stock unit, counted left empty.
 */
export const mergeBook = (
  lines: readonly LineValue[],
  book: readonly InvStocktakeBookRow[],
  skus: ReadonlyMap<number, SkuInfo>,
): LineValue[] => {
  const key = (skuId: number | undefined, lot: string | undefined) => `${skuId}|${(lot ?? '').trim()}`;
  const rows = new Map(book.map((r) => [key(r.skuId, r.lotNo), r]));
  const out = lines.map((l) => {
    const row = rows.get(key(l.skuId, l.lotNo));
    if (!row) return { ...l, bookQty: l.skuId ? 0 : l.bookQty };
    rows.delete(key(l.skuId, l.lotNo));
    const factor = skus.get(l.skuId ?? 0)?.units.find((u) => u.unitId === l.unitId)?.factor ?? 1;
    return { ...l, bookQty: Math.round((row.bookQty / factor) * 1e4) / 1e4 };
  });
  for (const r of rows.values()) {
    out.push({
      skuId: r.skuId,
      unitId: skus.get(r.skuId)?.stockUnit.id ?? r.stockUnitId ?? undefined,
      quantity: null,
      lotNo: r.lotNo,
      expiryDate: null,
      bookQty: r.bookQty,
    });
  }
  return out;
};
