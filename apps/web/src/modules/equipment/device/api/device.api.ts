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
import { devicePath } from './familyPaths';

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

// List, details, create, edit and delete go to the type's spec 02 §7 family path when it has one
// (familyPaths.ts); the family answers are the registry device plus concentratorId and imeI.
export const deviceApi = {
  /** One page of a type's devices (without a type: every type, generic path). */
  page: (t: number, query: Query & { deviceType?: string }) =>
    api.get<Page<Device>>(devicePath(query.deviceType, 'page', t), { query }),
  options: (t: number, query: { deviceType?: string; areaId?: number }) =>
    api.get<DeviceOption[]>(`${v1(t)}/all`, { query }),
  details: (t: number, id: number, typeKey?: string) =>
    api.get<Device>(devicePath(typeKey, 'details', t, id)),
  create: (t: number, body: DeviceInput) =>
    api.post<DeviceCreated>(devicePath(body.deviceType, 'create', t), { json: body }),
  /** typeKey picks the family path; the body never carries it (type and serial are fixed). */
  update: (t: number, body: DeviceChanges, typeKey?: string) =>
    api.put<Device>(devicePath(typeKey, 'update', t), { json: body }),
  remove: (t: number, id: number, typeKey?: string) =>
    api.delete<unknown>(devicePath(typeKey, 'remove', t, id)),
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
