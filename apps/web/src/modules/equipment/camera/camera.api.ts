import type { Page } from '@tilth/contracts';
import type {
  Camera,
  CameraCreateBody,
  CameraLive,
  CameraPreset,
  CameraUpdateBody,
  cameraTree,
  Recordings,
} from '@tilth/contracts/camera.types';
import type {
  SeedlingImage,
  SplitTemplate,
  SplitTemplateCreateBody,
  SplitTemplateUpdateBody,
} from '@tilth/contracts/camera-capture.types';
import type { CameraLogLevel } from '@tilth/contracts/farm-log.types';
import type { FileView } from '@tilth/contracts/file.types';
import { api, type Query } from '../../../shared/api/client';
import type { Infer } from '../../../shared/api/types';

export type CameraTree = Infer<typeof cameraTree>;

export type {
  Camera,
  CameraLive,
  CameraPreset,
  Recordings,
} from '@tilth/contracts/camera.types';
export type { SplitTemplate } from '@tilth/contracts/camera-capture.types';

/** Query keys: everything of a tenant's cameras under ['camera', t], so a save can refresh it all. */
export const cameraKeys = {
  all: (t: number) => ['camera', t] as const,
  manager: (t: number) => ['camera', t, 'manager'] as const,
  tenant: (t: number) => ['camera', t, 'tenant'] as const,
  options: (t: number) => ['camera', t, 'options'] as const,
  one: (t: number, id: number) => ['camera', t, 'one', id] as const,
  tree: (t: number, areaId: number) => ['camera', t, 'tree', areaId] as const,
  presets: (t: number, id: number) => ['camera', t, 'presets', id] as const,
  recordings: (t: number, id: number, from: string) => ['camera', t, 'recordings', id, from] as const,
  templates: (t: number) => ['camera', t, 'templates'] as const,
  stills: (t: number, scope: object) => ['camera', t, 'stills', scope] as const,
};

const v1 = (t: number) => `/wfpe/v1/${t}/camera`;
const v2 = (t: number) => `/wfpe/v2/${t}/camera`;

export interface PlaybackSource {
  url: string;
  kind: CameraLive['kind'];
  expiresIn: number;
  speed: number;
}

export interface CaptureResult {
  fileId: string;
  fileUrl: string;
  takenAt: string;
  cameraId: number;
}

/** The 'capture upload' form of spec 02 §3 as POST /wfpf/v1/{t}/log takes it. */
export interface CameraLogBody {
  logTitle: string;
  logLevel: CameraLogLevel;
  description?: string;
  content: string[];
  logType: 'image';
  areaId?: number | null;
  landId?: number | null;
  cameraId: number;
}

export type CameraInput = Omit<CameraCreateBody, 'channelNo' | 'clarity' | 'isShare' | 'sort'> &
  Partial<Pick<CameraCreateBody, 'channelNo' | 'clarity' | 'isShare' | 'sort'>>;

// Camera calls of spec 02 §7. The player's and control's calls show their own texts (globalErrors false):
// the spec has 'camera disabled' for 2 s and a control failure text of its own.
export const cameraApi = {
  managerPage: (t: number, query: Query) =>
    api.get<Page<Camera>>(`${v2(t)}/page`, { query: { ...query, relation: 'owner' } }),
  /** The camera page's list; spec 02 §8: its errors are swallowed (no global notice). */
  tenantPage: (t: number, query: Query) =>
    api.get<Page<Camera>>(`${v1(t)}/tenant`, { query, globalErrors: false }),
  tree: (t: number, areaId: number) => api.get<CameraTree>(`${v1(t)}/${areaId}/tree`),
  get: (t: number, id: number) => api.get<Camera>(`${v1(t)}/${id}`),
  create: (t: number, body: CameraInput) => api.post<Camera>(v1(t), { json: body }),
  update: (t: number, body: CameraUpdateBody) => api.put<Camera>(v1(t), { json: body }),
  remove: (t: number, id: number) => api.delete<0 | 1>(`${v1(t)}/${id}`, { globalErrors: false }),
  batchDelete: (t: number, ids: number[]) =>
    api.post<0 | 1>(`${v2(t)}/batch/del`, { json: ids, globalErrors: false }),
  transfer: (t: number, body: { ids: number[]; areaId: number; landId: number }) =>
    api.post<0 | 1>(`${v2(t)}/transfer`, { json: body, globalErrors: false }),

  live: (t: number, cameraId: number) =>
    api.post<CameraLive>(`${v1(t)}/live`, { json: { cameraId, protocol: 1 }, globalErrors: false }),
  recordings: (t: number, id: number, from: string, to: string) =>
    api.get<Recordings>(`${v1(t)}/${id}/recordings`, { query: { from, to }, globalErrors: false }),
  playback: (t: number, id: number, body: { from: string; to: string; speed: 1 | 2 | 4 }) =>
    api.post<PlaybackSource>(`${v1(t)}/${id}/playback`, { json: body, globalErrors: false }),

  /** Spec 02 §4: form-encoded direction 0–9, −1 stop; 1 done, 0 not reached. */
  control: (t: number, id: number, direction: number) =>
    api.post<0 | 1>(`${v1(t)}/${id}`, { form: { direction: String(direction) }, globalErrors: false }),
  presets: (t: number, id: number) => api.get<CameraPreset[]>(`${v1(t)}/preset/${id}/list`),
  savePreset: (t: number, body: { cameraId: number; name: string }) =>
    api.post<CameraPreset>(`${v1(t)}/preset`, { json: body }),
  goToPreset: (t: number, presetId: number) => api.post<CameraPreset>(`${v1(t)}/preset/${presetId}/transfer`),
  deletePreset: (t: number, presetId: number) => api.delete<unknown>(`${v1(t)}/preset/${presetId}/del`),

  /** Stills (timed and manual captures), newest first. */
  stills: (t: number, query: Query) =>
    api.get<Page<SeedlingImage>>(`${v1(t)}/img/seedling`, { query, globalErrors: false }),
  capture: (t: number, id: number) => api.post<CaptureResult>(`${v1(t)}/img/${id}/capture`),
  /** A screenshot of the player, stored as a tenant file (its address goes into the log). */
  uploadImage: (t: number, blob: Blob, name: string) => {
    const body = new FormData();
    body.append('file', blob, name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },
  saveLog: (t: number, body: CameraLogBody) => api.post<unknown>(`/wfpf/v1/${t}/log`, { json: body }),

  templates: (t: number) => api.get<SplitTemplate[]>(`${v1(t)}/template`),
  createTemplate: (t: number, body: SplitTemplateCreateBody) =>
    api.post<SplitTemplate>(`${v1(t)}/template`, { json: body }),
  updateTemplate: (t: number, body: SplitTemplateUpdateBody) =>
    api.put<SplitTemplate>(`${v1(t)}/template`, { json: body }),
  deleteTemplate: (t: number, id: number) => api.delete<unknown>(`${v1(t)}/template/${id}`),
};
