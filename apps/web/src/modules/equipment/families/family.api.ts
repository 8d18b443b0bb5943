import type {
  CommandIssued,
  DeviceConfigured,
  DeviceFaultItem,
  DeviceSetting,
  SoilCurvePoint,
  SoilInfo,
  TrackPoint,
} from '@tilth/contracts/device-family.types';
import { api } from '../../../shared/api/client';
import { downloadFile } from '../device/api/download';

export type {
  CommandIssued,
  DeviceConfigured,
  DeviceFaultItem,
  DeviceSetting,
  SoilCurvePoint,
  SoilInfo,
  TrackPoint,
} from '@tilth/contracts/device-family.types';

// Calls of the device families' own screens (server: modules/device-family, docs/api.md).

const v1 = (t: number) => `/wfpe/v1/${t}`;
const v2 = (t: number) => `/wfpe/v2/${t}`;

export type SettingKindPath = 'program' | 'method' | 'controller';
export interface Range {
  startTime: string;
  endTime: string;
}

export const familyKeys = {
  soilInfo: (t: number, id: number) => ['device', t, 'family', 'soil', id] as const,
  soilHistory: (t: number, id: number, r: Range) =>
    ['device', t, 'family', 'soil', id, r.startTime, r.endTime] as const,
  faults: (t: number, id: number) => ['device', t, 'family', 'faults', id] as const,
  settings: (t: number, id: number, kind: string) => ['device', t, 'family', 'settings', id, kind] as const,
  track: (t: number, id: number, r: Range) =>
    ['device', t, 'family', 'track', id, r.startTime, r.endTime] as const,
  nodes: (t: number, id: number) => ['device', t, 'family', 'nodes', id] as const,
};

export const familyApi = {
  soilInfo: (t: number, id: number) => api.get<SoilInfo>(`${v1(t)}/device/soil/${id}/info`),
  soilHistory: (t: number, id: number, r: Range) =>
    api.get<SoilCurvePoint[]>(`${v1(t)}/device/soil/${id}/history`, { query: { ...r } }),
  soilExport: (t: number, id: number, r: Range) =>
    downloadFile(`${v1(t)}/device/soil/${id}/history-expert`, { ...r }, 'soil.xlsx'),
  configure: (t: number, id: number, config: Record<string, unknown>) =>
    api.post<DeviceConfigured>(`${v1(t)}/device/configure`, { json: { id, config } }),
  refresh: (t: number, id: number) => api.post<CommandIssued>(`${v1(t)}/device/refresh`, { json: { id } }),
  loraSync: (t: number, id: number) =>
    api.post<{
      command: CommandIssued | null;
      nodes: { id: number; name: string; eui: string; online: number; deviceType: string }[];
    }>(`${v2(t)}/lora-node/synchronize`, { json: { id } }),
  inverterControl: (t: number, id: number, en: 0 | 1, durationMin?: number) =>
    api.post<CommandIssued>(`${v1(t)}/inverter/${id}/control`, {
      json: durationMin ? { en, durationMin } : { en },
    }),
  inverterConfig: (t: number, id: number, givenPressure: number) =>
    api.post<DeviceConfigured>(`${v1(t)}/inverter/config`, { json: { id, givenPressure } }),
  inverterAlarms: (t: number, id: number) => api.get<DeviceFaultItem[]>(`${v1(t)}/inverter/${id}/alarm`),
  fertilizerAlarms: (t: number, id: number) => api.get<DeviceFaultItem[]>(`${v1(t)}/fertilizer/${id}/alarm`),
  ackFault: (t: number, deviceId: number, key: string) =>
    api.post<{ success: boolean }>(`${v1(t)}/fertilizer/alarm/ack`, { json: { deviceId, key } }),
  valveControl: (t: number, id: number, open: boolean, durationMin?: number) =>
    api.post<CommandIssued>(`${v1(t)}/electric-valve/${id}/control`, {
      json: durationMin ? { open, durationMin } : { open },
    }),
  valveLevels: (t: number, id: number, highLevelCm: number, lowLevelCm: number) =>
    api.post<DeviceConfigured>(`${v1(t)}/electric-valve/levels`, { json: { id, highLevelCm, lowLevelCm } }),
  // fertiliser settings
  settings: (t: number, deviceId: number, kind: SettingKindPath) =>
    api.get<DeviceSetting[]>(`${v1(t)}/fertilizer/${deviceId}/${kind}`),
  addSetting: (t: number, kind: SettingKindPath, body: { deviceId: number; name: string; data: object }) =>
    api.post<DeviceSetting>(`${v1(t)}/fertilizer/${kind}`, { json: body }),
  editSetting: (
    t: number,
    kind: SettingKindPath,
    body: { id: number; objectVersionNumber: number; name: string; data: object },
  ) => api.put<DeviceSetting>(`${v1(t)}/fertilizer/${kind}`, { json: body }),
  removeSetting: (t: number, kind: SettingKindPath, id: number) =>
    api.delete<number>(`${v1(t)}/fertilizer/${kind}/${id}`),
  runProgram: (t: number, id: number) => api.post<CommandIssued>(`${v1(t)}/fertilizer/program/${id}/run`),
  // RTU strategies
  strategies: (t: number, deviceId: number) =>
    api.get<DeviceSetting[]>(`${v1(t)}/device/rtu/${deviceId}/strategy`),
  addStrategy: (t: number, body: { deviceId: number; name: string; data: object }) =>
    api.post<DeviceSetting>(`${v1(t)}/device/rtu/strategy`, { json: body }),
  callStrategy: (t: number, id: number) =>
    api.post<CommandIssued>(`${v1(t)}/device/rtu/strategy/call`, { json: { id } }),
  removeStrategy: (t: number, id: number) => api.delete<number>(`${v1(t)}/device/rtu/strategy/${id}`),
  // robotic arm
  armList: (t: number, deviceId: number, kind: 'preset' | 'cruise') =>
    api.get<DeviceSetting[]>(`${v1(t)}/device/mar/${kind}/${deviceId}`),
  armAdd: (t: number, kind: 'preset' | 'cruise', body: { deviceId: number; name: string; data: object }) =>
    api.post<DeviceSetting>(`${v1(t)}/device/mar/add-${kind}`, { json: body }),
  armRemove: (t: number, kind: 'preset' | 'cruise', id: number) =>
    api.post<number>(`${v1(t)}/device/mar/delete-${kind}`, { json: { id } }),
  armCallPreset: (t: number, id: number) =>
    api.post<CommandIssued>(`${v1(t)}/device/mar/call-preset`, { json: { id } }),
  armCruise: (t: number, id: number, run: boolean) =>
    api.post<CommandIssued>(`${v1(t)}/device/mar/ctrl-cruise`, { json: { id, run } }),
  armFunction: (t: number, id: number, fn: 'stop' | 'capture') =>
    api.post<CommandIssued>(`${v1(t)}/device/mar/ctrl-function`, { json: { id, fn } }),
  track: (t: number, id: number, r: Range) =>
    api.get<TrackPoint[]>(`${v1(t)}/farm-machine/${id}/track`, { query: { ...r } }),
};
