import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type {
  InvBillDocType,
  InvBillRule,
  InvBillUpdateBody,
  InvBusiness,
  InvBusinessCreateBody,
  InvBusinessUpdateBody,
  InvOptions,
  InvOptionsUpdateBody,
  InvShop,
  InvShopCreateBody,
  InvShopUpdateBody,
  InvStandard,
  InvStandardCreateBody,
  InvStandardUpdateBody,
  InvUnit,
  InvUnitCreateBody,
  InvUnitUpdateBody,
  InvWarehouse,
  InvWarehouseCreateBody,
  InvWarehouseUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../../equipment/device/api/download';

export type {
  InvBillDocType,
  InvBillRule,
  InvBusiness,
  InvOptions,
  InvShop,
  InvStandard,
  InvUnit,
  InvWarehouse,
} from '@tilth/contracts/inventory.base.types';

// The inventory base-data API (docs/api.md "Inventory — base data"); every key sits under
// ['invBase', tenantId] so one save refreshes the pickers of every page.

export const invBaseKeys = {
  all: (tenantId: number) => ['invBase', tenantId] as const,
  units: (tenantId: number) => ['invBase', tenantId, 'units'] as const,
  bills: (tenantId: number) => ['invBase', tenantId, 'bills'] as const,
  preview: (tenantId: number, docType: string, docDate: string) =>
    ['invBase', tenantId, 'preview', docType, docDate] as const,
  standards: (tenantId: number) => ['invBase', tenantId, 'standards'] as const,
  warehouses: (tenantId: number) => ['invBase', tenantId, 'warehouses'] as const,
  warehouseOptions: (tenantId: number) => ['invBase', tenantId, 'warehouse-options'] as const,
  shops: (tenantId: number) => ['invBase', tenantId, 'shops'] as const,
  shop: (tenantId: number, id: number) => ['invBase', tenantId, 'shop', id] as const,
  businesses: (tenantId: number) => ['invBase', tenantId, 'businesses'] as const,
  business: (tenantId: number, id: number) => ['invBase', tenantId, 'business', id] as const,
  options: (tenantId: number) => ['invBase', tenantId, 'options'] as const,
  bases: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

/** Permission codes of the pages (one per page; the page's code also allows its writes). */
export const INV_BASE_CODES = {
  unit: 'wfpf.inventory.base.unit',
  bill: 'wfpf.inventory.base.bill',
  standard: 'wfpf.inventory.base.standard',
  store: 'wfpf.inventory.base.store',
  storeManager: 'wfpf.company.system.storeManager',
  shops: 'wfpf.inventory.base.shops',
  businesses: 'wfpf.inventory.base.businesses',
  option: 'wfpf.inventory.config.option',
} as const;

export const INV_BASE_PATHS = {
  shops: '/inventory/base/shops',
  shopAdd: '/inventory/base/shops/add',
  shopEdit: (id: number) => `/inventory/base/shops/edit/${id}`,
  businesses: '/inventory/base/businesses',
  businessAdd: '/inventory/base/businesses/add',
  businessEdit: (id: number) => `/inventory/base/businesses/edit/${id}`,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/inventory`;

/** CRUD calls of one kind of base data at /inventory/{path}; `fileName` names its Excel export. */
const crud = <T, C, U>(path: string, fileName: string) => ({
  page: (tenantId: number, query: Query) => api.get<Page<T>>(`${base(tenantId)}/${path}`, { query }),
  /** Every row, for selects (size=0). */
  all: (tenantId: number, query: Query = {}) =>
    api
      .get<Page<T>>(`${base(tenantId)}/${path}`, { query: { ...query, page: 0, size: 0 } })
      .then((p) => p.content),
  get: (tenantId: number, id: number) => api.get<T>(`${base(tenantId)}/${path}/${id}`),
  create: (tenantId: number, body: C) => api.post<T>(`${base(tenantId)}/${path}`, { json: body }),
  update: (tenantId: number, id: number, body: U) =>
    api.put<T>(`${base(tenantId)}/${path}/${id}`, { json: body }),
  remove: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/${path}/${id}`, { query: { objectVersionNumber } }),
  /** The list's filtered rows as an Excel file (the list's filters, no paging). */
  exportFile: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/${path}/export`, query, fileName),
});

export const unitApi = crud<InvUnit, InvUnitCreateBody, InvUnitUpdateBody>('unit', 'units.xlsx');
export const standardApi = crud<InvStandard, InvStandardCreateBody, InvStandardUpdateBody>(
  'standard',
  'attributes.xlsx',
);
export const storeApi = crud<InvWarehouse, InvWarehouseCreateBody, InvWarehouseUpdateBody>(
  'store',
  'warehouses.xlsx',
);
export const shopApi = crud<InvShop, InvShopCreateBody, InvShopUpdateBody>('shops', 'shops.xlsx');
export const businessApi = crud<InvBusiness, InvBusinessCreateBody, InvBusinessUpdateBody>(
  'businesses',
  'counterparties.xlsx',
);

export const billApi = {
  list: (tenantId: number) => api.get<InvBillRule[]>(`${base(tenantId)}/bill`),
  exportFile: (tenantId: number) => downloadFile(`${base(tenantId)}/bill/export`, {}, 'numbering.xlsx'),
  save: (tenantId: number, docType: InvBillDocType, body: InvBillUpdateBody) =>
    api.put<InvBillRule>(`${base(tenantId)}/bill/${docType}`, { json: body }),
  reset: (tenantId: number, docType: InvBillDocType, objectVersionNumber: number | null) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/bill/${docType}`, {
      query: objectVersionNumber === null ? {} : { objectVersionNumber },
    }),
  preview: (tenantId: number, docType: InvBillDocType, docDate: string) =>
    api.get<{ docCode: string }>(`${base(tenantId)}/bill/preview`, { query: { docType, docDate } }),
};

export const optionApi = {
  get: (tenantId: number) => api.get<InvOptions>(`${base(tenantId)}/option`),
  save: (tenantId: number, body: InvOptionsUpdateBody) =>
    api.put<InvOptions>(`${base(tenantId)}/option`, { json: body }),
};

/** The tenant's farm bases for selects (a tenant has few). */
export const basesApi = (tenantId: number) =>
  api
    .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
    .then((p) => p.content);
