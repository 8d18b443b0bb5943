import {
  INV_DOC_LINES_MAX,
  INV_STOCKTAKE_LINES_MAX,
  type InvDocLineBody,
  type InvDocType,
  type InvDocWarning,
} from '@tilth/contracts/inventory.document.types';
import { divRound, fromUnits, numText, plain, rescale, toUnits } from '../../../platform/decimal.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { QTY_SCALE } from '../../stock/ledger/index.js';
import { findSkusForLines, type SkuForLine } from '../product/index.js';
import { InvDocErrors } from './document.errors.js';
import { balancesOf } from './document.lookup.js';
import type { LineValues } from './document.repository.js';
import { amountOf, q, qText } from './document.view.js';

// Checking a document's lines against the products: unit and factor, price and amount, lot and expiry,
// limits; and the book quantity a stocktake captures when saved.

export interface CheckedLines {
  values: LineValues[];
  skus: Map<number, SkuForLine>;
}

/** Does this document need lot / expiry on a line of a product that tracks them? */
const needsLot = (docType: InvDocType) => docType !== 'purchase_request';
const needsExpiry = (docType: InvDocType, bizType: string) =>
  docType === 'warehousing' && bizType !== 'transfer' && bizType !== 'adjust';

export const checkLines = async (
  ctx: TenantCtx,
  docType: InvDocType,
  bizType: string,
  body: readonly InvDocLineBody[],
  /** SKUs the document already held (a disabled one may stay on it). */
  kept: ReadonlySet<number>,
  /** A stocktake's adjustments carry as many lines as its differences. */
  fromStocktake = false,
): Promise<CheckedLines> => {
  const max = docType === 'stocktake' || fromStocktake ? INV_STOCKTAKE_LINES_MAX : INV_DOC_LINES_MAX;
  if (body.length > max) throw InvDocErrors.tooManyLines({ field: 'lines', max });
  const skus = await findSkusForLines(
    ctx.db,
    ctx.tenantId,
    body.map((l) => l.skuId),
  );
  const seen = new Set<string>();
  const values = body.map((l, i): LineValues => {
    const f = (k: string) => `lines[${i}].${k}`;
    if (docType !== 'stocktake' && l.quantity <= 0) throw InvDocErrors.notPositive({ field: f('quantity') });
    const sku = skus.get(l.skuId);
    if (!sku) throw InvDocErrors.noSuchSku({ field: f('skuId') });
    if (sku.enabledFlag !== 1 && !kept.has(l.skuId))
      throw InvDocErrors.skuDisabled({ field: f('skuId'), name: sku.productName });
    const unit = sku.units.find((u) => u.unitId === l.unitId);
    if (!unit) throw InvDocErrors.notUnitOfSku({ field: f('unitId'), name: sku.productName });
    const lotNo = l.lotNo ?? '';
    if (sku.tracksLot && needsLot(docType) && lotNo === '')
      throw InvDocErrors.requiredForProduct({ field: f('lotNo') });
    const expiryDate = l.expiryDate ?? null;
    if (sku.tracksExpiry && needsExpiry(docType, bizType) && !expiryDate) {
      throw InvDocErrors.requiredForProduct({ field: f('expiryDate') });
    }
    const key = `${l.skuId}|${lotNo}`;
    if (seen.has(key)) throw InvDocErrors.duplicateSku({ field: f('skuId') });
    seen.add(key);
    const quantity = numText(l.quantity, 4);
    // Receipts default to the cost price; an adjustment takes the moving average (no price).
    const priced = (docType === 'warehousing' || docType === 'purchase_request') && bizType !== 'adjust';
    const defaultPrice = priced ? sku.costPrice : null;
    const unitPrice =
      l.unitPrice === undefined || l.unitPrice === null ? defaultPrice : numText(l.unitPrice, 2);
    return {
      skuId: l.skuId,
      productId: sku.productId,
      unitId: l.unitId,
      factor: unit.factor,
      quantity,
      unitPrice,
      amount: unitPrice === null ? null : fromUnits(amountOf(quantity, unitPrice), 2),
      lotNo,
      expiryDate,
      sourceLineId: l.sourceLineId ?? null,
      remark: l.remark ?? null,
    };
  });
  return { values, skus };
};

/** Totals of the header: quantities (line units) and amounts. */
export const totalsOf = (lines: readonly Pick<LineValues, 'quantity' | 'amount'>[]) => {
  let qty = 0n;
  let cents = 0n;
  for (const l of lines) {
    qty += q(l.quantity);
    if (l.amount) cents += toUnits(l.amount, 2);
  }
  return { totalQuantity: qText(qty), totalAmount: fromUnits(cents, 2) };
};

/** Stock units (ledger scale) of a line-unit quantity. */
export const stockQty = (quantity: string, factor: string): bigint =>
  rescale(toUnits(quantity, 4) * toUnits(factor, 4), 8, QTY_SCALE);

/** Stock units (ledger scale) → the line's unit, 4 decimals (rounded half away from zero). */
export const lineQty = (stock: bigint, factor: string): bigint => {
  const f = toUnits(factor, 4);
  if (f === 0n) return 0n;
  // (stock / 10^S) / (f / 10^4) at scale 4 = stock × 10^8 / (f × 10^S)
  return divRound(stock * 10n ** 8n, f * 10n ** BigInt(QTY_SCALE));
};

/** Stocktake: the book quantity of each line (warehouse, sku, lot at 'stock'), in the line's unit. */
export const captureBook = async (
  ctx: TenantCtx,
  warehouseId: number,
  lines: LineValues[],
): Promise<void> => {
  const held = await balancesOf(
    ctx.db,
    ctx.tenantId,
    warehouseId,
    'stock',
    lines.map((l) => l.skuId),
  );
  for (const l of lines) {
    const b = held.get(`${l.skuId}|${l.lotNo ?? ''}`);
    l.bookQty = qText(lineQty(toUnits(b?.quantity ?? '0', QTY_SCALE), l.factor ?? '1'));
  }
};

/**
 * An outbound's quantities against what the warehouse holds: 'block' refuses the first short line (400
 * naming it), 'warn' answers warnings. A warehouse that may go negative is not checked.
 */
export const checkShortage = async (
  ctx: TenantCtx,
  warehouseId: number,
  lines: readonly LineValues[],
  skus: Map<number, SkuForLine>,
  policy: 'block' | 'warn',
): Promise<InvDocWarning[]> => {
  const held = await balancesOf(
    ctx.db,
    ctx.tenantId,
    warehouseId,
    'stock',
    lines.map((l) => l.skuId),
  );
  const asked = new Map<string, bigint>();
  const warnings: InvDocWarning[] = [];
  lines.forEach((l, i) => {
    const key = `${l.skuId}|${l.lotNo ?? ''}`;
    const total = (asked.get(key) ?? 0n) + stockQty(l.quantity, l.factor ?? '1');
    asked.set(key, total);
    const have = toUnits(held.get(key)?.quantity ?? '0', QTY_SCALE);
    if (total <= have) return;
    const available = plain(qText(lineQty(have, l.factor ?? '1')));
    const name = skus.get(l.skuId)?.productName ?? `#${l.skuId}`;
    if (policy === 'block') {
      throw InvDocErrors.shortage({ field: `lines[${i}].quantity`, name, available });
    }
    warnings.push({
      lineNo: i + 1,
      skuId: l.skuId,
      productName: name,
      available: Number(available),
      requested: Number(l.quantity),
      message: `${name}: only ${available} available, ${plain(l.quantity)} requested`,
    });
  });
  return warnings;
};
