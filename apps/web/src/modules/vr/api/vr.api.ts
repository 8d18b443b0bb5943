import { useQuery } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import type { Panorama, PanoramaLimits, PanoramaListQuery } from '@tilth/contracts/panorama.types';
import type {
  PublicVr,
  Scene,
  SceneCreateBody,
  SceneUpdateBody,
  sceneUpdateAnswer,
  Vr,
  VrCreateBody,
  VrListQuery,
  VrUpdateBody,
} from '@tilth/contracts/vr.types';
import { ACCESS_TOKEN_EXPIRED, ApiError, api, refreshAccessToken } from '../../../shared/api/client';
import type { Infer } from '../../../shared/api/types';
import { notifyError } from '../../../shared/feedback';
import { currentLanguage, translate } from '../../../shared/i18n/i18n';
import { getAccessToken } from '../../../shared/storage';

export type { Panorama, PanoramaLimits } from '@tilth/contracts/panorama.types';
export type { Hotspot, PublicVr, Scene, Visual, Vr } from '@tilth/contracts/vr.types';
export type SceneUpdateAnswer = Infer<typeof sceneUpdateAnswer>;

// The calls of the vr domain (spec 03 §7): tours (panorama-vr), their scenes (panorama-scenes), the panorama
// library the add-scene modal picks from, and the public read-only tour.

/** Query keys: everything of a tenant's tours under ['vr', t], panoramas under ['panorama', t]. */
export const vrKeys = {
  all: (t: number) => ['vr', t] as const,
  list: (t: number, query: object) => ['vr', t, 'list', query] as const,
  one: (t: number, vrId: number) => ['vr', t, 'one', vrId] as const,
  scenes: (t: number, vrId: number) => ['vr', t, 'scenes', vrId] as const,
  panoramas: (t: number, query: object) => ['panorama', t, 'list', query] as const,
  panorama: (t: number, id: number) => ['panorama', t, 'one', id] as const,
  limits: (t: number) => ['panorama', t, 'limits'] as const,
  public: (tenantId: number, token: string) => ['vr-public', tenantId, token] as const,
};

const vrPath = (t: number) => `/wfpf/v1/${t}/panorama-vr`;
const scenePath = (t: number) => `/wfpf/v1/${t}/panorama-scenes`;
const panoPath = (t: number) => `/wfpf/v1/${t}/panorama`;

export type PanoramaQuery = Partial<PanoramaListQuery> & { page: number; size: number };

export const vrApi = {
  list: (t: number, query: Partial<VrListQuery>) => api.get<Page<Vr>>(vrPath(t), { query }),
  get: (t: number, vrId: number) => api.get<Vr>(`${vrPath(t)}/${vrId}`),
  create: (t: number, body: VrCreateBody) => api.post<Vr>(vrPath(t), { json: body }),
  update: (t: number, body: VrUpdateBody) => api.put<Vr>(vrPath(t), { json: body }),
  remove: (t: number, vrId: number, objectVersionNumber: number) =>
    api.delete<unknown>(`${vrPath(t)}/${vrId}`, { query: { objectVersionNumber } }),
  publish: (t: number, vrId: number) =>
    api.post<{ publicPath: string | null }>(`${vrPath(t)}/${vrId}/publish`),
  withdraw: (t: number, vrId: number) =>
    api.delete<{ publicPath: string | null }>(`${vrPath(t)}/${vrId}/publish`),

  scenes: (t: number, vrId: number) => api.get<Scene[]>(scenePath(t), { query: { vrId } }),
  addScene: (t: number, body: SceneCreateBody) => api.post<Scene>(scenePath(t), { json: body }),
  /** Spec 03 §8: a failed scene save cancels a scene switch with no message of the screen's own. */
  saveScene: (t: number, body: SceneUpdateBody) => api.put<SceneUpdateAnswer>(scenePath(t), { json: body }),
  deleteScene: (t: number, scenesId: number) => api.delete<1>(scenePath(t), { json: { scenesId } }),
  orderScenes: (t: number, vrId: number, scenesIds: number[]) =>
    api.put<unknown>(`${scenePath(t)}/order`, { json: { vrId, scenesIds } }),

  panoramas: (t: number, query: PanoramaQuery) => api.get<Page<Panorama>>(panoPath(t), { query }),
  panorama: (t: number, id: number) => api.get<Panorama>(`${panoPath(t)}/${id}`),
  limits: (t: number) => api.get<PanoramaLimits>(`${panoPath(t)}/limits`),
  uploadPanorama: (t: number, file: File, onProgress?: (percent: number) => void) =>
    uploadWithProgress<Panorama>(`${panoPath(t)}/multipart`, file, onProgress),

  /** The cover and album images: a tenant file whose address goes into the tour or the hotspot. */
  uploadImage: (t: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },

  /** A published tour, read without a session. */
  publicTour: (tenantId: number, token: string) =>
    api.get<PublicVr>(`/wfpf/v1/public/${tenantId}/vr/${token}`, { auth: false, globalErrors: false }),
};

// ---- upload with progress: fetch cannot report upload progress, so this one call uses XHR ----

interface XhrAnswer {
  status: number;
  body: unknown;
}

const sendXhr = (url: string, file: File, onProgress?: (percent: number) => void): Promise<XhrAnswer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        // not JSON: kept as text
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', translate('common:error.network')));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });

const textField = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, key);
  return typeof value === 'string' ? value : undefined;
};

/** Like the shared client: one token refresh on an expired token, the server's message as the notice. */
export const uploadWithProgress = async <T>(
  url: string,
  file: File,
  onProgress?: (percent: number) => void,
  retry = true,
): Promise<T> => {
  let answer: XhrAnswer;
  try {
    answer = await sendXhr(url, file, onProgress);
  } catch (err) {
    if (err instanceof ApiError) notifyError(err.message);
    throw err;
  }
  if (answer.status < 400) return answer.body as T;
  const code = textField(answer.body, 'code') ?? `http.${answer.status}`;
  if (retry && answer.status === 401 && code === ACCESS_TOKEN_EXPIRED && (await refreshAccessToken())) {
    return uploadWithProgress<T>(url, file, onProgress, false);
  }
  const err = new ApiError(answer.status, code, textField(answer.body, 'message') ?? '');
  notifyError(err.message || translate('common:error.requestFailed'));
  throw err;
};

// ---- hooks ----

export const useVr = (t: number | undefined, vrId: number) =>
  useQuery({
    queryKey: vrKeys.one(t ?? 0, vrId),
    queryFn: () => vrApi.get(t ?? 0, vrId),
    enabled: Boolean(t) && vrId > 0,
  });

export const useScenes = (t: number | undefined, vrId: number) =>
  useQuery({
    queryKey: vrKeys.scenes(t ?? 0, vrId),
    queryFn: () => vrApi.scenes(t ?? 0, vrId),
    enabled: Boolean(t) && vrId > 0,
  });

export const useVrList = (t: number | undefined, query: Partial<VrListQuery>) =>
  useQuery({
    queryKey: vrKeys.list(t ?? 0, query),
    queryFn: () => vrApi.list(t ?? 0, query),
    enabled: Boolean(t),
  });

export const usePanoramas = (t: number | undefined, query: PanoramaQuery, enabled = true) =>
  useQuery({
    queryKey: vrKeys.panoramas(t ?? 0, query),
    queryFn: () => vrApi.panoramas(t ?? 0, query),
    enabled: Boolean(t) && enabled,
  });

export const PANORAMA_POLL_MS = 1500;

/** A panorama being tiled: polled until it is ready or failed (progress 0–100 meanwhile). */
export const usePanoramaProgress = (t: number | undefined, id: number | null) =>
  useQuery({
    queryKey: vrKeys.panorama(t ?? 0, id ?? 0),
    queryFn: () => vrApi.panorama(t ?? 0, id ?? 0),
    enabled: Boolean(t) && Boolean(id),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'processing' ? false : PANORAMA_POLL_MS),
  });

export const usePublicTour = (tenantId: number, token: string) =>
  useQuery({
    queryKey: vrKeys.public(tenantId, token),
    queryFn: () => vrApi.publicTour(tenantId, token),
    retry: false,
  });
