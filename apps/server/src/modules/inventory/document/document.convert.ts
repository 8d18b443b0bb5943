import type { InvBizType, InvConvertAnswer, InvDocType } from '@tilth/contracts/inventory.document.types';
import { fromUnits, plain } from '../../../platform/decimal.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { InvDocErrors } from './document.errors.js';
import {
  addToLines,
  type DocRow,
  type LineRow,
  type LineValues,
  linesOf,
  lockDoc,
  rawLines,
} from './document.repository.js';
import { amountOf, q, qNum, qText, sourceMeasuredByDone, toLine } from './document.view.js';

// Conversions (ADR 0014): a child stores source_doc_id and its lines source_line_id; the source line's
// converted_qty counts live children, checked and bumped under a lock on the source so two conversions
// at once cannot both take the same remainder. A child line is in the source line's unit (exact counting).

interface Conversion {
  to: InvDocType;
  biz: InvBizType;
  /** Only from a source of this business type (returns: customer goods in, supplier goods out). */
  sourceBiz?: InvBizType;
}

/** What each type converts into through POST /documents (legs and adjustments have their own actions). */
export const CONVERSIONS: Partial<Record<InvDocType, Conversion[]>> = {
  purchase_request: [{ to: 'warehousing', biz: 'purchase' }],
  shipment: [
    { to: 'warehousing', biz: 'transfer' },
    { to: 'return', biz: 'customer_return' },
  ],
  warehousing: [{ to: 'return', biz: 'supplier_return' }],
  return: [
    { to: 'warehousing', biz: 'customer_return', sourceBiz: 'customer_return' },
    { to: 'shipment', biz: 'supplier_return', sourceBiz: 'supplier_return' },
  ],
};

/** A transfer's inbound leg does not take from the transfer (its outbound leg does). */
export const countsAsConversion = (sourceType: string, childType: string): boolean =>
  !(sourceType === 'transfer' && childType === 'warehousing');

/** What a source line has left to convert, in its unit. */
export const convertible = (sourceType: string, l: LineRow): bigint =>
  (sourceMeasuredByDone(sourceType) ? q(l.doneQty) : q(l.quantity)) - q(l.convertedQty);

export interface ChildHeader {
  docType: InvDocType;
  bizType: string;
  warehouseId: number;
}

/** The approved source of a conversion, locked, checked against the child's type and business type. */
export const lockSource = async (
  ctx: TenantCtx,
  sourceDocId: number,
  child: ChildHeader,
): Promise<DocRow> => {
  const src = await lockDoc(ctx.db, ctx.tenantId, sourceDocId);
  if (!src) throw InvDocErrors.noSuchSource({ field: 'sourceDocId' });
  const conv = CONVERSIONS[src.docType as InvDocType]?.find(
    (c) =>
      c.to === child.docType &&
      c.biz === child.bizType &&
      (c.sourceBiz === undefined || c.sourceBiz === src.bizType),
  );
  if (!conv) throw InvDocErrors.notConvertible({ field: 'sourceDocId' });
  if (src.auditState !== 'approved') throw InvDocErrors.notApproved();
  if (src.reversalOfId !== null || src.reversedFlag === 1) {
    throw InvDocErrors.reversedOrReversing();
  }
  if (src.docType === 'shipment' && child.docType === 'warehousing') {
    if (src.toWarehouseId === null) throw InvDocErrors.noOwnDestination({ field: 'sourceDocId' });
    if (child.warehouseId !== src.toWarehouseId) throw InvDocErrors.notDestination({ field: 'warehouseId' });
  }
  return src;
};

/**
 * Links a child's lines to its (locked) source: each sourceLineId a line of it, same SKU, unit and lot,
 * and no more than each source line has left. sign 1 takes, -1 gives back (a child edited or deleted).
 */
export const linkLines = async (
  ctx: TenantCtx,
  src: DocRow,
  childType: string,
  lines: readonly LineValues[],
  sign: 1 | -1,
): Promise<void> => {
  const srcLines = new Map((await rawLines(ctx.db, ctx.tenantId, src.id, true)).map((l) => [l.id, l]));
  const asked = new Map<number, bigint>();
  lines.forEach((l, i) => {
    if (!l.sourceLineId) {
      if (childType === 'warehousing' && (src.docType === 'shipment' || src.docType === 'transfer')) {
        throw InvDocErrors.receiptNeedsSource({ field: `lines[${i}].sourceLineId` });
      }
      return;
    }
    const s = srcLines.get(l.sourceLineId);
    if (!s) throw InvDocErrors.notSourceLine({ field: `lines[${i}].sourceLineId` });
    if (s.skuId !== l.skuId) throw InvDocErrors.notAsSource({ field: `lines[${i}].skuId` });
    if (s.unitId !== l.unitId) throw InvDocErrors.notAsSource({ field: `lines[${i}].unitId` });
    if (s.lotNo !== '' && s.lotNo !== l.lotNo) throw InvDocErrors.notAsSource({ field: `lines[${i}].lotNo` });
    asked.set(s.id, (asked.get(s.id) ?? 0n) + q(l.quantity));
  });
  if (!countsAsConversion(src.docType, childType)) return;
  for (const [id, n] of asked) {
    const s = srcLines.get(id) as LineRow;
    if (sign === 1 && n > convertible(src.docType, s)) {
      throw InvDocErrors.overConversion({
        line: s.lineNo,
        remaining: plain(qText(convertible(src.docType, s))),
        requested: plain(qText(n)),
      });
    }
  }
  await addToLines(
    ctx.db,
    ctx.tenantId,
    [...asked].map(([lineId, n]) => ({ lineId, converted: qText(BigInt(sign) * n) })),
  );
};

/** GET /documents/{id}/convert?to=: the create body of a conversion, prefilled with what remains. */
export const convertPrefill = async (
  ctx: TenantCtx,
  src: DocRow,
  to: InvDocType,
): Promise<InvConvertAnswer> => {
  const conv = CONVERSIONS[src.docType as InvDocType]?.find(
    (c) => c.to === to && (c.sourceBiz === undefined || c.sourceBiz === src.bizType),
  );
  if (!conv || (src.docType === 'shipment' && to === 'warehousing' && src.toWarehouseId === null)) {
    throw InvDocErrors.notConvertibleTo();
  }
  if (src.auditState !== 'approved') throw InvDocErrors.notApproved();
  const lines = (await linesOf(ctx.db, ctx.tenantId, [src.id]))
    .map((l) => ({ l, left: convertible(src.docType, l) }))
    .filter((x) => x.left > 0n);
  if (lines.length === 0) throw InvDocErrors.nothingToConvert();
  const into =
    to === 'warehousing' && src.docType === 'shipment' ? (src.toWarehouseId as number) : src.warehouseId;
  return {
    docType: to,
    bizType: conv.biz,
    docDate: today(ctx.timeZone),
    warehouseId: into,
    toWarehouseId: null,
    businessId: src.businessId,
    sourceDocId: src.id,
    lines: lines.map(({ l, left }, i) => ({
      ...toLine(to, { ...l, quantity: qText(left), convertedQty: '0', doneQty: '0', bookQty: null }),
      id: 0,
      lineNo: i + 1,
      sourceLineId: l.id,
      amount: l.unitPrice === null ? null : Number(fromUnits(amountOf(qText(left), l.unitPrice), 2)),
      remainingQty: qNum(left),
    })),
  };
};
