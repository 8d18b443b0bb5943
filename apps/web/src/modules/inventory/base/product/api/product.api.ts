import type { FileView, Page } from '@tilth/contracts';
import type { Crop, Variety } from '@tilth/contracts/crop.types';
import type {
  InvProduct,
  InvProductCreateBody,
  InvProductRow,
  InvProductUpdateBody,
} from '@tilth/contracts/inventory.product.types';
import { api, type Query } from '../../../../../shared/api/client';
import { downloadFile } from '../../../../equipment/device/api/download';

export type { InvProduct, InvProductRow, InvSku } from '@tilth/contracts/inventory.product.types';

/** Base data the form picks from (part A's pages answer these shapes). */
export interface UnitOption {
  id: number;
  unitName: string;
  unitCode: string;
  enabledFlag: number;
}
export interface StandardOption {
  id: number;
  standardName: string;
  enabledFlag?: number;
  values: { id: number; valueName: string; sortNo: number }[];
}
export interface WarehouseOption {
  id: number;
  warehouseName: string;
  warehouseCode: string;
  enabledFlag: number;
}

/** One code per page (permissions.company.ts). */
export const PRODUCT_CODE = 'wfpf.inventory.base.product';

export const PRODUCT_PATHS = {
  list: '/inventory/base/product',
  add: '/inventory/base/product/add',
  edit: (id: number) => `/inventory/base/product/edit/${id}`,
  agriAdd: '/inventory/base/product/agricultural/add',
  agriEdit: (id: number) => `/inventory/base/product/agricultural/edit/${id}`,
};

export const productKeys = {
  all: (tenantId: number) => ['invProduct', tenantId] as const,
  list: (tenantId: number) => ['invProduct', tenantId, 'list'] as const,
  one: (tenantId: number, id: number) => ['invProduct', tenantId, 'one', id] as const,
  options: (tenantId: number, kind: string) => ['invProduct', tenantId, 'options', kind] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/inventory`;
const all = <T>(url: string, query: Query = {}) =>
  api.get<Page<T>>(url, { query: { page: 0, size: 0, ...query } }).then((p) => p.content);

export const productApi = {
  page: (tenantId: number, query: Query) =>
    api.get<Page<InvProductRow>>(`${base(tenantId)}/product`, { query }),
  one: (tenantId: number, id: number) => api.get<InvProduct>(`${base(tenantId)}/product/${id}`),
  create: (tenantId: number, body: InvProductCreateBody) =>
    api.post<InvProduct>(`${base(tenantId)}/product`, { json: body }),
  update: (tenantId: number, id: number, body: InvProductUpdateBody) =>
    api.put<InvProduct>(`${base(tenantId)}/product/${id}`, { json: body }),
  remove: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/product/${id}`, { query: { objectVersionNumber } }),
  /** The list's filtered products as an Excel file (the list's filters, no paging). */
  exportFile: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/product/export`, query, 'products.xlsx'),

  units: (tenantId: number) => all<UnitOption>(`${base(tenantId)}/unit`),
  standards: (tenantId: number) => all<StandardOption>(`${base(tenantId)}/standard`),
  warehouses: (tenantId: number) => all<WarehouseOption>(`${base(tenantId)}/store`),
  crops: (tenantId: number) => all<Crop>(`/wfpf/v1/${tenantId}/crop/page`),
  varieties: (tenantId: number, cropId: number) =>
    all<Variety>(`/wfpf/v1/${tenantId}/variety/page`, { cropId }),
  upload: (tenantId: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
  },
};
