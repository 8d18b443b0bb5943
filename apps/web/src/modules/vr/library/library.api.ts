import type { Page } from '@tilth/contracts';
import type { Panorama, PanoramaLimits, PanoramaUpdateBody } from '@tilth/contracts/panorama.types';
import type { PublicVr, Scene, Vr, VrCreateBody } from '@tilth/contracts/vr.types';
import { api, type Query } from '../../../shared/api/client';
import { vrApi } from '../api/vr.api';

export type { Panorama, PanoramaLimits } from '@tilth/contracts/panorama.types';
export type { PublicVr, Scene, Vr } from '@tilth/contracts/vr.types';

export const PANORAMA_CODES = {
  view: 'wfpf.company.system.panorama',
  upload: 'wfpf.company.system.panorama.ps.upload',
  edit: 'wfpf.company.system.panorama.ps.edit',
  delete: 'wfpf.company.system.panorama.ps.delete',
} as const;

export const VR_CODES = {
  view: 'wfpf.company.system.vr-video',
  create: 'wfpf.company.system.vr-video.ps.create',
  edit: 'wfpf.company.system.vr-video.ps.edit',
  delete: 'wfpf.company.system.vr-video.ps.delete',
  publish: 'wfpf.company.system.vr-video.ps.publish',
} as const;

export const libraryKeys = {
  panoramas: (t: number) => ['vr', t, 'panoramas'] as const,
  panorama: (t: number, id: number) => ['vr', t, 'panorama', id] as const,
  limits: (t: number) => ['vr', t, 'panorama-limits'] as const,
  tours: (t: number) => ['vr', t, 'tours'] as const,
  tour: (t: number, id: number) => ['vr', t, 'tour', id] as const,
  scenes: (t: number, id: number) => ['vr', t, 'scenes', id] as const,
  areas: (t: number) => ['vr', t, 'areas'] as const,
  publicVr: (t: string, token: string) => ['vr', 'public', t, token] as const,
};

export interface AreaOption {
  areaId: number;
  areaName: string;
}

export interface FileView {
  fileUrl: string;
}

const pano = (t: number) => `/wfpf/v1/${t}/panorama`;
const tour = (t: number) => `/wfpf/v1/${t}/panorama-vr`;

export const panoramaApi = {
  page: (t: number, query: Query) => api.get<Page<Panorama>>(pano(t), { query }),
  get: (t: number, id: number) => api.get<Panorama>(`${pano(t)}/${id}`),
  limits: (t: number) => api.get<PanoramaLimits>(`${pano(t)}/limits`),
  update: (t: number, body: PanoramaUpdateBody) => api.put<Panorama>(pano(t), { json: body }),
  remove: (t: number, p: Pick<Panorama, 'panoramaId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${pano(t)}/${p.panoramaId}`, {
      query: { objectVersionNumber: p.objectVersionNumber },
    }),
};

export const tourApi = {
  page: (t: number, query: Query) => api.get<Page<Vr>>(tour(t), { query }),
  get: (t: number, id: number) => api.get<Vr>(`${tour(t)}/${id}`),
  create: (t: number, body: VrCreateBody) => api.post<Vr>(tour(t), { json: body }),
  remove: (t: number, v: Pick<Vr, 'vrId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${tour(t)}/${v.vrId}`, { query: { objectVersionNumber: v.objectVersionNumber } }),
  publish: (t: number, id: number) => api.post<{ publicPath: string | null }>(`${tour(t)}/${id}/publish`),
  withdraw: (t: number, id: number) => api.delete<{ publicPath: string | null }>(`${tour(t)}/${id}/publish`),
  scenes: (t: number, vrId: number) => api.get<Scene[]>(`/wfpf/v1/${t}/panorama-scenes`, { query: { vrId } }),
  areas: (t: number): Promise<AreaOption[]> =>
    api
      .get<Page<AreaOption>>(`/wfpf/v2/${t}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
  uploadCover: (t: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${t}/files/multipart`, { multipart: body });
  },
};

/** The public tour of a published link (no sign-in; the caller shows 'not available' on any failure). */
export const publicVrApi = {
  get: (tenantId: string, token: string) =>
    api.get<PublicVr>(`/wfpf/v1/public/${tenantId}/vr/${token}`, { auth: false, globalErrors: false }),
  hotspot: (tenantId: string, token: string, scenesId: number, name: string) =>
    api.get<PublicHotspotState>(
      `/wfpf/v1/public/${tenantId}/vr/${token}/hotspot/${scenesId}/${encodeURIComponent(name)}`,
      { auth: false, globalErrors: false },
    ),
};

/**
 * A device hotspot's read-only state (GET …/public/{t}/vr/{token}/hotspot/{scenesId}/{name}). Mirrors the
 * server helper's `hotspotState` contract (vr-tour branch), kept here until that contract is merged.
 */
export interface PublicHotspotState {
  name: string;
  deviceType: string;
  online: boolean;
  values: { key: string; label: string; value: number; unit: string; text: string | null }[];
  latestAt: string | null;
}

/** POST /wfpf/v1/{t}/panorama/multipart with upload progress (the shared client's XHR call, token refresh included). */
export const uploadPanorama = (
  t: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Panorama> => vrApi.uploadPanorama(t, file, onProgress);
