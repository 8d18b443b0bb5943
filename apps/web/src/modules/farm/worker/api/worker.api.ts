import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type {
  Worker,
  WorkerCandidateUser,
  WorkerCreateBody,
  WorkerUpdateBody,
} from '@tilth/contracts/worker.types';
import { api, type Query } from '../../../../shared/api/client';

export type { Worker, WorkerCandidateUser } from '@tilth/contracts/worker.types';
export type WorkerInput = Partial<WorkerCreateBody> & { name: string };

export const workerKeys = {
  all: (tenantId: number) => ['workers', tenantId] as const,
  list: (tenantId: number) => ['workers', tenantId, 'list'] as const,
  candidates: (tenantId: number, workerId: number | undefined) =>
    ['workers', tenantId, 'candidates', workerId ?? 0] as const,
  bases: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

const path = (tenantId: number) => `/wfpf/v1/${tenantId}/worker`;

export const workerApi = {
  page: (tenantId: number, query: Query) => api.get<Page<Worker>>(path(tenantId), { query }),
  create: (tenantId: number, body: WorkerInput) => api.post<Worker>(path(tenantId), { json: body }),
  update: (tenantId: number, body: Partial<WorkerUpdateBody>) =>
    api.put<Worker>(path(tenantId), { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${path(tenantId)}/${id}`),
  /** Members that may be linked (not linked yet, or linked to workerId). */
  candidates: (tenantId: number, workerId?: number) =>
    api.get<WorkerCandidateUser[]>(`${path(tenantId)}/candidate-users`, { query: { workerId } }),
  /** The tenant's bases for the select (a tenant has few). */
  bases: (tenantId: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
};
