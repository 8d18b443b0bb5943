import type { Page } from '@tilth/contracts';
import type { SimCard, SimCreateBody, SimInfo, SimUpdateBody } from '@tilth/contracts/sim.types';
import { api, type Query } from '../../../shared/api/client';

export type { SimCard, SimInfo } from '@tilth/contracts/sim.types';

export const simKeys = {
  all: (t: number) => ['sim', t] as const,
  list: (t: number) => ['sim', t, 'list'] as const,
  info: (t: number, id: number) => ['sim', t, 'info', id] as const,
};

const base = (t: number) => `/wfpe/v1/${t}/sim`;

export type SimInput = SimCreateBody;
export type SimChanges = SimUpdateBody;

export const simApi = {
  page: (t: number, query: Query) => api.get<Page<SimCard>>(base(t), { query }),
  create: (t: number, body: SimInput) => api.post<SimCard>(base(t), { json: body }),
  update: (t: number, body: SimChanges) => api.put<SimCard>(base(t), { json: body }),
  remove: (t: number, id: number) => api.delete<unknown>(`${base(t)}/${id}`),
  info: (t: number, id: number) => api.get<SimInfo>(`${base(t)}/${id}/info`),
};
