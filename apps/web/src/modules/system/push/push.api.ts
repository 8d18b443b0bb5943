import type { Page } from '@tilth/contracts';
import type {
  PushCreateBody,
  PushDelivery,
  PushSubscription,
  PushSubscriptionWithSecret,
  PushTestResult,
  PushUpdateBody,
} from '@tilth/contracts/push.types';
import { api, type Query } from '../../../shared/api/client';

export type { PushDelivery, PushSubscription, PushSubscriptionWithSecret } from '@tilth/contracts/push.types';

export const PUSH_CODES = {
  create: 'wfpf.company.system.dataPush.ps.create',
  edit: 'wfpf.company.system.dataPush.ps.edit',
  delete: 'wfpf.company.system.dataPush.ps.delete',
} as const;

export const pushKeys = {
  all: (tenantId: number) => ['data-push', tenantId] as const,
  list: (tenantId: number) => ['data-push', tenantId, 'list'] as const,
  deliveries: (tenantId: number, id: number) => ['data-push', tenantId, 'deliveries', id] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/data-push`;

export const pushApi = {
  page: (tenantId: number, query: Query) => api.get<Page<PushSubscription>>(base(tenantId), { query }),
  create: (tenantId: number, body: PushCreateBody) =>
    api.post<PushSubscriptionWithSecret>(base(tenantId), { json: body }),
  update: (tenantId: number, body: PushUpdateBody) =>
    api.put<PushSubscription>(base(tenantId), { json: body }),
  setEnabled: (tenantId: number, s: PushSubscription, enabled: boolean) =>
    api.post<PushSubscription>(`${base(tenantId)}/${s.id}/enabled`, {
      json: { enabled, objectVersionNumber: s.objectVersionNumber },
    }),
  rotate: (tenantId: number, s: PushSubscription) =>
    api.post<PushSubscriptionWithSecret>(`${base(tenantId)}/${s.id}/secret`, {
      json: { objectVersionNumber: s.objectVersionNumber },
    }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${base(tenantId)}/${id}`),
  test: (tenantId: number, id: number) => api.post<PushTestResult>(`${base(tenantId)}/${id}/test`),
  deliveries: (tenantId: number, id: number, query: Query) =>
    api.get<Page<PushDelivery>>(`${base(tenantId)}/${id}/deliveries`, { query }),
  redeliver: (tenantId: number, id: number, seq: number) =>
    api.post<{ success: boolean }>(`${base(tenantId)}/${id}/deliveries/${seq}/redeliver`),
};
