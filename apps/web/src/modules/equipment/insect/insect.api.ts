import type { Page } from '@tilth/contracts';
import type {
  InsectBox,
  InsectCounts,
  InsectRecord,
  InsectTrendPoint,
  InsectType,
  PieSlice,
  StatisticsCreateBody,
  StatisticsUpdateBody,
  TypeTrend,
} from '@tilth/contracts/insect.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../device/api/download';

export type { InsectBox, InsectCounts, InsectRecord, InsectTrendPoint, InsectType, PieSlice, TypeTrend };

const v1 = (t: number) => `/wfpe/v1/${t}/insect`;
const st = (t: number) => `/wfpe/v1/${t}/insect-statistics`;
const lamp = (t: number) => `/wfpe/v1/${t}/yf/insect-situation-lamp`;

/** Query keys: everything of pest monitoring under ['insect', t]. */
export const insectKeys = {
  all: (t: number) => ['insect', t] as const,
  records: (t: number, deviceId: number | undefined) => ['insect', t, 'records', deviceId ?? 0] as const,
  record: (t: number, id: number) => ['insect', t, 'record', id] as const,
  trend: (t: number, deviceId: number, start: string, end: string) =>
    ['insect', t, 'trend', deviceId, start, end] as const,
  types: (t: number) => ['insect', t, 'types'] as const,
  stats: (t: number, kind: string, query: object) => ['insect', t, 'stats', kind, query] as const,
};

export interface RangeQuery {
  deviceId?: number;
  areaId?: number;
  startTime?: string;
  endTime?: string;
}

export const insectApi = {
  records: (t: number, query: Query) => api.get<Page<InsectRecord>>(`${v1(t)}/page`, { query }),
  record: (t: number, id: number) => api.get<InsectRecord>(`${v1(t)}/${id}`),
  trend: (t: number, query: { deviceId: number; startTime: string; endTime: string }) =>
    api.get<InsectTrendPoint[]>(`${v1(t)}/trend`, { query }),
  reidentify: (t: number, id: number) => api.post<InsectRecord>(`${v1(t)}/${id}/re-identify`),
  draw: (t: number, id: number, objectVersionNumber: number, boxes: InsectBox[]) =>
    api.post<InsectRecord>(`${v1(t)}/${id}/draw-manually`, { json: { objectVersionNumber, boxes } }),

  /** Spec 02 §7 photograph: the lamp takes a photo now (its upload then shows up in the photos). */
  photograph: (t: number, deviceId: number) =>
    api.get<{ cmdId: string; state: string }>(`${lamp(t)}/photograph/${deviceId}`),

  types: (t: number) => api.get<InsectType[]>(`${st(t)}/insect-type/list`),
  statisticsPage: (t: number, query: Query) => api.get<Page<InsectRecord>>(`${st(t)}/page`, { query }),
  create: (t: number, body: StatisticsCreateBody) => api.post<InsectRecord>(st(t), { json: body }),
  update: (t: number, body: StatisticsUpdateBody) => api.put<InsectRecord>(st(t), { json: body }),
  remove: (t: number, id: number) => api.delete<{ success: boolean }>(`${st(t)}/${id}`),
  pie: (t: number, q: RangeQuery) => api.get<PieSlice[]>(`${st(t)}/pie-chart`, { query: { ...q } }),
  typeTrend: (t: number, typeId: number, q: RangeQuery) =>
    api.get<TypeTrend>(`${st(t)}/trend/${typeId}/all`, { query: { ...q } }),
  counts: (t: number, q: RangeQuery) => api.get<InsectCounts>(`${st(t)}/count`, { query: { ...q } }),
  exportXlsx: (t: number, q: RangeQuery) => downloadFile(`${st(t)}/export`, { ...q }, 'pest-statistics.xlsx'),
};
