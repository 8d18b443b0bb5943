import type { Page } from '@tilth/contracts';
import type { Camera, CameraSaveShareBody, cameraShare } from '@tilth/contracts/camera.types';
import type {
  CaptureSchedule,
  ScheduleCreateBody,
  ScheduleUpdateBody,
} from '@tilth/contracts/camera-capture.types';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import { api } from '../../../shared/api/client';
import type { Infer } from '../../../shared/api/types';
import { deviceApi } from '../../equipment/device/api/device.api';

export type CameraShare = Infer<typeof cameraShare>;
export type { CaptureSchedule } from '@tilth/contracts/camera-capture.types';

// The camera manager's own calls (spec 02 §7): sharing, disabling, binding to a gateway, timed captures.
// Failures go to the client's global notice, which shows the server's message for a 400 / 409.

const v1 = (t: number) => `/wfpe/v1/${t}/camera`;
const timing = (t: number) => `/wfpe/v2/${t}/device/camera/timing`;

export const cameraAdminKeys = {
  shares: (t: number, id: number) => ['camera', t, 'shares', id] as const,
  schedules: (t: number, id: number) => ['camera', t, 'schedules', id] as const,
  gateways: (t: number) => ['camera', t, 'gateways'] as const,
};

/** The registry's gateway types: the binding dialog lists the tenant's devices of these. */
export const GATEWAY_TYPE_KEYS = DEVICE_TYPES.filter((d) => d.family === 'gateway').map((d) => d.key);

export const cameraAdminApi = {
  shares: (t: number, id: number) => api.get<CameraShare[]>(`${v1(t)}/${id}/shares`),
  saveShare: (t: number, body: CameraSaveShareBody) =>
    api.post<CameraShare>(`${v1(t)}/save-share`, { json: body }),
  revokeShare: (t: number, shareId: number) => api.delete<unknown>(`${v1(t)}/shares/${shareId}`),
  /** status 0 disables, 1 enables again. */
  setStatus: (t: number, cam: Pick<Camera, 'id' | 'objectVersionNumber'>, status: 0 | 1) =>
    api.post<Camera>(`${v1(t)}/${cam.id}/disable`, {
      json: { status, objectVersionNumber: cam.objectVersionNumber },
    }),
  /** null unbinds; the body keeps the spec's spelling contentratorId. */
  bind: (t: number, cam: Pick<Camera, 'id' | 'objectVersionNumber'>, gatewayId: number | null) =>
    api.post<Camera>(`${v1(t)}/${cam.id}/binding`, {
      json: { contentratorId: gatewayId, objectVersionNumber: cam.objectVersionNumber },
    }),
  /** The tenant's gateways, through the device list call filtered by each gateway type. */
  gateways: async (t: number) => {
    const lists = await Promise.all(
      GATEWAY_TYPE_KEYS.map((deviceType) => deviceApi.options(t, { deviceType })),
    );
    return lists.flat().sort((a, b) => a.name.localeCompare(b.name));
  },
  schedules: (t: number, cameraId: number, page: number, size: number) =>
    api.get<Page<CaptureSchedule>>(`${timing(t)}/list`, { query: { cameraId, page, size } }),
  createSchedule: (t: number, body: ScheduleCreateBody) =>
    api.post<CaptureSchedule>(timing(t), { json: body }),
  updateSchedule: (t: number, body: ScheduleUpdateBody) =>
    api.put<CaptureSchedule>(timing(t), { json: body }),
  deleteSchedule: (t: number, s: Pick<CaptureSchedule, 'id' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${timing(t)}/${s.id}`, { query: { objectVersionNumber: s.objectVersionNumber } }),
};
