import type { Batch, BatchCreateBody, BatchHarvestBody, BatchUpdateBody } from '@tilth/contracts/batch.types';
import type { Dayjs } from 'dayjs';
import { fromInstant, nowInZone } from '../../../shared/format/time';

// Form values of the batch editor and the harvest dialog, and their mapping to the API bodies.

// Twins of the contracts' constants (the console keeps zod out of its bundle; batchForm.test.ts compares).
export const BATCH_TYPES = ['plant', 'nurture'] as const;
export const PLANTING_STANDARDS = ['normal', 'organic', 'green', 'pollution_free'] as const;
export const BATCH_STATUSES = ['growing', 'harvested', 'closed'] as const;
export const BATCH_NAME_MAX = 60;
export const BATCH_CODE_MAX = 30;
export const BATCH_UNIT_MAX = 20;
export const BATCH_DESCRIPTION_MAX = 500;
export const BATCH_QUANTITY_MAX = 99_999_999;

export type BatchType = (typeof BATCH_TYPES)[number];
export type PlantingStandard = (typeof PLANTING_STANDARDS)[number];
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const DATE_FORMAT = 'YYYY-MM-DD';

export interface BatchFormValues {
  batchName: string;
  batchCode?: string;
  batchType: BatchType;
  areaId?: number;
  landId?: number | null;
  cropId?: number;
  varietyId?: number | null;
  plantingStandard: PlantingStandard;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  plannedQuantity?: number | null;
  stockCount?: number | null;
  unit?: string;
  description?: string;
}

export interface HarvestFormValues {
  harvestQuantity?: number | null;
  unit?: string;
  harvestDate?: Dayjs | null;
}

const oneOf = <T extends string>(list: readonly T[], v: string, fallback: T): T =>
  (list as readonly string[]).includes(v) ? (v as T) : fallback;

/** Start may not be later than end (spec 03 §5); a missing end is fine. */
export const datesInOrder = (start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean =>
  !start || !end || !start.isAfter(end, 'day');

const day = (d: Dayjs | null | undefined): string | null => (d ? d.format(DATE_FORMAT) : null);
const text = (s: string | undefined): string | null => (s?.trim() ? s.trim() : null);
const num = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? n : null;

export const toFormValues = (batch: Batch | null, defaults: { areaId?: number } = {}): BatchFormValues => {
  if (!batch) {
    return {
      batchName: '',
      batchCode: '',
      batchType: 'plant',
      areaId: defaults.areaId,
      landId: null,
      varietyId: null,
      plantingStandard: 'normal',
      startDate: nowInZone(),
      endDate: null,
    };
  }
  return {
    batchName: batch.batchName,
    batchCode: batch.batchCode,
    batchType: oneOf(BATCH_TYPES, batch.batchType, 'plant'),
    areaId: batch.areaId,
    landId: batch.landId,
    cropId: batch.cropId,
    varietyId: batch.varietyId,
    plantingStandard: oneOf(PLANTING_STANDARDS, batch.plantingStandard, 'normal'),
    startDate: fromInstant(batch.startDate),
    endDate: batch.endDate ? fromInstant(batch.endDate) : null,
    plannedQuantity: batch.plannedQuantity,
    stockCount: batch.stockCount,
    unit: batch.unit ?? '',
    description: batch.description ?? '',
  };
};

const fields = (v: BatchFormValues) => ({
  batchName: v.batchName.trim(),
  batchType: v.batchType,
  ...(v.areaId ? { areaId: v.areaId } : {}),
  landId: v.landId ?? null,
  varietyId: v.varietyId ?? null,
  plantingStandard: v.plantingStandard,
  endDate: day(v.endDate),
  plannedQuantity: num(v.plannedQuantity),
  // Only nurture batches carry a head or fry count; the server refuses one on a planting batch.
  ...(v.batchType === 'nurture' ? { stockCount: num(v.stockCount) } : {}),
  unit: text(v.unit),
  description: text(v.description),
});

export const toCreateBody = (v: BatchFormValues): BatchCreateBody => {
  if (!v.cropId || !v.startDate) throw new Error('crop and start date are required');
  const code = text(v.batchCode);
  return {
    ...fields(v),
    ...(code ? { batchCode: code } : {}),
    cropId: v.cropId,
    startDate: day(v.startDate) ?? '',
  };
};

export const toUpdateBody = (
  batch: Pick<Batch, 'batchId' | 'objectVersionNumber'>,
  v: BatchFormValues,
): BatchUpdateBody => {
  const code = text(v.batchCode);
  return {
    batchId: batch.batchId,
    objectVersionNumber: batch.objectVersionNumber,
    ...fields(v),
    ...(code ? { batchCode: code } : {}),
    ...(v.cropId ? { cropId: v.cropId } : {}),
    ...(v.startDate ? { startDate: day(v.startDate) ?? '' } : {}),
  };
};

export const toHarvestValues = (batch: Batch): HarvestFormValues => ({
  harvestQuantity: batch.harvestQuantity ?? batch.plannedQuantity ?? null,
  unit: batch.unit ?? '',
  harvestDate: batch.harvestDate ? fromInstant(batch.harvestDate) : nowInZone(),
});

export const toHarvestBody = (
  batch: Pick<Batch, 'batchId' | 'objectVersionNumber'>,
  v: HarvestFormValues,
): BatchHarvestBody => {
  if (num(v.harvestQuantity) === null || !v.harvestDate) throw new Error('quantity and date are required');
  return {
    batchId: batch.batchId,
    objectVersionNumber: batch.objectVersionNumber,
    harvestQuantity: num(v.harvestQuantity) ?? 0,
    unit: v.unit?.trim() ?? '',
    harvestDate: day(v.harvestDate) ?? '',
  };
};

/** At most 2 decimals (quantities are numeric(…, 2) on the server). */
export const twoDecimals = (n: number | null | undefined): boolean =>
  n === null || n === undefined || Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
