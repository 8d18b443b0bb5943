import type {
  ApprovalTaskItem,
  BusinessType,
  DefinitionCreateBody,
  DefinitionDetail,
  DefinitionItem,
  DefinitionUpdateBody,
  ModelIssues,
  Page,
  ProcessModel,
} from '@tilth/contracts';
import type { ApprovalDocType } from '@tilth/contracts/workflow.docs';
import { api, type Query } from '../../../shared/api/client';

export type { BusinessType, DefinitionDetail, DefinitionItem } from '@tilth/contracts';

/** /system/process's view code and its action codes (enable/disable are edits). */
export const PROCESS_CODE = 'wfpf.company.system.process';
export const PROCESS_CODES = {
  create: 'wfpf.company.system.process.ps.create',
  edit: 'wfpf.company.system.process.ps.edit',
  delete: 'wfpf.company.system.process.ps.delete',
} as const;

export const processKeys = {
  all: (tenantId: number) => ['approval-definitions', tenantId] as const,
  list: (tenantId: number) => ['approval-definitions', tenantId, 'list'] as const,
  detail: (tenantId: number, id: number) => ['approval-definitions', tenantId, 'detail', id] as const,
  version: (tenantId: number, id: number, v: number) =>
    ['approval-definitions', tenantId, 'version', id, v] as const,
  docTypes: (tenantId: number) => ['approval-definitions', tenantId, 'doc-types'] as const,
  processes: (tenantId: number, id: number, query: Query) =>
    ['approval-definitions', tenantId, 'processes', id, query] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/approval-definitions`;
const version = (d: { objectVersionNumber: number }) => ({
  json: { objectVersionNumber: d.objectVersionNumber },
});

export const processApi = {
  page: (tenantId: number, query: Query) => api.get<Page<DefinitionItem>>(base(tenantId), { query }),
  detail: (tenantId: number, id: number) => api.get<DefinitionDetail>(`${base(tenantId)}/${id}`),
  version: (tenantId: number, id: number, v: number) =>
    api.get<{ version: number; model: ProcessModel }>(`${base(tenantId)}/${id}/versions/${v}`),
  docTypes: (tenantId: number) => api.get<BusinessType[]>(`${base(tenantId)}/doc-types`),
  /** The flow's processes (one version's, by state), newest first. */
  processes: (tenantId: number, id: number, query: Query) =>
    api.get<Page<ApprovalTaskItem>>(`${base(tenantId)}/${id}/processes`, { query }),
  create: (tenantId: number, body: DefinitionCreateBody) =>
    api.post<DefinitionDetail>(base(tenantId), { json: body }),
  update: (tenantId: number, body: DefinitionUpdateBody) =>
    api.put<DefinitionDetail>(base(tenantId), { json: body }),
  copy: (tenantId: number, id: number) => api.post<DefinitionDetail>(`${base(tenantId)}/${id}/copy`),
  enable: (tenantId: number, d: DefinitionItem) =>
    api.put<DefinitionItem>(`${base(tenantId)}/${d.id}/enable`, version(d)),
  disable: (tenantId: number, d: DefinitionItem) =>
    api.put<DefinitionItem>(`${base(tenantId)}/${d.id}/disable`, version(d)),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${base(tenantId)}/${id}`),
  validate: (tenantId: number, docType: ApprovalDocType, model: ProcessModel) =>
    api.post<ModelIssues>(`${base(tenantId)}/validate`, { json: { docType, model } }),
};
