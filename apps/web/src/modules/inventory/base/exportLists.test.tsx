import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { invDocApi } from '../prment/api/invDoc.api';
import { BillPage } from './BillPage';
import { BusinessListPage } from './BusinessListPage';
import {
  billApi,
  businessApi,
  INV_BASE_CODES,
  shopApi,
  standardApi,
  storeApi,
  unitApi,
} from './baseData.api';
import { exportWithFilters } from './components/BaseListFrame';
import { productApi } from './product/api/product.api';
import { ProductListPage } from './product/pages/ProductListPage';
import { ShopListPage } from './ShopListPage';
import { StandardPage } from './StandardPage';
import { StorePage } from './StorePage';
import { UnitPage } from './UnitPage';

// Excel export of every inventory list (issue 15 item 4): the button is on every list, and it asks the
// list's export with the filters the list shows.

const downloads = vi.hoisted(() => [] as { path: string; query: unknown; name: string }[]);
vi.mock('../../equipment/device/api/download', () => ({
  downloadFile: async (path: string, query: unknown, name: string) => {
    downloads.push({ path, query, name });
  },
}));

beforeEach(() => {
  downloads.length = 0;
});

const render = (node: ReactNode, codes: readonly string[]) =>
  textOf(renderWithCodes(<MemoryRouter>{node}</MemoryRouter>, { codes, tenantId: 7 }));

describe('export button', () => {
  it('is on every base-data list, for whoever may see the list', () => {
    const pages: [ReactNode, string][] = [
      [<UnitPage key="u" />, INV_BASE_CODES.unit],
      [<StandardPage key="s" />, INV_BASE_CODES.standard],
      [<StorePage key="w" />, INV_BASE_CODES.store],
      [<ShopListPage key="sh" />, INV_BASE_CODES.shops],
      [<BusinessListPage key="b" />, INV_BASE_CODES.businesses],
      [<BillPage key="bill" />, INV_BASE_CODES.bill],
      [<ProductListPage key="p" />, 'wfpf.inventory.base.product'],
    ];
    for (const [node, code] of pages) expect(render(node, [code])).toContain('Export');
  });

  it('exports with the list filters as the query: blanks dropped, lists joined, no paging', async () => {
    const seen: { tenantId: number; query: unknown }[] = [];
    const exportFile = async (tenantId: number, query: unknown) => {
      seen.push({ tenantId, query });
    };
    await exportWithFilters(exportFile, 7, {
      keyword: 'apple',
      enabledFlag: 1,
      areaId: undefined,
      ids: [1, 2],
    });
    expect(seen).toEqual([{ tenantId: 7, query: { keyword: 'apple', enabledFlag: 1, ids: '1,2' } }]);
  });

  it('each list asks its own export path with the filters', async () => {
    await unitApi.exportFile(7, { unitName: '箱' });
    await standardApi.exportFile(7, { enabledFlag: 0 });
    await storeApi.exportFile(7, { warehouseCode: 'W' });
    await shopApi.exportFile(7, { keyword: 'SH', warehouseId: 3 });
    await businessApi.exportFile(7, { category: 'supplier' });
    await billApi.exportFile(7);
    await productApi.exportFile(7, { productType: 'goods' });
    await invDocApi.exportFile(7, 'shipment', { auditState: 'approved', dateFrom: '2026-01-01' });
    expect(downloads).toEqual([
      { path: '/wfpf/v1/7/inventory/unit/export', query: { unitName: '箱' }, name: 'units.xlsx' },
      { path: '/wfpf/v1/7/inventory/standard/export', query: { enabledFlag: 0 }, name: 'attributes.xlsx' },
      { path: '/wfpf/v1/7/inventory/store/export', query: { warehouseCode: 'W' }, name: 'warehouses.xlsx' },
      {
        path: '/wfpf/v1/7/inventory/shops/export',
        query: { keyword: 'SH', warehouseId: 3 },
        name: 'shops.xlsx',
      },
      {
        path: '/wfpf/v1/7/inventory/businesses/export',
        query: { category: 'supplier' },
        name: 'counterparties.xlsx',
      },
      { path: '/wfpf/v1/7/inventory/bill/export', query: {}, name: 'numbering.xlsx' },
      { path: '/wfpf/v1/7/inventory/product/export', query: { productType: 'goods' }, name: 'products.xlsx' },
      {
        path: '/wfpf/v1/7/inventory/documents/export',
        query: { auditState: 'approved', dateFrom: '2026-01-01', docType: 'shipment' },
        name: 'shipment.xlsx',
      },
    ]);
  });
});
