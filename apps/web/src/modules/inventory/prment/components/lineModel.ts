import type { Dayjs } from 'dayjs';
import type { InvSku } from '../api/invDoc.api';
import { duplicateLines, hasDecimals, QTY_DECIMALS, QTY_MAX, toStockQty } from '../docModel';

// The line editor's values, the SKU facts it needs, and its rules, apart from the table.

export interface LineValue {
  skuId?: number;
  unitId?: number;
  quantity?: number | null;
  unitPrice?: number | null;
  lotNo?: string;
  expiryDate?: Dayjs | null;
  /** A converted line: the source line it takes from, and what remains of it (the maximum). */
  sourceLineId?: number | null;
  maxQty?: number | null;
  /** Stocktake: what the books hold, in the line's unit. */
  bookQty?: number | null;
}

/** What the editor knows of a SKU: the picker's answer, or a document line's own fields. */
export type SkuInfo = Pick<
  InvSku,
  'skuId' | 'productName' | 'skuName' | 'specification' | 'tracksLot' | 'tracksExpiry' | 'units' | 'stockUnit'
> &
  Partial<Pick<InvSku, 'available' | 'costPrice' | 'retailPrice'>>;

/** The unit a line is entered in and its factor to the stock unit. */
export const unitOf = (sku: SkuInfo | undefined, unitId: number | undefined) =>
  sku?.units.find((u) => u.unitId === unitId);

/** A product's units once each (a unit may be stock, purchase and retail at once). */
export const unitOptions = (sku: SkuInfo | undefined): { value: number; label: string }[] => {
  const seen = new Set<number>();
  const out: { value: number; label: string }[] = [];
  for (const u of sku?.units ?? []) {
    if (seen.has(u.unitId)) continue;
    seen.add(u.unitId);
    out.push({ value: u.unitId, label: u.factor === 1 ? u.unitName : `${u.unitName} (×${u.factor})` });
  }
  return out;
};

/** "= 24 kg" under a quantity entered in another unit than the stock unit; null when the same. */
export const stockHint = (
  sku: SkuInfo | undefined,
  unitId: number | undefined,
  qty: number | null | undefined,
  format: (n: number | null) => string,
): string | null => {
  const unit = unitOf(sku, unitId);
  if (!sku || !unit || unit.factor === 1 || unit.unitId === sku.stockUnit.id) return null;
  const stock = toStockQty(qty, unit.factor);
  return stock === null ? null : `= ${format(stock)} ${sku.stockUnit.name}`;
};

/**
 * The form rules of the lines: the same SKU and lot not twice; a quantity above 0 (a count: 0 or more),
 * 4 decimals, and never above what remains of a converted line's source.
 */
export const lineRules = (
  /** The lines when a rule runs (the form's, not those of the last paint). */
  linesNow: () => readonly (LineValue | undefined)[],
  variant: 'priced' | 'stocktake',
  t: (key: string, values?: Record<string, string>) => string,
  formatQty: (n: number) => string,
) => {
  const stocktake = variant === 'stocktake';
  return {
    duplicateRule: (index: number) => ({
      validator: async () => {
        if (duplicateLines(linesNow()).has(index)) throw new Error(t('invDoc:rule.duplicate'));
      },
    }),
    qtyRule: (index: number) => ({
      validator: async (_r: unknown, v: number | null | undefined) => {
        const bad =
          v === null ||
          v === undefined ||
          (stocktake ? v < 0 : v <= 0) ||
          v > QTY_MAX ||
          !hasDecimals(v, QTY_DECIMALS);
        if (bad) throw new Error(t(stocktake ? 'invDoc:rule.counted' : 'invDoc:rule.quantity'));
        const max = linesNow()[index]?.maxQty;
        if (max !== null && max !== undefined && Math.round(v * 1e4) > Math.round(max * 1e4)) {
          throw new Error(t('invDoc:rule.overSource', { max: formatQty(max) }));
        }
      },
    }),
  };
};
