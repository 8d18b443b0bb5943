import { describe, expect, it } from 'vitest';
import type { TraceHarvest } from '../api/catalog.api';
import {
  batchActions,
  displayGtin,
  gtinProblem,
  harvestLabel,
  parseLatLng,
  proposedExpiry,
  quantityProblem,
} from './catalogModel';

const harvest: TraceHarvest = {
  farmBatchId: 1,
  batchCode: 'B-1',
  batchName: '秋茬番茄',
  status: 'harvested',
  cropName: '番茄',
  varietyName: '粉冠一号',
  areaName: '番禺基地',
  landName: '西片',
  startDate: '2026-03-01',
  harvestDate: '2026-07-01',
  harvestQuantity: '500.00',
  unit: 'kg',
};

describe('catalogue model', () => {
  it('offers the actions of each batch state', () => {
    expect(batchActions({ status: 'draft', version: 0 })).toEqual(['edit', 'publish', 'delete']);
    expect(batchActions({ status: 'published', version: 1 })).toEqual(['republish', 'withdraw']);
    expect(batchActions({ status: 'withdrawn', version: 1 })).toEqual(['edit', 'republish']);
  });

  it('proposes the expiry from shelf life and checks GTIN and quantities like the server', () => {
    expect(proposedExpiry('2026-07-02', { shelfLifeDays: 15 })).toBe('2026-07-17');
    expect(proposedExpiry('2026-07-02', { shelfLifeDays: null })).toBeNull();
    expect(proposedExpiry(null, { shelfLifeDays: 15 })).toBeNull();
    expect(gtinProblem('')).toBeNull();
    expect(gtinProblem('6901234567892')).toBeNull();
    expect(gtinProblem('6901234567893')).toBe('invalid');
    expect(displayGtin('06901234567892')).toBe('6901234567892');
    expect(displayGtin('16901234567899')).toBe('16901234567899');
    expect(quantityProblem(undefined, harvest)).toBeNull();
    expect(quantityProblem(500, harvest)).toBeNull();
    expect(quantityProblem(500.5, harvest)).toBe('overHarvest');
    expect(quantityProblem(0, harvest)).toBe('positive');
  });

  it('labels a harvest with crop, plot, date and quantity', () => {
    expect(harvestLabel(harvest, (n) => n.toLocaleString('en-US'))).toBe(
      'B-1 · 番茄 粉冠一号 · 番禺基地 / 西片 · 2026-07-01 · 500 kg',
    );
  });

  it("reads a shop's 'lat,lng' for the map", () => {
    expect(parseLatLng(' 22.9066 , 113.3263 ')).toEqual([22.9066, 113.3263]);
    expect(parseLatLng('')).toBeNull();
    expect(parseLatLng('23.1')).toBeNull();
  });
});
