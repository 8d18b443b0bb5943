import { divRound, fromUnits, plain, toUnits } from '../../../platform/decimal.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import {
  balanceKey,
  COST_SCALE,
  type LedgerLocation,
  type LedgerPosting,
  postLedger,
  QTY_SCALE,
} from '../../stock/ledger/index.js';
import { findSkusForLines } from '../product/index.js';
import { InvDocErrors } from './document.errors.js';
import { lineQty, stockQty } from './document.lines.js';
import { findWarehouses, issueCostsOfReturns } from './document.lookup.js';
import type { DocRow, LineRow } from './document.repository.js';
import { qText } from './document.view.js';

// How an inbound / outbound execution moves stock through the ledger (ADR 0014). A movement goes from one
// place to another, either of which may be outside the books:
//   receipt            outside → warehouse stock (at the line's price per stock unit)
//   transfer receipt   destination transit → destination stock
//   issue              warehouse stock → outside
//   transfer issue     warehouse stock → destination transit
// A reversal swaps the two. The taking side posts first; the giving side is valued at what it took.

interface Place {
  warehouseId: number;
  location: LedgerLocation;
}

export interface ExecItem {
  line: LineRow;
  /** In the line's unit, positive. */
  quantity: string;
  lotNo: string;
  expiryDate: string | null;
}

const placesOf = (doc: DocRow): { from: Place | null; into: Place | null } => {
  if (doc.docType === 'warehousing') {
    const into: Place = { warehouseId: doc.warehouseId, location: 'stock' };
    return doc.bizType === 'transfer'
      ? { from: { warehouseId: doc.warehouseId, location: 'transit' }, into }
      : { from: null, into };
  }
  const from: Place = { warehouseId: doc.warehouseId, location: 'stock' };
  return doc.toWarehouseId !== null
    ? { from, into: { warehouseId: doc.toWarehouseId, location: 'transit' } }
    : { from, into: null };
};

/** price per line unit (2 decimals) / factor → cost per stock unit at the ledger's cost scale. */
const unitCostOf = (price: string | null, factor: string): string | null =>
  price === null
    ? null
    : fromUnits(
        divRound(toUnits(price, 2) * 10n ** BigInt(COST_SCALE - 2 + 4), toUnits(factor, 4)),
        COST_SCALE,
      );

/**
 * Posts the items of `doc` (reversal: the opposite way). Throws insufficientStock naming product,
 * warehouse, available and requested (in the line's unit) when a balance would go below zero where its
 * warehouse does not allow it; the request's transaction then rolls everything back.
 */
export const postItems = async (
  ctx: TenantCtx,
  doc: DocRow,
  items: readonly ExecItem[],
  reversal: boolean,
): Promise<void> => {
  const p = placesOf(doc);
  const from = reversal ? p.into : p.from;
  const into = reversal ? p.from : p.into;
  const whIds = [doc.warehouseId, ...(doc.toWarehouseId === null ? [] : [doc.toWarehouseId])];
  const whs = await findWarehouses(ctx.db, ctx.tenantId, whIds);
  const areaOf = (id: number) => whs.get(id)?.areaId ?? null;
  const base = (it: ExecItem, at: Place, sign: 1n | -1n): LedgerPosting => ({
    book: 'inv',
    warehouseId: at.warehouseId,
    productId: it.line.skuId,
    lotNo: it.lotNo,
    location: at.location,
    quantity: fromUnits(sign * stockQty(it.quantity, it.line.factor), QTY_SCALE),
    expiryDate: it.expiryDate,
    areaId: areaOf(at.warehouseId),
    sourceType: doc.docType,
    sourceId: doc.id,
    sourceLineId: it.line.id,
    sourceCode: doc.docCode,
    docDate: doc.docDate,
    remark: reversal ? 'reversal' : null,
  });
  const opts = { allowNegative: (id: number) => whs.get(id)?.allowNegative === 1 };
  const post = async (postings: LedgerPosting[]) => {
    const res = await postLedger(ctx.db, ctx.tenantId, ctx.user.id, postings, opts);
    if (!res.ok) await shortage(ctx, res.shortage, items, whs);
    return res.ok ? res.balances : new Map();
  };
  // A customer return comes back at the cost its goods left at, so the moving average does not move.
  const returned =
    doc.docType === 'warehousing' && doc.bizType === 'customer_return' && !reversal
      ? await issueCostsOfReturns(
          ctx.db,
          ctx.tenantId,
          items.map((it) => it.line.id),
        )
      : new Map<number, string>();
  let taken = new Map<string, { avgCost: string }>();
  if (from) taken = await post(items.map((it) => base(it, from, -1n)));
  if (into) {
    await post(
      items.map((it) => {
        const b = base(it, into, 1n);
        // Valued at what the taking side took; a customer return at its issue cost; a plain receipt at its
        // price; a reversed issue at the average.
        const fromKey = from
          ? balanceKey({ ...b, warehouseId: from.warehouseId, location: from.location })
          : null;
        const unitCost = fromKey
          ? (taken.get(fromKey)?.avgCost ?? null)
          : reversal
            ? null
            : (returned.get(it.line.id) ?? unitCostOf(it.line.unitPrice, it.line.factor));
        return { ...b, unitCost };
      }),
    );
  }
};

const shortage = async (
  ctx: TenantCtx,
  s: { warehouseId: number; productId: number; available: string; requested: string },
  items: readonly ExecItem[],
  whs: Map<number, { warehouseName: string }>,
): Promise<never> => {
  const line = items.find((it) => it.line.skuId === s.productId)?.line;
  const factor = line?.factor ?? '1';
  const sku = (await findSkusForLines(ctx.db, ctx.tenantId, [s.productId])).get(s.productId);
  const inUnit = (v: string) => plain(qText(lineQty(toUnits(v, QTY_SCALE), factor)));
  throw InvDocErrors.insufficientStock({
    product: sku ? `${sku.productName}${sku.skuName ? ` ${sku.skuName}` : ''}` : `#${s.productId}`,
    warehouse: whs.get(s.warehouseId)?.warehouseName ?? `#${s.warehouseId}`,
    available: inUnit(s.available),
    requested: inUnit(s.requested),
  });
};
