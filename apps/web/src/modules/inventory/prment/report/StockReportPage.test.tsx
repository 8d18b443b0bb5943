import type { InvSummaryPage } from '@tilth/contracts/inventory.report.types';
import { describe, expect, it } from 'vitest';
import { todayDay } from '../../../../shared/format/time';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { invDocKeys } from '../api/invDoc.api';
import { invReportKeys } from './invReport.api';
import { StockReportPage } from './StockReportPage';
import { defaultRange } from './SummaryTab';

const answer: InvSummaryPage = {
  content: [
    {
      periodStart: '2026-01-01',
      periodLabel: '2026-01',
      warehouseId: 1,
      warehouseName: 'North store',
      productId: 1,
      productCode: 'P001',
      productName: 'Apple',
      skuId: 1,
      skuName: 'Grade A',
      skuCode: 'P001-A',
      specification: null,
      stockUnitName: 'kg',
      openingQty: 100,
      openingValue: 200,
      inQty: 50,
      inValue: 200,
      outQty: 80,
      outValue: 160,
      closingQty: 70,
      closingValue: 240,
    },
    {
      periodStart: '2026-01-01',
      periodLabel: '2026-01',
      warehouseId: 1,
      warehouseName: 'North store',
      productId: 2,
      productCode: 'P002',
      productName: 'Rice',
      skuId: 3,
      skuName: '',
      skuCode: 'RICE-5KG',
      specification: '5 kg bag',
      stockUnitName: 'bag',
      openingQty: 0,
      openingValue: 0,
      inQty: 1,
      inValue: 10,
      outQty: 0,
      outValue: 0,
      closingQty: 1,
      closingValue: 10,
    },
  ],
  totalElements: 2,
  totalPages: 1,
  number: 0,
  size: 20,
  series: [{ periodLabel: '2026-01', inValue: 200, outValue: 160, closingValue: 240 }],
  quantityDecimals: 2,
};

describe('stock report page', () => {
  it('opens on the monthly in / out / balance report with opening and closing per row', () => {
    const [dateFrom, dateTo] = defaultRange('month', todayDay());
    const text = textOf(
      renderWithCodes(<StockReportPage />, {
        codes: ['wfpf.inventory.prment.report'],
        data: [
          [invDocKeys.warehouses(7), [{ id: 4, warehouseName: 'Empty store', warehouseCode: 'W4' }]],
          [
            [...invReportKeys.summary(7), { period: 'month', dateFrom, dateTo }, { page: 0, size: 20 }],
            answer,
          ],
        ],
      }),
    );
    for (const label of [
      'In / out / balance',
      'Movement detail',
      'Slow movers',
      'Monthly',
      'Opening',
      'Closing',
    ])
      expect(text).toContain(label);
    expect(text).toContain('Apple');
    expect(text).toContain('100.00');
    expect(text).toContain('240.00');
    expect(text).toContain('Detail');
    // A single-SKU product's row names its SKU by code and specification.
    expect(text).toContain('RICE-5KG 5 kg bag');
  });
});
