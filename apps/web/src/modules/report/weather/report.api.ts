import type {
  AriReport,
  LightReport,
  RainfallReport,
  ReportGranularity,
  ReportStation,
} from '@tilth/contracts/report.types';
import { api } from '../../../shared/api/client';
import { downloadFile } from '../../equipment/device/api/download';

export type { AriReport, LightReport, RainfallReport, ReportGranularity, ReportStation };

/** Which stations a report covers: one (deviceId), a base's (areaId) or all. */
export interface StationScope {
  deviceId?: number;
  areaId?: number;
}

export interface RangeQuery extends StationScope {
  startDate: string;
  endDate: string;
}

const r = (t: number) => `/wfpe/v1/${t}/report`;

export const reportKeys = {
  stations: (t: number, areaId: number | undefined) => ['report', t, 'stations', areaId ?? 0] as const,
  report: (t: number, kind: string, query: object) => ['report', t, kind, query] as const,
};

export const reportApi = {
  stations: (t: number, areaId: number | undefined) =>
    api.get<ReportStation[]>(`${r(t)}/stations`, { query: { areaId } }),
  rainfall: (t: number, q: RangeQuery & { granularity: ReportGranularity }) =>
    api.get<RainfallReport>(`${r(t)}/rainfall`, { query: { ...q } }),
  ari: (t: number, q: RangeQuery & { base: number }) =>
    api.get<AriReport>(`${r(t)}/ari`, { query: { ...q } }),
  light: (t: number, q: RangeQuery & { granularity: 'day' | 'month'; sunshineLux?: number }) =>
    api.get<LightReport>(`${r(t)}/light`, { query: { ...q } }),
  exportReport: (t: number, kind: 'rainfall' | 'ari' | 'light', q: object) =>
    downloadFile(
      `${r(t)}/${kind}/export`,
      { ...(q as Record<string, string | number | undefined>) },
      `${kind}.xlsx`,
    ),
};
