import type { Page } from '@tilth/contracts';
import type {
  Banner,
  BannerCreateBody,
  BannerPlacement,
  BannerUpdateBody,
  Picture,
  PictureFolder,
  PictureLimits,
  PictureUploadAnswer,
  PictureUsage,
  PromoVideo,
  PublicBanner,
  VideoLimits,
} from '@tilth/contracts/media.types';
import {
  ACCESS_TOKEN_EXPIRED,
  ApiError,
  api,
  type Query,
  refreshAccessToken,
} from '../../../shared/api/client';
import { currentLanguage, translate } from '../../../shared/i18n/i18n';
import { getAccessToken } from '../../../shared/storage';

// Calls of company media (issue 19 item 4): picture library, banners, promo videos, public banners.

export const MEDIA_CODES = {
  pictures: 'wfpf.company.system.pictures-hub',
  upload: 'wfpf.company.system.pictures-hub.ps.upload',
  editPictures: 'wfpf.company.system.pictures-hub.ps.edit',
  deletePictures: 'wfpf.company.system.pictures-hub.ps.delete',
  editBanners: 'wfpf.company.system.bannerManger.ps.edit',
  uploadVideo: 'wfpf.company.system.publicity-video.ps.upload',
  editVideo: 'wfpf.company.system.publicity-video.ps.edit',
  deleteVideo: 'wfpf.company.system.publicity-video.ps.delete',
} as const;

export const mediaKeys = {
  folders: (t: number) => ['media', t, 'folders'] as const,
  pictures: (t: number) => ['media', t, 'pictures'] as const,
  pictureLimits: (t: number) => ['media', t, 'picture-limits'] as const,
  usage: (t: number, id: number) => ['media', t, 'usage', id] as const,
  banners: (t: number) => ['media', t, 'banners'] as const,
  videos: (t: number) => ['media', t, 'videos'] as const,
  videoLimits: (t: number) => ['media', t, 'video-limits'] as const,
  publicBanners: (t: number, placement: BannerPlacement) => ['media', 'public', t, placement] as const,
};

const base = (t: number) => `/wfpf/v1/${t}/content`;

export const pictureApi = {
  folders: (t: number) => api.get<PictureFolder[]>(`${base(t)}/picture-folders`),
  addFolder: (t: number, folderName: string, parentId: number | null) =>
    api.post<PictureFolder>(`${base(t)}/picture-folders`, { json: { folderName, parentId } }),
  renameFolder: (t: number, f: PictureFolder, folderName: string) =>
    api.put<PictureFolder>(`${base(t)}/picture-folders`, {
      json: { folderId: f.folderId, folderName, objectVersionNumber: f.objectVersionNumber },
    }),
  removeFolder: (t: number, folderId: number) =>
    api.delete<unknown>(`${base(t)}/picture-folders/${folderId}`),
  page: (t: number, query: Query) => api.get<Page<Picture>>(`${base(t)}/pictures`, { query }),
  limits: (t: number) => api.get<PictureLimits>(`${base(t)}/pictures/limits`),
  usage: (t: number, id: number) => api.get<PictureUsage>(`${base(t)}/pictures/${id}/usage`),
  update: (
    t: number,
    p: Pick<Picture, 'pictureId' | 'objectVersionNumber'>,
    change: { pictureName?: string; folderId?: number | null },
  ) =>
    api.put<Picture>(`${base(t)}/pictures`, {
      json: { pictureId: p.pictureId, objectVersionNumber: p.objectVersionNumber, ...change },
    }),
  remove: (t: number, p: Pick<Picture, 'pictureId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${base(t)}/pictures/${p.pictureId}`, {
      query: { objectVersionNumber: p.objectVersionNumber },
    }),
  uploadUrl: (t: number, folderId: number | null) =>
    `${base(t)}/pictures/multipart${folderId ? `?folderId=${folderId}` : ''}`,
};

export const bannerApi = {
  page: (t: number, query: Query) => api.get<Page<Banner>>(`${base(t)}/banners`, { query }),
  create: (t: number, body: BannerCreateBody) => api.post<Banner>(`${base(t)}/banners`, { json: body }),
  update: (t: number, body: BannerUpdateBody) => api.put<Banner>(`${base(t)}/banners`, { json: body }),
  order: (t: number, placement: BannerPlacement, bannerIds: number[]) =>
    api.put<Banner[]>(`${base(t)}/banners/order`, { json: { placement, bannerIds } }),
  remove: (t: number, id: number) => api.delete<unknown>(`${base(t)}/banners/${id}`),
  /** Signed out: the live banners of a placement (the login page, the farm home, the news page). */
  live: (t: number, placement: BannerPlacement) =>
    api.get<PublicBanner[]>(`/wfpf/v1/public/${t}/banners`, {
      query: { placement },
      auth: false,
      globalErrors: false,
    }),
};

export const videoApi = {
  page: (t: number, query: Query) => api.get<Page<PromoVideo>>(`${base(t)}/videos`, { query }),
  get: (t: number, id: number) => api.get<PromoVideo>(`${base(t)}/videos/${id}`),
  limits: (t: number) => api.get<VideoLimits>(`${base(t)}/videos/limits`),
  update: (t: number, v: PromoVideo, change: { videoName?: string; description?: string | null }) =>
    api.put<PromoVideo>(`${base(t)}/videos`, {
      json: { videoId: v.videoId, objectVersionNumber: v.objectVersionNumber, ...change },
    }),
  remove: (t: number, v: PromoVideo) =>
    api.delete<unknown>(`${base(t)}/videos/${v.videoId}`, {
      query: { objectVersionNumber: v.objectVersionNumber },
    }),
  uploadUrl: (t: number) => `${base(t)}/videos/multipart`,
};

// ---- upload with progress: fetch cannot report upload progress, so uploads use XHR ----

interface XhrAnswer {
  status: number;
  body: unknown;
}

const sendXhr = (
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<XhrAnswer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.floor((e.loaded / e.total) * 100));
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
    xhr.onabort = () => reject(new ApiError(0, 'aborted', translate('common:error.network')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });

const textOf = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const v: unknown = Reflect.get(body, key);
  return typeof v === 'string' ? v : undefined;
};

/** One file with progress; one token refresh on an expired token; rejects with the server's message. */
export const uploadWithProgress = async <T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  retry = true,
): Promise<T> => {
  const answer = await sendXhr(url, file, onProgress, signal);
  if (answer.status < 400) return answer.body as T;
  const code = textOf(answer.body, 'code') ?? `http.${answer.status}`;
  if (retry && answer.status === 401 && code === ACCESS_TOKEN_EXPIRED && (await refreshAccessToken()))
    return uploadWithProgress<T>(url, file, onProgress, signal, false);
  throw new ApiError(
    answer.status,
    code,
    textOf(answer.body, 'message') ?? translate('common:error.requestFailed'),
  );
};

/** One picture file: the library answers per file, so a refusal of this one comes back as its error. */
export const uploadPicture = async (
  t: number,
  folderId: number | null,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Picture> => {
  const answer = await uploadWithProgress<PictureUploadAnswer>(
    pictureApi.uploadUrl(t, folderId),
    file,
    onProgress,
    signal,
  );
  const item = answer.items[0];
  if (!item?.picture)
    throw new ApiError(400, 'wfpf.media.picture', item?.error ?? translate('common:error.requestFailed'));
  return item.picture;
};
