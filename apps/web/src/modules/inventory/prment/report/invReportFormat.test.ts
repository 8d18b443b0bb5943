import { describe, expect, it } from 'vitest';
import { stockQuery } from '../stock/StockPage';
import { docInfoPath, docTypeOf, formatMoney, formatQty, periodEnd, skuLabel } from './invReportFormat';
import { defaultRange } from './SummaryTab';

describe('stock report formatting', () => {
  it("names a SKU by its name, or a single-SKU product's by code and specification", () => {
    expect(skuLabel({ skuName: 'Grade A', skuCode: 'P001-A', specification: '1 kg' })).toBe('Grade A');
    expect(skuLabel({ skuName: '', skuCode: 'P002', specification: '5 kg bag' })).toBe('P002 5 kg bag');
    expect(skuLabel({ skuName: null, skuCode: 'P002', specification: null })).toBe('P002');
  });

  it("links a ledger row to its document's info page, a reversal to its own document", () => {
    expect(docInfoPath('warehousing', 12)).toBe('/inventory/prment/warehousing/info/12');
    expect(docInfoPath('shipment_reversal', 13)).toBe('/inventory/prment/shipment/info/13');
    expect(docInfoPath('stocktake', 5)).toBe('/inventory/prment/inventory_form/info/5');
    expect(docInfoPath('task', 5)).toBeNull();
    expect(docInfoPath('warehousing', null)).toBeNull();
    expect(docTypeOf('warehousing_reversal')).toBe('warehousing');
  });

  it('formats quantities with the tenant decimals and money with 2, for the language', () => {
    expect(formatQty('en-US', 1234.5, 3)).toBe('1,234.500');
    expect(formatQty('en-US', 2, 0)).toBe('2');
    expect(formatMoney('en-US', 0.1)).toBe('0.10');
    expect(formatMoney('de-DE', 1234.5)).toBe('1.234,50');
  });

  it("ends a period at its last day, or at the range's end", () => {
    expect(periodEnd('2026-02-01', 'month', '2026-12-31')).toBe('2026-02-28');
    expect(periodEnd('2024-02-01', 'month', '2026-12-31')).toBe('2024-02-29');
    expect(periodEnd('2026-11-01', 'month', '2026-11-26')).toBe('2026-11-26');
    expect(periodEnd('2025-01-01', 'year', '2026-11-26')).toBe('2025-12-31');
    expect(periodEnd('2026-01-10', 'day', '2026-11-26')).toBe('2026-01-10');
  });

  it('starts each period at a sensible range', () => {
    expect(defaultRange('day', '2026-11-26')).toEqual(['2026-11-01', '2026-11-26']);
    expect(defaultRange('month', '2026-11-26')).toEqual(['2025-12-01', '2026-11-26']);
    expect(defaultRange('year', '2026-11-26')).toEqual(['2022-01-01', '2026-11-26']);
  });

  it("turns the stock page's attention select into the API's flag", () => {
    expect(stockQuery({ warehouseId: 3, flag: 'belowMin', keyword: 'rice' })).toEqual({
      warehouseId: 3,
      keyword: 'rice',
      belowMin: '1',
    });
    expect(stockQuery({ flag: 'bogus' })).toEqual({});
  });
});
