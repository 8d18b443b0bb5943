import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type {
  DeviceGroup,
  GroupCreateBody,
  GroupKind,
  GroupUpdateBody,
  Strategy,
  StrategyCreateBody,
  StrategyRun,
  StrategyUpdateBody,
} from '@tilth/contracts/automation.types';
import type { DeviceOption } from '@tilth/contracts/device.types';
import { api, type Query } from '../../../shared/api/client';

export type { DeviceGroup, GroupKind, Strategy, StrategyRun } from '@tilth/contracts/automation.types';

/** Query keys: everything of the intelligent-control pages under ['intelligent', t]. */
export const automationKeys = {
  all: (t: number) => ['intelligent', t] as const,
  strategies: (t: number) => ['intelligent', t, 'strategies'] as const,
  runs: (t: number, id: number) => ['intelligent', t, 'runs', id] as const,
  groups: (t: number, kind: GroupKind) => ['intelligent', t, 'groups', kind] as const,
  groupOptions: (t: number) => ['intelligent', t, 'groups', 'control', 'options'] as const,
  devices: (t: number) => ['device', t, 'options', '', 0] as const,
  bases: (t: number) => ['areas', t, 'options'] as const,
};

const i = (t: number) => `/wfpe/v1/${t}/intelligent`;

export type StrategyInput = Omit<StrategyCreateBody, 'enabledFlag' | 'guards'> & Partial<StrategyCreateBody>;
export type GroupInput = Omit<GroupCreateBody, 'members'> & Partial<GroupCreateBody>;

export const automationApi = {
  strategies: (t: number, query: Query) => api.get<Page<Strategy>>(`${i(t)}/strategy`, { query }),
  create: (t: number, body: StrategyInput) => api.post<Strategy>(`${i(t)}/strategy`, { json: body }),
  update: (t: number, body: StrategyInput & Pick<StrategyUpdateBody, 'id' | 'objectVersionNumber'>) =>
    api.put<Strategy>(`${i(t)}/strategy`, { json: body }),
  enable: (t: number, id: number, enabledFlag: 0 | 1) =>
    api.post<Strategy>(`${i(t)}/strategy/${id}/enabled`, { json: { enabledFlag } }),
  run: (t: number, id: number, force: boolean) =>
    api.post<StrategyRun>(`${i(t)}/strategy/${id}/run`, { json: { force } }),
  runs: (t: number, id: number, query: Query) =>
    api.get<Page<StrategyRun>>(`${i(t)}/strategy/${id}/runs`, { query }),
  remove: (t: number, id: number) => api.delete<{ success: boolean }>(`${i(t)}/strategy/${id}`),

  groups: (t: number, kind: GroupKind, query: Query) =>
    api.get<Page<DeviceGroup>>(`${i(t)}/group`, { query: { ...query, kind } }),
  controlGroups: (t: number) =>
    api
      .get<Page<DeviceGroup>>(`${i(t)}/group`, { query: { kind: 'control', page: 0, size: 0 } })
      .then((p) => p.content),
  createGroup: (t: number, body: GroupInput) => api.post<DeviceGroup>(`${i(t)}/group`, { json: body }),
  updateGroup: (t: number, body: Omit<GroupUpdateBody, 'members'> & Partial<GroupUpdateBody>) =>
    api.put<DeviceGroup>(`${i(t)}/group`, { json: body }),
  removeGroup: (t: number, id: number) => api.delete<{ success: boolean }>(`${i(t)}/group/${id}`),

  devices: (t: number) => api.get<DeviceOption[]>(`/wfpe/v1/${t}/device/all`),
  bases: (t: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${t}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
};
