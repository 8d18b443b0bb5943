import type { Batch } from '@tilth/contracts/batch.types';
import * as contracts from '@tilth/contracts/batch.types';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  BATCH_CODE_MAX,
  BATCH_DESCRIPTION_MAX,
  BATCH_NAME_MAX,
  BATCH_QUANTITY_MAX,
  BATCH_STATUSES,
  BATCH_TYPES,
  BATCH_UNIT_MAX,
  datesInOrder,
  PLANTING_STANDARDS,
  toCreateBody,
  toFormValues,
  toHarvestBody,
  toUpdateBody,
  twoDecimals,
} from './batchForm';

const batch: Batch = {
  batchId: 7,
  batchCode: 'B20250301-001',
  batchName: '番茄春茬',
  batchType: 'plant',
  areaId: 1,
  areaName: '东区',
  landId: 3,
  landName: '1号棚',
  cropId: 5,
  cropName: '番茄',
  varietyId: 9,
  varietyName: '粉果',
  plantingStandard: 'organic',
  startDate: '2025-03-01',
  endDate: '2025-07-01',
  plannedQuantity: 1200.5,
  stockCount: null,
  unit: 'kg',
  harvestQuantity: null,
  harvestDate: null,
  status: 'growing',
  description: null,
  objectVersionNumber: 4,
  creationDate: '2025-03-01T00:00:00Z',
};

describe('batch form mapping', () => {
  it('keeps its constants in step with the contracts', () => {
    expect(BATCH_TYPES).toEqual(contracts.BATCH_TYPES);
    expect(PLANTING_STANDARDS).toEqual(contracts.PLANTING_STANDARDS);
    expect(BATCH_STATUSES).toEqual(contracts.BATCH_STATUSES);
    expect([
      BATCH_NAME_MAX,
      BATCH_CODE_MAX,
      BATCH_UNIT_MAX,
      BATCH_DESCRIPTION_MAX,
      BATCH_QUANTITY_MAX,
    ]).toEqual([
      contracts.BATCH_NAME_MAX,
      contracts.BATCH_CODE_MAX,
      contracts.BATCH_UNIT_MAX,
      contracts.BATCH_DESCRIPTION_MAX,
      contracts.BATCH_QUANTITY_MAX,
    ]);
  });

  it('round-trips an existing batch into an update the server accepts', () => {
    const body = toUpdateBody(batch, toFormValues(batch));
    expect(body).toEqual({
      batchId: 7,
      objectVersionNumber: 4,
      batchName: '番茄春茬',
      batchCode: 'B20250301-001',
      batchType: 'plant',
      areaId: 1,
      landId: 3,
      cropId: 5,
      varietyId: 9,
      plantingStandard: 'organic',
      startDate: '2025-03-01',
      endDate: '2025-07-01',
      plannedQuantity: 1200.5,
      unit: 'kg',
      description: null,
    });
    expect(contracts.batchUpdateBody.safeParse(body).success).toBe(true);
  });

  it('builds a create body: trimmed texts, blank code left for the server, stock count only for nurture', () => {
    const base = toFormValues(null, { areaId: 2 });
    const plant = toCreateBody({
      ...base,
      batchName: '  青菜 ',
      batchCode: ' ',
      cropId: 4,
      startDate: dayjs('2025-05-02'),
      stockCount: 10,
    });
    expect(plant).toMatchObject({
      batchName: '青菜',
      areaId: 2,
      cropId: 4,
      startDate: '2025-05-02',
      endDate: null,
    });
    expect(plant).not.toHaveProperty('batchCode');
    expect(plant).not.toHaveProperty('stockCount');
    expect(contracts.batchCreateBody.safeParse(plant).success).toBe(true);

    const fish = toCreateBody({
      ...base,
      batchName: '草鱼',
      batchType: 'nurture',
      cropId: 8,
      stockCount: 5000,
    });
    expect(fish.stockCount).toBe(5000);
  });

  it('checks the date order and quantity decimals', () => {
    expect(datesInOrder(dayjs('2025-01-02'), dayjs('2025-01-01'))).toBe(false);
    expect(datesInOrder(dayjs('2025-01-01'), dayjs('2025-01-01'))).toBe(true);
    expect(datesInOrder(dayjs('2025-01-01'), null)).toBe(true);
    expect(twoDecimals(1.25)).toBe(true);
    expect(twoDecimals(1.255)).toBe(false);
    expect(twoDecimals(0.1 + 0.2)).toBe(true);
  });

  it('builds the harvest body', () => {
    const body = toHarvestBody(batch, {
      harvestQuantity: 980,
      unit: ' kg ',
      harvestDate: dayjs('2025-07-02'),
    });
    expect(body).toEqual({
      batchId: 7,
      objectVersionNumber: 4,
      harvestQuantity: 980,
      unit: 'kg',
      harvestDate: '2025-07-02',
    });
    expect(contracts.batchHarvestBody.safeParse(body).success).toBe(true);
  });
});
