import type { Page } from '@tilth/contracts';
import type { Activity, ActivityCreateBody, ActivityUpdateBody } from '@tilth/contracts/activity.types';
import type { Area } from '@tilth/contracts/area.types';
import { api, type Query } from '../../../../shared/api/client';

export type { Activity } from '@tilth/contracts/activity.types';
export type ActivityInput = Partial<ActivityCreateBody> &
  Pick<ActivityCreateBody, 'activityName' | 'startTime' | 'endTime'>;

export const activityKeys = {
  all: (tenantId: number) => ['activities', tenantId] as const,
  list: (tenantId: number) => ['activities', tenantId, 'list'] as const,
  month: (tenantId: number, from: string, to: string) => ['activities', tenantId, 'month', from, to] as const,
  bases: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

const path = (tenantId: number) => `/wfpf/v1/${tenantId}/activity`;

export const activityApi = {
  page: (tenantId: number, query: Query) => api.get<Page<Activity>>(path(tenantId), { query }),
  /** Every activity overlapping the days from..to (farm time), for the month view. */
  between: (tenantId: number, startDate: string, endDate: string) =>
    api
      .get<Page<Activity>>(path(tenantId), { query: { page: 0, size: 0, startDate, endDate } })
      .then((p) => p.content),
  create: (tenantId: number, body: ActivityInput) => api.post<Activity>(path(tenantId), { json: body }),
  update: (tenantId: number, body: Partial<ActivityUpdateBody>) =>
    api.put<Activity>(path(tenantId), { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${path(tenantId)}/${id}`),
  bases: (tenantId: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
};

/** Tag colours of the types and statuses. */
export const TYPE_COLORS: Record<string, string> = {
  picking: 'orange',
  training: 'blue',
  visit: 'cyan',
  promotion: 'magenta',
  other: 'default',
};
export const STATUS_COLORS: Record<string, string> = { upcoming: 'gold', ongoing: 'green', ended: 'default' };
