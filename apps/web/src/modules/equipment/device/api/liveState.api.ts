import type { Device } from '@tilth/contracts/device.types';
import type { LiveState } from '@tilth/contracts/device-family-ops.types';
import { api } from '../../../../shared/api/client';

export type { LiveState } from '@tilth/contracts/device-family-ops.types';

// Device round trips (spec 02 §7): the server asks the device and answers with its reply, or with the
// stored state marked stale when the device is offline or silent for 5 s.

export const liveStateKeys = {
  armStatus: (t: number, id: number) => ['device', t, 'family', 'arm-status', id] as const,
  armConfig: (t: number, id: number) => ['device', t, 'family', 'arm-config', id] as const,
};

export const liveStateApi = {
  inverterRefresh: (t: number, id: number) => api.post<LiveState>(`/wfpe/v1/${t}/inverter/${id}/refresh`),
  armStatus: (t: number, id: number) =>
    api.post<LiveState>(`/wfpe/v1/${t}/device/mar/call-status`, { json: { id } }),
  armConfig: (t: number, id: number) =>
    api.post<LiveState>(`/wfpe/v1/${t}/device/mar/call-config`, { json: { id } }),
};

const ms = (iso: string | null | undefined): number => (iso ? Date.parse(iso) || 0 : 0);

/** The newer of the device's live values (stream) and a round trip's answer. */
export const newerLatest = (device: Device, state: LiveState | undefined): Record<string, number> =>
  state && ms(state.latestAt) > ms(device.latestAt) ? { ...device.latest, ...state.latest } : device.latest;
