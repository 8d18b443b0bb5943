import { formatNumber } from '../../../../shared/format/number';

// Quantities with the tenant's decimals (config/option quantityDecimals, sent with every report answer),
// money with 2, in the reader's language; and where a ledger row's document opens.

export const formatQty = (lang: string, n: number | null | undefined, decimals: number): string =>
  formatNumber(n, lang, decimals, decimals);

export const formatMoney = (lang: string, n: number | null | undefined): string =>
  formatNumber(n, lang, 2, 2);

/** The console path segment of each document type (spec 01 §2.5: prment/<segment>/info/{id}). */
const DOC_SEGMENT: Record<string, string> = {
  purchase_request: 'aplionform',
  warehousing: 'warehousing',
  shipment: 'shipment',
  transfer: 'transfer',
  return: 'return',
  stocktake: 'inventory_form',
};

/** The document type a ledger row came from: a reversal is a document of the same type. */
export const docTypeOf = (sourceType: string): string => sourceType.replace(/_reversal$/, '');

/** The info page of a ledger row's document, or null when it did not come from an inventory document. */
export const docInfoPath = (sourceType: string, sourceId: number | null): string | null => {
  const segment = DOC_SEGMENT[docTypeOf(sourceType)];
  return segment && sourceId !== null ? `/inventory/prment/${segment}/info/${sourceId}` : null;
};

/** The last day of the period that starts at `start` ('yyyy-MM-dd'), not after `until`. */
export const periodEnd = (start: string, period: 'day' | 'month' | 'year', until: string): string => {
  const [y, m] = start.split('-').map(Number) as [number, number];
  let end = start;
  if (period === 'month') end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  if (period === 'year') end = `${y}-12-31`;
  return end < until ? end : until;
};

/** The SKU column: the SKU's name, or for a single-SKU product (no SKU name) its code and specification. */
export const skuLabel = (r: {
  skuName: string | null;
  skuCode?: string | null;
  specification?: string | null;
}): string => r.skuName || [r.skuCode, r.specification].filter(Boolean).join(' ');
