import type { Page } from '@tilth/contracts';
import type {
  Timelapse,
  TimelapseCreateBody,
  TimelapseDefaults,
} from '@tilth/contracts/camera-timelapse.types';
import { api } from '../../../../shared/api/client';
import { getAccessToken } from '../../../../shared/storage';

export type { Timelapse, TimelapseDefaults } from '@tilth/contracts/camera-timelapse.types';

/** What a time-lapse is of: a plot, or one batch on it. */
export interface TimelapseScope {
  landId: number;
  batchId?: number | undefined;
}

const base = (t: number) => `/wfpe/v2/${t}/camera/timelapse`;
const scopeQuery = (s: TimelapseScope) => ({ landId: s.landId, batchId: s.batchId });

export const timelapseKeys = {
  all: (t: number) => ['camera', t, 'timelapse'] as const,
  list: (t: number, s: TimelapseScope) => ['camera', t, 'timelapse', 'list', scopeQuery(s)] as const,
  defaults: (t: number, s: TimelapseScope) => ['camera', t, 'timelapse', 'defaults', scopeQuery(s)] as const,
  one: (t: number, id: number) => ['camera', t, 'timelapse', 'one', id] as const,
  video: (url: string) => ['camera', 'timelapse-video', url] as const,
};

/** Growth time-lapses of a plot or batch (issue 16 item 4). */
export const timelapseApi = {
  defaults: (t: number, s: TimelapseScope) =>
    api.get<TimelapseDefaults>(`${base(t)}/defaults`, { query: scopeQuery(s) }),
  list: (t: number, s: TimelapseScope) =>
    api.get<Page<Timelapse>>(base(t), { query: { ...scopeQuery(s), page: 0, size: 20 } }),
  get: (t: number, id: number) => api.get<Timelapse>(`${base(t)}/${id}`),
  create: (t: number, body: TimelapseCreateBody) => api.post<Timelapse>(base(t), { json: body }),
  remove: (t: number, job: Pick<Timelapse, 'id' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${base(t)}/${job.id}`, { query: { objectVersionNumber: job.objectVersionNumber } }),
};

/**
 * The MP4 as an object URL a <video> plays: the server reads it with the bearer token, which a <video>
 * cannot send. Anything but an MP4 is refused (an object URL is of the console's origin).
 */
export const fetchVideoUrl = async (url: string): Promise<string> => {
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`video ${res.status}`);
  const blob = await res.blob();
  if (blob.type !== 'video/mp4') throw new Error(`not an MP4: ${blob.type}`);
  return URL.createObjectURL(blob);
};

/** A job still being made: polled. */
export const isPending = (job: Pick<Timelapse, 'status'> | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'running';

/** The file name a download gets: plot and range. */
export const videoFileName = (job: Pick<Timelapse, 'landName' | 'from' | 'to'>): string =>
  `${job.landName ?? 'timelapse'}-${job.from}_${job.to}.mp4`.replace(/[\\/:*?"<>|]/g, '_');
