import type { ChosenAssignees, Page } from '@tilth/contracts';
import { api, type Query } from '../../../../shared/api/client';
import type { InvDocType } from '../docTypes';
import type {
  InvBookRow,
  InvBusinessOption,
  InvDoc,
  InvDocCreateBody,
  InvDocUpdateBody,
  InvExecuteBody,
  InvOption,
  InvSku,
  InvWarehouseOption,
} from './invDoc.types';

export type * from './invDoc.types';

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
    api.get<Page<InvDoc>>(`${base(tenantId)}/documents`, { query: { ...query, docType: type } }),
  get: (tenantId: number, id: number) => api.get<InvDoc>(`${base(tenantId)}/documents/${id}`),
  create: (tenantId: number, body: InvDocCreateBody) =>
    api.post<InvDoc>(`${base(tenantId)}/documents`, { json: body }),
  update: (tenantId: number, id: number, body: InvDocUpdateBody) =>
    api.put<InvDoc>(`${base(tenantId)}/documents/${id}`, { json: body }),
  remove: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<unknown>(`${base(tenantId)}/documents/${id}`, { query: { objectVersionNumber } }),
  submit: (tenantId: number, id: number, objectVersionNumber: number, chosen?: ChosenAssignees) =>
    api.post<InvDoc>(`${base(tenantId)}/documents/${id}/submit`, {
      json: { objectVersionNumber, ...(chosen ? { chosen } : {}) },
    }),
  /** A prefilled create body for a conversion (remaining quantities). */
  convert: (tenantId: number, id: number, to: InvDocType) =>
    api.get<InvDocCreateBody>(`${base(tenantId)}/documents/${id}/convert`, { query: { to } }),
  legs: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.post<InvDoc>(`${base(tenantId)}/documents/${id}/legs`, { json: { objectVersionNumber } }),
  execute: (tenantId: number, id: number, body: InvExecuteBody) =>
    api.post<InvDoc>(`${base(tenantId)}/documents/${id}/execute`, { json: body }),
  adjust: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.post<InvDoc>(`${base(tenantId)}/documents/${id}/adjust`, { json: { objectVersionNumber } }),
  reverse: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.post<InvDoc>(`${base(tenantId)}/documents/${id}/reverse`, { json: { objectVersionNumber } }),
  book: (tenantId: number, warehouseId: number, skuIds: readonly number[]) =>
    api.get<InvBookRow[]>(`${base(tenantId)}/stocktake/book`, {
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
