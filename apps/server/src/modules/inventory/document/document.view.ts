import type {
  InvBizType,
  InvDoc,
  InvDocLine,
  InvDocLink,
  InvDocType,
  InvExecState,
} from '@tilth/contracts/inventory.document.types';
import type { DocAuditState } from '@tilth/contracts/workflow.docs';
import { fromUnits, num, toUnits } from '../../../platform/decimal.js';
import type { DocRow, DocView, LineRow, LineView } from './document.repository.js';

// Rows → answers, and the quantity arithmetic every part of the document domain shares (exact, scale 4).

export const Q = 4;
export const q = (s: string | null | undefined): bigint => toUnits(s ?? '0', Q);
export const qText = (v: bigint): string => fromUnits(v, Q);
export const qNum = (v: bigint): number => num(fromUnits(v, Q));

/** quantity (scale 4) × price (scale 2) → amount at scale 2, half away from zero. */
export const amountOf = (quantity: string, price: string): bigint => {
  const p = toUnits(quantity, Q) * toUnits(price, 2);
  const d = 10n ** BigInt(Q);
  const neg = p < 0n;
  const a = neg ? -p : p;
  const r = (2n * a + d) / (2n * d);
  return neg ? -r : r;
};

/** Does this line's source remain measured against what the source executed (shipped / stored)? */
export const sourceMeasuredByDone = (sourceType: string): boolean =>
  sourceType === 'shipment' || sourceType === 'warehousing';

/** What a line may still be acted on (see the contract's remainingQty). */
export const remainingOf = (docType: string, l: Pick<LineRow, 'quantity' | 'doneQty' | 'convertedQty'>) => {
  if (docType === 'warehousing') return q(l.quantity) - q(l.doneQty);
  if (docType === 'shipment') return q(l.quantity) - q(l.doneQty);
  return q(l.quantity) - q(l.convertedQty);
};

/** pending / partial / done of a document from its lines (done against the quantity). */
export const execStateOf = (lines: readonly Pick<LineRow, 'quantity' | 'doneQty'>[]): InvExecState => {
  let any = false;
  let all = true;
  for (const l of lines) {
    const done = q(l.doneQty);
    const want = q(l.quantity);
    if (done !== 0n) any = true;
    if (want < 0n ? done > want : done < want) all = false;
  }
  if (lines.length > 0 && all) return 'done';
  return any ? 'partial' : 'pending';
};

export const toLine = (docType: string, l: LineView): InvDocLine => {
  const book = l.bookQty === null ? null : q(l.bookQty);
  const remaining = remainingOf(docType, l);
  return {
    id: l.id,
    lineNo: l.lineNo,
    skuId: l.skuId,
    skuCode: l.skuCode,
    skuName: l.skuName,
    productId: l.productId,
    productCode: l.productCode,
    productName: l.productName,
    specification: l.specification,
    model: l.model,
    unitId: l.unitId,
    unitName: l.unitName,
    factor: num(l.factor),
    quantity: num(l.quantity),
    unitPrice: l.unitPrice === null ? null : num(l.unitPrice),
    amount: l.amount === null ? null : num(l.amount),
    lotNo: l.lotNo,
    expiryDate: l.expiryDate,
    sourceLineId: l.sourceLineId,
    convertedQty: num(l.convertedQty),
    doneQty: num(l.doneQty),
    remainingQty: qNum(remaining),
    bookQty: book === null ? null : qNum(book),
    diffQty: book === null ? null : qNum(q(l.quantity) - book),
    remark: l.remark,
  };
};

export const toDoc = (d: DocView): InvDoc => ({
  id: d.id,
  docType: d.docType as InvDocType,
  docCode: d.docCode,
  docDate: d.docDate,
  bizType: d.bizType as InvBizType,
  warehouseId: d.warehouseId,
  warehouseName: d.warehouseName,
  toWarehouseId: d.toWarehouseId,
  toWarehouseName: d.toWarehouseName,
  businessId: d.businessId,
  businessName: d.businessName,
  sourceDocId: d.sourceDocId,
  sourceDocType: (d.sourceDocType as InvDocType | null) ?? null,
  reversalOfId: d.reversalOfId,
  reversedFlag: d.reversedFlag,
  auditState: d.auditState as DocAuditState,
  execState: d.execState as InvExecState,
  processId: d.processId,
  arrivalDate: d.arrivalDate,
  handlerName: d.handlerName,
  remark: d.remark,
  totalQuantity: num(d.totalQuantity),
  totalAmount: num(d.totalAmount),
  areaId: d.areaId,
  lineCount: d.lineCount,
  objectVersionNumber: d.objectVersionNumber,
  creationDate: d.creationDate.toISOString(),
  createdBy: d.createdBy,
});

export const toLink = (d: DocRow): InvDocLink => ({
  id: d.id,
  docType: d.docType as InvDocType,
  docCode: d.docCode,
  auditState: d.auditState as DocAuditState,
  execState: d.execState as InvExecState,
});
