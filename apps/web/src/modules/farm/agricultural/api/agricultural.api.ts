import type { ApprovalDocType, ChosenAssignees, Page } from '@tilth/contracts';
import type {
  AgriDoc,
  AgriDocCreateBody,
  AgriDocType,
  AgriDocUpdateBody,
  AgriInput,
  AgriInputCreateBody,
  AgriInputUpdateBody,
  AgriMovement,
  AgriStock,
} from '@tilth/contracts/agricultural.types';
import type { Area } from '@tilth/contracts/area.types';
import { api, type Query } from '../../../../shared/api/client';

export type {
  AgriCategory,
  AgriDoc,
  AgriDocLine,
  AgriDocType,
  AgriInput,
  AgriMovement,
  AgriStock,
} from '@tilth/contracts/agricultural.types';
export {
  AGRI_CATEGORIES,
  AGRI_LINES_MAX,
  AGRI_PRICE_MAX,
  AGRI_QUANTITY_MAX,
} from '@tilth/contracts/agricultural.types';

/** Query keys: everything of the module under ['agricultural', tenantId] so one save refreshes all lists. */
/** The approval document type of each kind of input document (workflow.docs). */
export const AGRI_APPROVAL_TYPE = {
  warehousing: 'agri_warehousing',
  shipment: 'agri_shipment',
} as const satisfies Record<AgriDocType, ApprovalDocType>;

export const agriKeys = {
  all: (tenantId: number) => ['agricultural', tenantId] as const,
  inputs: (tenantId: number) => ['agricultural', tenantId, 'inputs'] as const,
  input: (tenantId: number, id: number) => ['agricultural', tenantId, 'input', id] as const,
  inputOptions: (tenantId: number) => ['agricultural', tenantId, 'input-options'] as const,
  stock: (tenantId: number) => ['agricultural', tenantId, 'stock'] as const,
  stockOne: (tenantId: number, areaId: number, inputId: number) =>
    ['agricultural', tenantId, 'stock-one', areaId, inputId] as const,
  record: (tenantId: number, areaId: number, inputId: number) =>
    ['agricultural', tenantId, 'record', areaId, inputId] as const,
  docs: (tenantId: number, type: AgriDocType) => ['agricultural', tenantId, 'docs', type] as const,
  doc: (tenantId: number, type: AgriDocType, id: number) =>
    ['agricultural', tenantId, 'doc', type, id] as const,
  bases: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/agricultural`;

export const agriApi = {
  inputPage: (tenantId: number, query: Query) =>
    api.get<Page<AgriInput>>(`${base(tenantId)}/input`, { query }),
  /** Every input, for selects (size=0). */
  inputOptions: (tenantId: number) =>
    api
      .get<Page<AgriInput>>(`${base(tenantId)}/input`, { query: { page: 0, size: 0 } })
      .then((p) => p.content),
  input: (tenantId: number, id: number) => api.get<AgriInput>(`${base(tenantId)}/input/${id}`),
  createInput: (tenantId: number, body: AgriInputCreateBody) =>
    api.post<AgriInput>(`${base(tenantId)}/input`, { json: body }),
  updateInput: (tenantId: number, body: AgriInputUpdateBody) =>
    api.put<AgriInput>(`${base(tenantId)}/input`, { json: body }),
  removeInput: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/input/${id}`),

  stockPage: (tenantId: number, query: Query) =>
    api.get<Page<AgriStock>>(`${base(tenantId)}/stock`, { query }),
  stockOne: (tenantId: number, areaId: number, inputId: number) =>
    api
      .get<Page<AgriStock>>(`${base(tenantId)}/stock`, { query: { page: 0, size: 1, areaId, inputId } })
      .then((p) => p.content[0] ?? null),
  recordPage: (tenantId: number, query: Query) =>
    api.get<Page<AgriMovement>>(`${base(tenantId)}/stock/record`, { query }),

  docPage: (tenantId: number, type: AgriDocType, query: Query) =>
    api.get<Page<AgriDoc>>(`${base(tenantId)}/${type}`, { query }),
  doc: (tenantId: number, type: AgriDocType, id: number) =>
    api.get<AgriDoc>(`${base(tenantId)}/${type}/${id}`),
  createDoc: (tenantId: number, type: AgriDocType, body: AgriDocCreateBody) =>
    api.post<AgriDoc>(`${base(tenantId)}/${type}`, { json: body }),
  updateDoc: (tenantId: number, type: AgriDocType, body: AgriDocUpdateBody) =>
    api.put<AgriDoc>(`${base(tenantId)}/${type}`, { json: body }),
  removeDoc: (tenantId: number, type: AgriDocType, id: number, objectVersionNumber: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/${type}/${id}`, { query: { objectVersionNumber } }),
  /** A draft (withdrawn) or rejected document into approval again. */
  submitDoc: (
    tenantId: number,
    type: AgriDocType,
    id: number,
    objectVersionNumber: number,
    chosen?: ChosenAssignees,
  ) =>
    api.put<AgriDoc>(`${base(tenantId)}/${type}/submit/${id}`, {
      query: { objectVersionNumber },
      ...(chosen ? { json: { chosen } } : {}),
    }),

  /** The tenant's bases for selects (a tenant has few). */
  bases: (tenantId: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
};

/** agricultural-inventory/record/{id}: the id is the stock key `${areaId}-${inputId}`. */
export const parseStockKey = (key: string | undefined): { areaId: number; inputId: number } | null => {
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(key ?? '');
  return m ? { areaId: Number(m[1]), inputId: Number(m[2]) } : null;
};
