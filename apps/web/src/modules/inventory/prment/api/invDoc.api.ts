import type { ChosenAssignees, Page } from '@tilth/contracts';
import type { INV_CONVERT_TARGETS } from '@tilth/contracts/inventory.document.types';
import { api, type Query } from '../../../../shared/api/client';
import { downloadFile } from '../../../equipment/device/api/download';
import type { InvDocType } from '../docTypes';
import type {
  InvAdjustAnswer,
  InvBusinessOption,
  InvConvertAnswer,
  InvDocCreateBody,
  InvDocDetail,
  InvDocRow,
  InvDocUpdateBody,
  InvExecuteBody,
  InvLegsAnswer,
  InvOption,
  InvSku,
  InvStocktakeBookRow,
  InvWarehouseOption,
} from './invDoc.types';

export type * from './invDoc.types';

/** What GET /documents/{id}/convert makes (INV_CONVERT_TARGETS). */
export type ConvertTarget = (typeof INV_CONVERT_TARGETS)[number];

/** Query keys: everything of the documents under ['invDoc', tenantId], so one change refreshes all lists. */
export const invDocKeys = {
  all: (tenantId: number) => ['invDoc', tenantId] as const,
  list: (tenantId: number, type: InvDocType) => ['invDoc', tenantId, 'list', type] as const,
  doc: (tenantId: number, id: number) => ['invDoc', tenantId, 'doc', id] as const,
  convert: (tenantId: number, id: number, to: string) => ['invDoc', tenantId, 'convert', id, to] as const,
  warehouses: (tenantId: number) => ['invDoc', tenantId, 'warehouses'] as const,
  businesses: (tenantId: number, category: string) => ['invDoc', tenantId, 'businesses', category] as const,
  skus: (tenantId: number, keyword: string, warehouseId: number | undefined) =>
    ['invDoc', tenantId, 'skus', keyword, warehouseId ?? null] as const,
  option: (tenantId: number) => ['invDoc', tenantId, 'option'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/inventory`;

export const invDocApi = {
  page: (tenantId: number, type: InvDocType, query: Query) =>
    api.get<Page<InvDocRow>>(`${base(tenantId)}/documents`, { query: { ...query, docType: type } }),
  /** The list's filtered documents of the type as an Excel file, one row per document. */
  exportFile: (tenantId: number, type: InvDocType, query: Query) =>
    downloadFile(`${base(tenantId)}/documents/export`, { ...query, docType: type }, `${type}.xlsx`),
  get: (tenantId: number, id: number) => api.get<InvDocDetail>(`${base(tenantId)}/documents/${id}`),
  create: (tenantId: number, body: InvDocCreateBody) =>
    api.post<InvDocDetail>(`${base(tenantId)}/documents`, { json: body }),
  update: (tenantId: number, id: number, body: InvDocUpdateBody) =>
    api.put<InvDocDetail>(`${base(tenantId)}/documents/${id}`, { json: body }),
  remove: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<unknown>(`${base(tenantId)}/documents/${id}`, { query: { objectVersionNumber } }),
  submit: (tenantId: number, id: number, objectVersionNumber: number, chosen?: ChosenAssignees) =>
    api.post<InvDocDetail>(`${base(tenantId)}/documents/${id}/submit`, {
      json: { objectVersionNumber, ...(chosen ? { chosen } : {}) },
    }),
  /** A prefilled create body for a conversion (remaining quantities). */
  convert: (tenantId: number, id: number, to: ConvertTarget) =>
    api.get<InvConvertAnswer>(`${base(tenantId)}/documents/${id}/convert`, { query: { to } }),
  /** A transfer's outbound and inbound legs, submitted at once. */
  legs: (tenantId: number, id: number) =>
    api.post<InvLegsAnswer>(`${base(tenantId)}/documents/${id}/legs`, { json: {} }),
  execute: (tenantId: number, id: number, body: InvExecuteBody) =>
    api.post<InvDocDetail>(`${base(tenantId)}/documents/${id}/execute`, { json: body }),
  adjust: (tenantId: number, id: number) =>
    api.post<InvAdjustAnswer>(`${base(tenantId)}/documents/${id}/adjust`, { json: {} }),
  reverse: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.post<InvDocDetail>(`${base(tenantId)}/documents/${id}/reverse`, { json: { objectVersionNumber } }),
  book: (tenantId: number, warehouseId: number, skuIds: readonly number[]) =>
    api.get<InvStocktakeBookRow[]>(`${base(tenantId)}/stocktake/book`, {
      query: { warehouseId, ...(skuIds.length > 0 ? { skuIds: skuIds.join(',') } : {}) },
    }),

  // Pickers over parts A and B (api-surface).
  warehouses: (tenantId: number) =>
    api
      .get<Page<InvWarehouseOption>>(`${base(tenantId)}/store`, { query: { enabledFlag: 1, size: 0 } })
      .then((p) => p.content),
  businesses: (tenantId: number, category: 'supplier' | 'customer' | 'any') =>
    api
      .get<Page<InvBusinessOption>>(`${base(tenantId)}/businesses`, {
        query: { size: 0, enabledFlag: 1, ...(category === 'any' ? {} : { category }) },
      })
      .then((p) => p.content),
  skus: (tenantId: number, keyword: string, warehouseId: number | undefined) =>
    api
      .get<Page<InvSku>>(`${base(tenantId)}/product/sku`, {
        query: { page: 0, size: 20, keyword: keyword.trim() || undefined, warehouseId },
      })
      .then((p) => p.content),
  option: (tenantId: number) => api.get<InvOption>(`${base(tenantId)}/option`),
};
