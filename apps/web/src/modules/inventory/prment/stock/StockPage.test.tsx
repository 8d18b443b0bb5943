import type { InvStockPage, InvStockRow } from '@tilth/contracts/inventory.report.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { invReportKeys } from '../report/invReport.api';
import { StockPage } from './StockPage';

const row = (extra: Partial<InvStockRow>): InvStockRow => ({
  key: 'k',
  warehouseId: 1,
  warehouseCode: 'W1',
  warehouseName: 'North store',
  areaId: null,
  productId: 1,
  productCode: 'P001',
  productName: 'Apple',
  skuId: 1,
  skuCode: 'P001-A',
  skuName: 'Grade A',
  specification: null,
  model: null,
  stockUnitName: 'kg',
  lotNo: 'L1',
  expiryDate: '2026-12-01',
  quantity: 20,
  transitQty: 0,
  value: 40,
  avgCost: 2,
  minQty: 50,
  maxQty: null,
  skuWarehouseQty: 40,
  belowMin: true,
  aboveMax: false,
  expiryState: 'expiring',
  lastPostedAt: '2026-11-20T08:00:00.000Z',
  ...extra,
});

const page = (content: InvStockRow[]): InvStockPage => ({
  content,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  number: 0,
  size: 10,
  totals: { quantity: 35, transitQty: 5, value: 1234.5 },
  quantityDecimals: 3,
  expiryWarnDays: 30,
});

const render = (content: InvStockRow[]) =>
  textOf(
    renderWithCodes(<StockPage />, {
      codes: ['wfpf.inventory.prment.stock'],
      data: [
        [[...invReportKeys.stock(7), 'page', {}, 0, 10], page(content)],
        [
          invReportKeys.byWarehouse(7, {}),
          [{ warehouseId: 1, warehouseName: 'North store', value: 1234.5, transitValue: 50, skuCount: 2 }],
        ],
      ],
    }),
  );

describe('stock page', () => {
  it('shows quantities with the tenant decimals, value, totals and what needs attention', () => {
    const text = render([
      row({}),
      row({
        key: 'k2',
        skuId: 2,
        skuName: 'Grade B',
        lotNo: '',
        expiryDate: null,
        expiryState: null,
        belowMin: false,
        quantity: 0,
        transitQty: 5,
        value: 0,
      }),
    ]);
    expect(text).toContain('Apple');
    expect(text).toContain('20.000');
    expect(text).toContain('Below minimum');
    expect(text).toContain('Expiring');
    expect(text).toContain('1,234.50');
    expect(text).toContain('5.000');
    expect(text).toContain('Export');
  });

  it('says so when there is no stock', () => {
    expect(render([])).toContain('No stock yet');
  });
});
