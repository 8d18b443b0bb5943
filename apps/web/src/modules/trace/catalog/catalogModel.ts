import { expiryFrom, normaliseGtin } from '@tilth/contracts/trace-catalog.rules';
import type { TraceBatch, TraceHarvest, TraceProduct } from '../api/catalog.api';

// The catalogue's page logic kept apart from the components (unit-tested): which actions a batch offers in
// its state, defaults the forms fill in, and how a harvest reads in a picker.

export type BatchAction = 'edit' | 'delete' | 'publish' | 'republish' | 'withdraw';

/**
 * A draft is edited, published or deleted; a published batch is withdrawn or republished (a new version from
 * the farm's records as they are now); a withdrawn one edited and republished.
 */
export const batchActions = (b: Pick<TraceBatch, 'status' | 'version'>): BatchAction[] => {
  if (b.status === 'published') return ['republish', 'withdraw'];
  if (b.status === 'withdrawn') return ['edit', 'republish'];
  return b.version > 0 ? ['edit', 'republish'] : ['edit', 'publish', 'delete'];
};

export const STATUS_COLOR: Record<TraceBatch['status'], string> = {
  draft: 'default',
  published: 'success',
  withdrawn: 'warning',
};

/** The expiry the form proposes: production date + the product's shelf life, or none. */
export const proposedExpiry = (
  productionDate: string | null | undefined,
  product: Pick<TraceProduct, 'shelfLifeDays'> | undefined,
): string | null => (productionDate ? expiryFrom(productionDate, product?.shelfLifeDays) : null);

/** The GTIN field's check before the server's: blank is fine, else a valid GTIN-8/12/13/14. */
export const gtinProblem = (value: string | null | undefined): 'invalid' | null =>
  !value?.trim() || normaliseGtin(value) ? null : 'invalid';

/** A GTIN-14 shown as the label prints it: GTIN-13 when it starts with 0. */
export const displayGtin = (gtin: string | null): string | null =>
  gtin === null ? null : gtin.startsWith('0') ? gtin.slice(1) : gtin;

/** A harvest in the picker: code, crop, plot and harvest ("B-1 · 番茄 · 西片 · 2026-07-01 · 500 kg"). */
export const harvestLabel = (h: TraceHarvest, format: (n: number) => string): string =>
  [
    h.batchCode,
    [h.cropName, h.varietyName].filter(Boolean).join(' '),
    [h.areaName, h.landName].filter(Boolean).join(' / '),
    h.harvestDate,
    h.harvestQuantity === null ? null : `${format(Number(h.harvestQuantity))} ${h.unit ?? ''}`.trim(),
  ]
    .filter(Boolean)
    .join(' · ');

/** A quantity the form may send for a harvest: blank (all of it) or > 0 and ≤ the harvest. */
export const quantityProblem = (
  quantity: number | null | undefined,
  harvest: Pick<TraceHarvest, 'harvestQuantity'> | undefined,
): 'positive' | 'overHarvest' | null => {
  if (quantity === null || quantity === undefined) return null;
  if (!(quantity > 0)) return 'positive';
  if (harvest?.harvestQuantity != null && quantity > Number(harvest.harvestQuantity)) return 'overHarvest';
  return null;
};

/** A 'lat,lng' text as a [lat, lng] pair for the map, or null. */
export const parseLatLng = (text: string | null | undefined): [number, number] | null => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
};
