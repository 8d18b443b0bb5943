import type { AgriDocType } from '@tilth/contracts/agricultural.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { findBase } from '../area/index.js';
import { fromUnits, plain, toUnits } from './agricultural.decimal.js';
import { AgriculturalErrors } from './agricultural.errors.js';
import { findInput } from './input.repository.js';
import { applyStockChanges, type StockChange, stockOf } from './stock.repository.js';

// How a warehousing / shipment document moves stock: shared by the document service (no approval bound,
// edits, deletes) and the approval hook (the last approve of a submitted document).

/** Stock goes up with a receipt and down with a shipment. */
const SIGN: Record<AgriDocType, 1n | -1n> = { warehousing: 1n, shipment: -1n };

/** The document a change comes from; its date is the ledger's business date. */
export interface StockDoc {
  id: number;
  docCode: string;
  areaId: number;
  docDate: string;
}

export function* docChanges(
  type: AgriDocType,
  doc: StockDoc,
  lines: readonly { inputId: number; quantity: string; unitPrice?: string | null | undefined }[],
  reversal: boolean,
): Generator<StockChange> {
  const sign = reversal ? -SIGN[type] : SIGN[type];
  for (const l of lines) {
    yield {
      areaId: doc.areaId,
      inputId: l.inputId,
      delta: fromUnits(sign * toUnits(l.quantity, 3), 3),
      sourceType: reversal ? `${type}_reversal` : type,
      sourceId: doc.id,
      sourceCode: doc.docCode,
      docDate: doc.docDate,
      // A receipt enters at its price; everything else moves at the stock's moving average.
      unitCost: sign > 0n && !reversal ? (l.unitPrice ?? null) : null,
    };
  }
}

/**
 * Applies the changes, additions first so a stock only fails when the document's net effect takes it
 * below zero; a shortage names the input, the base, what is there and the net amount asked for.
 */
export const moveStock = async (ctx: TenantCtx, changes: StockChange[]): Promise<void> => {
  const ordered = [
    ...changes.filter((c) => !c.delta.startsWith('-')),
    ...changes.filter((c) => c.delta.startsWith('-')),
  ];
  const res = await applyStockChanges(ctx.db, ctx.tenantId, ctx.user.id, ordered);
  if (res.ok) return;
  const { areaId, inputId } = res.shortage;
  let net = 0n;
  for (const c of changes) if (c.areaId === areaId && c.inputId === inputId) net += toUnits(c.delta, 3);
  const available = await stockOf(ctx.db, ctx.tenantId, areaId, inputId);
  const input = await findInput(ctx.db, ctx.tenantId, inputId);
  const area = await findBase(ctx.db, ctx.tenantId, areaId);
  throw AgriculturalErrors.insufficientStock({
    input: input ? `${input.inputName}` : `#${inputId}`,
    base: area?.areaName ?? `#${areaId}`,
    available: `${plain(available)}${input ? ` ${input.unit}` : ''}`,
    requested: `${plain(fromUnits(-net, 3))}${input ? ` ${input.unit}` : ''}`,
  });
};
