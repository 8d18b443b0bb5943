import type { DocAuditState } from '@tilth/contracts';
import {
  INV_DOC_LINES_MAX,
  INV_PRICE_MAX,
  INV_QUANTITY_MAX,
  INV_STOCKTAKE_LINES_MAX,
  type InvBizType,
  type InvDocType,
  type InvExecState,
} from '@tilth/contracts/inventory.document.types';

// The pure rules of the document pages: exact line amounts, the same SKU and lot not twice, unit
// conversion, what an execution may take, and which actions a document offers in its state.

export const QTY_DECIMALS = 4;
export const PRICE_MAX = INV_PRICE_MAX;
export const QTY_MAX = INV_QUANTITY_MAX;
export const LINES_MAX = INV_DOC_LINES_MAX;
export const STOCKTAKE_LINES_MAX = INV_STOCKTAKE_LINES_MAX;

/** Whether `v` has at most `n` decimals (allowing float noise). */
export const hasDecimals = (v: number, n: number): boolean =>
  Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

const scaled = (v: number, n: number): bigint => BigInt(Math.round(v * 10 ** n));

/** quantity (4 decimals) × unit price (2 decimals), half up to cents, in exact integers; null when either is missing. */
export const lineAmount = (
  qty: number | null | undefined,
  price: number | null | undefined,
): number | null => {
  if (qty === null || qty === undefined || price === null || price === undefined) return null;
  if (!Number.isFinite(qty) || !Number.isFinite(price)) return null;
  const product = scaled(qty, 4) * scaled(price, 2); // units of 1e-6
  const neg = product < 0n;
  const abs = neg ? -product : product;
  const cents = (abs + 5_000n) / 10_000n;
  return Number(neg ? -cents : cents) / 100;
};

/** Sum of line amounts in cents (a line without a price counts as 0). */
export const totalAmount = (amounts: readonly (number | null)[]): number =>
  amounts.reduce<number>((sum, a) => sum + Math.round((a ?? 0) * 100), 0) / 100;

/** Sum of quantities at 4 decimals. */
export const totalQuantity = (qtys: readonly (number | null | undefined)[]): number =>
  qtys.reduce<number>((sum, q) => sum + Math.round((q ?? 0) * 10_000), 0) / 10_000;

/** A line quantity in stock units: quantity × factor, exact to 8 decimals. */
export const toStockQty = (
  qty: number | null | undefined,
  factor: number | null | undefined,
): number | null => {
  if (qty === null || qty === undefined || factor === null || factor === undefined) return null;
  return Number(scaled(qty, 4) * scaled(factor, 4)) / 1e8;
};

/** The identity of a line: one SKU and one lot (no lot: ''). */
export const lineKey = (skuId: number | null | undefined, lotNo: string | null | undefined): string | null =>
  skuId === null || skuId === undefined ? null : `${skuId}|${(lotNo ?? '').trim()}`;

/** Indexes of lines repeating an earlier line's SKU and lot (spec 03 §5: the same item not twice). */
export const duplicateLines = (
  lines: readonly ({ skuId?: number | null; lotNo?: string | null } | undefined)[],
): Set<number> => {
  const seen = new Set<string>();
  const out = new Set<number>();
  lines.forEach((l, i) => {
    const key = lineKey(l?.skuId, l?.lotNo);
    if (key === null) return;
    if (seen.has(key)) out.add(i);
    else seen.add(key);
  });
  return out;
};

/** A stocktake line's difference: counted − book (null while either is unknown). */
export const countDifference = (
  counted: number | null | undefined,
  book: number | null | undefined,
): number | null => {
  if (counted === null || counted === undefined || book === null || book === undefined) return null;
  return (Math.round(counted * 10_000) - Math.round(book * 10_000)) / 10_000;
};

export type ExecuteProblem = 'required' | 'negative' | 'decimals' | 'over';

/** What is wrong with a store / ship quantity against a line's remaining quantity (null: fine). */
export const executeProblem = (
  quantity: number | null | undefined,
  remaining: number,
): ExecuteProblem | null => {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity)) return 'required';
  if (quantity < 0) return 'negative';
  if (!hasDecimals(quantity, QTY_DECIMALS)) return 'decimals';
  if (Math.round(quantity * 10_000) > Math.round(remaining * 10_000)) return 'over';
  return null;
};

/** The lines an execution sends: those with a quantity above zero. */
export const executeLines = <T extends { lineId: number; quantity: number | null | undefined }>(
  lines: readonly T[],
): T[] => lines.filter((l) => (l.quantity ?? 0) > 0);

export type DocAction =
  | 'edit'
  | 'delete'
  | 'submit'
  | 'resubmit'
  | 'timeline'
  | 'execute'
  | 'reverse'
  | 'convertPurchase'
  | 'convertShipment'
  | 'shipmentReturn'
  | 'supplierReturn'
  | 'legs'
  | 'returnConvert'
  | 'adjust';

export interface ActionDoc {
  docType: InvDocType;
  auditState: DocAuditState;
  execState: InvExecState;
  processId: number | null;
  reversedFlag: number;
  reversalOfId: number | null;
  sourceDocType: InvDocType | null;
  bizType: InvBizType;
  toWarehouseId: number | null;
  /** Known on a whole document only (not on list rows). */
  lines?: readonly { remainingQty: number }[];
  children?: readonly unknown[];
}

/** Whether anything is left to convert / execute: by the lines when known, else by the state. */
const hasRemaining = (d: ActionDoc): boolean =>
  d.lines ? d.lines.some((l) => l.remainingQty > 0) : d.execState !== 'done';

/**
 * What a document offers in its state: draft and rejected ones are edited, deleted and submitted (a
 * rejected stocktake is counted again on its resubmit page); approved sources convert; approved inbound /
 * outbound documents are stored / shipped and, once executed, reversed. A reversing document and a
 * reversed one offer nothing more.
 */
export const docActions = (d: ActionDoc): DocAction[] => {
  const out: DocAction[] = [];
  if (d.processId !== null) out.push('timeline');
  if (d.auditState === 'draft') return [...out, 'edit', 'delete', 'submit'];
  if (d.auditState === 'rejected') {
    return d.docType === 'stocktake' ? [...out, 'resubmit', 'delete'] : [...out, 'edit', 'delete', 'submit'];
  }
  if (d.auditState !== 'approved') return out;
  const started = d.execState !== 'pending';
  const closed = d.reversedFlag === 1 || d.reversalOfId !== null;
  switch (d.docType) {
    case 'purchase_request':
      if (hasRemaining(d)) out.push('convertPurchase');
      break;
    case 'warehousing':
      if (closed) break;
      if (d.execState !== 'done') out.push('execute');
      // What was bought (not moved in by a transfer or an adjustment) may go back to the supplier.
      if (started && (d.bizType === 'purchase' || d.bizType === 'other')) out.push('supplierReturn');
      if (started) out.push('reverse');
      break;
    case 'shipment': {
      if (closed) break;
      if (d.execState !== 'done') out.push('execute');
      // A transfer's outbound leg is received by its own inbound leg, not converted by hand.
      const leg = d.sourceDocType === 'transfer' || d.sourceDocType === 'stocktake';
      if (started && !leg) {
        if (d.toWarehouseId !== null) out.push('convertShipment');
        out.push('shipmentReturn');
      }
      if (started) out.push('reverse');
      break;
    }
    case 'transfer':
      if (hasRemaining(d)) out.push('legs');
      break;
    case 'return':
      if (hasRemaining(d)) out.push('returnConvert');
      break;
    case 'stocktake':
      if (d.execState !== 'done' && (d.children?.length ?? 0) === 0) out.push('adjust');
      break;
  }
  return out;
};

/** Approval condition fields of a document form: Σ amounts, Σ quantities, its warehouse and base. */
export const docApprovalFields = (
  warehouseId: number | undefined | null,
  areaId: number | undefined | null,
  lines: readonly ({ quantity?: number | null; unitPrice?: number | null } | undefined)[] | undefined,
): Record<string, number> => {
  const all = lines ?? [];
  const out: Record<string, number> = {
    amount: totalAmount(all.map((l) => lineAmount(l?.quantity, l?.unitPrice))),
    quantity: totalQuantity(all.map((l) => l?.quantity)),
  };
  if (warehouseId !== undefined && warehouseId !== null) out.warehouseId = warehouseId;
  if (areaId !== undefined && areaId !== null) out.areaId = areaId;
  return out;
};
