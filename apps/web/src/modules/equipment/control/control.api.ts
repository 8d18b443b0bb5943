import type { Page } from '@tilth/contracts';
import type {
  AeratorItem,
  AeratorLogItem,
  CommandIssued,
  CommandView,
  ControlLogItem,
  PumpCreateBody,
  PumpUpdateBody,
  SwitchCreateBody,
  SwitchItem,
  SwitchUpdateBody,
} from '@tilth/contracts/control.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../device/api/download';

export type {
  AeratorItem,
  AeratorLogItem,
  CommandIssued,
  CommandView,
  ControlLogItem,
  SwitchItem,
} from '@tilth/contracts/control.types';

/** Query keys under ['control', t] (switch lists, pumps, logs), apart from the device registry's. */
export const controlKeys = {
  all: (t: number) => ['control', t] as const,
  switches: (t: number, gatewayId: number) => ['control', t, 'switches', gatewayId] as const,
  pumps: (t: number, regulatorId: number) => ['control', t, 'pumps', regulatorId] as const,
  command: (t: number, cmdId: string) => ['control', t, 'command', cmdId] as const,
  log: (t: number) => ['control', t, 'log'] as const,
  aeratorLog: (t: number, regulatorId: number, kind: AeratorLogKind) =>
    ['control', t, 'aerator-log', regulatorId, kind] as const,
};

export type AeratorLogKind = 'control-log' | 'fault-log' | 'offline-log';

const device = (t: number) => `/wfpe/v1/${t}/device`;
const aerator = (t: number) => `/wfpe/v1/${t}/aerator`;

export const controlApi = {
  command: (
    t: number,
    deviceId: number,
    body: { action: string; params: Record<string, unknown>; channelId?: number },
  ) => api.post<CommandIssued>(`${device(t)}/${deviceId}/command`, { json: body }),
  get: (t: number, cmdId: string) =>
    api.get<CommandView>(`${device(t)}/command/${cmdId}`, { globalErrors: false }),

  switches: (t: number, gatewayId: number, query: Query) =>
    api.get<Page<SwitchItem>>(`${device(t)}/switch`, { query: { ...query, concentratorId: gatewayId } }),
  createSwitch: (t: number, body: SwitchCreateBody) =>
    api.post<SwitchItem>(`${device(t)}/switch`, { json: body }),
  updateSwitch: (t: number, body: SwitchUpdateBody) =>
    api.put<SwitchItem>(`${device(t)}/switch`, { json: body }),
  removeSwitch: (t: number, id: number) => api.delete<number>(`${device(t)}/switch/${id}/del`),
  /** Spec 02 §3 switch control payload. */
  controlSwitch: (t: number, body: { switchId: number; sw: number; eui: string; circuit: number }) =>
    api.post<CommandIssued>(`${device(t)}/mqtt/control/switch`, { json: body }),

  pumps: (t: number, regulatorId: number) => api.get<AeratorItem[]>(`${aerator(t)}/${regulatorId}/pumps`),
  createPump: (t: number, body: PumpCreateBody) =>
    api.post<AeratorItem>(`${aerator(t)}/pump`, { json: body }),
  updatePump: (t: number, body: PumpUpdateBody) => api.put<AeratorItem>(`${aerator(t)}/pump`, { json: body }),
  removePump: (t: number, id: number) => api.delete<number>(`${aerator(t)}/pump/${id}`),
  controlPump: (t: number, pumpId: number, on: boolean) =>
    api.post<CommandIssued>(`${aerator(t)}/control`, { json: { pumpId, on } }),
  aeratorLog: (t: number, regulatorId: number, kind: AeratorLogKind, query: Query) =>
    api.get<Page<AeratorLogItem>>(`${aerator(t)}/${regulatorId}/${kind}`, { query }),

  log: (t: number, query: Query) => api.get<Page<ControlLogItem>>(`${device(t)}/control-log`, { query }),
  /** The server names the file '控制日志-<from>-<to>.xlsx'; `fallbackName` only if its header is lost. */
  exportLog: (t: number, query: Query, fallbackName = 'control-log.xlsx') =>
    downloadFile(`${device(t)}/control-log/export`, query, fallbackName),
};
