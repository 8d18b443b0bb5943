import type { Page } from '@tilth/contracts';
import type { Land, LandCreateBody, LandHistoryItem, LandUpdateBody } from '@tilth/contracts/land.types';
import { api, type Query } from '../../../../shared/api/client';

export type { Land, LandHistoryItem } from '@tilth/contracts/land.types';

/** Bodies as sent (before the server's trimming); the contracts' input types. */
export type LandCreateInput = LandCreateBody;
export type LandUpdateInput = LandUpdateBody;

export const landKeys = {
  all: (tenantId: number) => ['farm', 'land', tenantId] as const,
  list: (tenantId: number) => ['farm', 'land', tenantId, 'list'] as const,
  history: (tenantId: number, landId: number) => ['farm', 'land', tenantId, 'history', landId] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/land`;

export const landApi = {
  page: (tenantId: number, query: Query & { page: number; size: number }) =>
    api.get<Page<Land>>(base(tenantId), { query }),
  get: (tenantId: number, landId: number) => api.get<Land>(`${base(tenantId)}/${landId}`),
  create: (tenantId: number, body: LandCreateInput) => api.post<Land>(base(tenantId), { json: body }),
  update: (tenantId: number, body: LandUpdateInput) => api.put<Land>(base(tenantId), { json: body }),
  remove: (tenantId: number, land: Pick<Land, 'landId' | 'objectVersionNumber'>) =>
    api.delete<{ success: boolean }>(base(tenantId), {
      json: { landId: land.landId, objectVersionNumber: land.objectVersionNumber },
    }),
  free: (tenantId: number, landId: number) => api.post<Land>(`${base(tenantId)}/free`, { json: { landId } }),
  history: (tenantId: number, landId: number) =>
    api.get<LandHistoryItem[]>(`${base(tenantId)}/history`, { query: { landId } }),
};
