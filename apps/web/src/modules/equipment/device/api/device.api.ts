import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type {
  CollectedDatum,
  Curve,
  Device,
  DeviceCreateBody,
  DeviceCreated,
  DeviceCredentials,
  DeviceOption,
  DeviceStatusLogItem,
  DeviceUpdateBody,
} from '@tilth/contracts/device.types';
import type { Land } from '@tilth/contracts/land.types';
import { api, type Query } from '../../../../shared/api/client';
import { downloadFile } from './download';

export type {
  CollectedDatum,
  Curve,
  Device,
  DeviceCreated,
  DeviceCredentials,
  DeviceOption,
  DeviceStatusLogItem,
} from '@tilth/contracts/device.types';

/** Query keys: everything of a tenant's devices under ['device', t] so live events and saves can patch it. */
export const deviceKeys = {
  all: (t: number) => ['device', t] as const,
  lists: (t: number) => ['device', t, 'list'] as const,
  list: (t: number, typeKey: string) => ['device', t, 'list', typeKey] as const,
  system: (t: number) => ['device', t, 'system'] as const,
  details: (t: number, id: number) => ['device', t, 'details', id] as const,
  collection: (t: number, id: number) => ['device', t, 'collection', id] as const,
  curve: (t: number, id: number, metric: string, start: string, end: string) =>
    ['device', t, 'curve', id, metric, start, end] as const,
  statusLog: (t: number) => ['device', t, 'status-log'] as const,
  options: (t: number, deviceType: string | undefined, areaId: number | undefined) =>
    ['device', t, 'options', deviceType ?? '', areaId ?? 0] as const,
  bases: (t: number) => ['areas', t, 'options'] as const,
  lands: (t: number, areaId: number | undefined) => ['farm', 'land', t, 'options', areaId ?? 0] as const,
};

const v1 = (t: number) => `/wfpe/v1/${t}/device`;

export type DeviceInput = Omit<DeviceCreateBody, 'config'> & { config?: Record<string, unknown> };
export type DeviceChanges = Omit<DeviceUpdateBody, 'config'> & { config?: Record<string, unknown> };

export const deviceApi = {
  page: (t: number, query: Query) => api.get<Page<Device>>(`${v1(t)}/page`, { query }),
  options: (t: number, query: { deviceType?: string; areaId?: number }) =>
    api.get<DeviceOption[]>(`${v1(t)}/all`, { query }),
  details: (t: number, id: number) => api.get<Device>(`${v1(t)}/${id}/details`),
  create: (t: number, body: DeviceInput) => api.post<DeviceCreated>(v1(t), { json: body }),
  update: (t: number, body: DeviceChanges) => api.put<Device>(v1(t), { json: body }),
  remove: (t: number, id: number) => api.delete<unknown>(`${v1(t)}/${id}`),
  rotateCredentials: (t: number, id: number) => api.post<DeviceCredentials>(`${v1(t)}/${id}/credentials`),
  collection: (t: number, id: number) => api.get<CollectedDatum[]>(`${v1(t)}/${id}/collection`),
  curve: (t: number, id: number, query: { metric: string; startTime: string; endTime: string }) =>
    api.get<Curve>(`${v1(t)}/${id}/curve`, { query }),
  /** Without a metric: every metric of the type, one column each. */
  exportCurve: (t: number, id: number, query: { metric?: string; startTime: string; endTime: string }) =>
    downloadFile(`${v1(t)}/${id}/curve/export`, query, `device-${id}.xlsx`),
  statusLog: (t: number, query: Query) =>
    api.get<Page<DeviceStatusLogItem>>(`${v1(t)}/status-log`, { query }),

  // System device manager (spec 02 §2, like the camera manager).
  systemPage: (t: number, query: Query) =>
    api.get<Page<Device>>(`/wfpe/v1/${t}/system/device/page`, { query }),
  batchDelete: (t: number, ids: number[]) =>
    api.post<unknown>(`/wfpe/v1/${t}/system/device/batch/del`, { json: { ids } }),
  transfer: (t: number, body: { ids: number[]; areaId: number; landId: number }) =>
    api.post<unknown>(`/wfpe/v1/${t}/system/device/transfer`, { json: body }),

  // Farm lookups for the selects.
  bases: (t: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${t}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
  lands: (t: number, areaId: number) =>
    api.get<Page<Land>>(`/wfpf/v1/${t}/land`, { query: { areaId, page: 0, size: 0 } }).then((p) => p.content),
};
