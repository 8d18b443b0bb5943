import type { PermissionCode } from '@tilth/contracts/permissions';
import {
  type AriQuery,
  type AriReport,
  type LightQuery,
  type LightReport,
  type RainfallQuery,
  type RainfallReport,
  REPORT_MAX_SPAN,
  type ReportGranularity,
  type ReportStation,
} from '@tilth/contracts/report.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import {
  addDays,
  ariDays,
  farmDayStart,
  lightPeriods,
  lightTotals,
  periodCount,
  rainfallPeriods,
  round,
} from './report.calc.js';
import { ReportErrors } from './report.errors.js';
import { dailyAggregates, listStations } from './report.repository.js';

export const REPORT_ACCESS = {
  rainfall: 'wfpf.farm.report.rainfall-report',
  ari: 'wfpf.farm.report.ari-report',
  light: 'wfpf.farm.report.light-report',
} as const satisfies Record<string, PermissionCode>;

export const ANY_WEATHER_REPORT: readonly PermissionCode[] = Object.values(REPORT_ACCESS);

interface Range {
  startDate: string;
  endDate: string;
  deviceId?: number;
  areaId?: number;
}

const UNIT_NAMES: Record<ReportGranularity, { 'zh-CN': string; 'en-US': string }> = {
  day: { 'zh-CN': '日', 'en-US': 'day' },
  month: { 'zh-CN': '月', 'en-US': 'month' },
  year: { 'zh-CN': '年', 'en-US': 'year' },
};

/** Weather reports from the hourly rollups of weather stations (rainfall, accumulated temperature, light). */
export class ReportService {
  async stations(ctx: Ctx, areaId: number | undefined): Promise<ReportStation[]> {
    requireTenant(ctx);
    requireAccess(ctx, ANY_WEATHER_REPORT);
    return listStations(ctx.db, ctx.tenantId, { areaId });
  }

  async rainfall(ctx: Ctx, q: RainfallQuery): Promise<RainfallReport> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.rainfall);
    this.checkRange(ctx, q, q.granularity);
    const stations = await this.resolveStations(ctx, q);
    const rows = await this.aggregates(ctx, stations, 'rainfall', q);
    const periods = rainfallPeriods(rows, q.startDate, q.endDate, q.granularity);
    return {
      granularity: q.granularity,
      unit: 'mm',
      startDate: q.startDate,
      endDate: q.endDate,
      stations,
      periods,
      totals: {
        rainfall: round(
          periods.reduce((a, p) => a + p.rainfall, 0),
          1,
        ),
        rainDays: periods.reduce((a, p) => a + p.rainDays, 0),
        maxHourly: periods.reduce((a, p) => Math.max(a, p.maxHourly), 0),
      },
    };
  }

  async ari(ctx: Ctx, q: AriQuery): Promise<AriReport> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.ari);
    this.checkRange(ctx, q, 'day');
    const stations = await this.resolveStations(ctx, q);
    const rows = await this.aggregates(ctx, stations, 'airTemp', q);
    const days = ariDays(rows, q.startDate, q.endDate, q.base);
    const last = days[days.length - 1];
    return {
      base: q.base,
      unit: '°C·d',
      startDate: q.startDate,
      endDate: q.endDate,
      stations,
      days,
      totals: {
        effective: last?.effectiveTotal ?? 0,
        active: last?.activeTotal ?? 0,
        daysAtOrAboveBase: days.filter((d) => d.meanTemp !== null && d.meanTemp >= q.base).length,
        daysWithData: days.filter((d) => d.meanTemp !== null).length,
      },
    };
  }

  async light(ctx: Ctx, q: LightQuery): Promise<LightReport> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.light);
    this.checkRange(ctx, q, q.granularity);
    const stations = await this.resolveStations(ctx, q);
    const rows = await this.aggregates(ctx, stations, 'illuminance', q, q.sunshineLux);
    return {
      granularity: q.granularity,
      unit: 'lux',
      sunshineLux: q.sunshineLux,
      startDate: q.startDate,
      endDate: q.endDate,
      stations,
      periods: lightPeriods(rows, q.startDate, q.endDate, q.granularity),
      totals: lightTotals(rows),
    };
  }

  private checkRange(ctx: TenantCtx, r: Range, g: ReportGranularity): void {
    if (r.endDate < r.startDate) throw ReportErrors.rangeOrder();
    const max = REPORT_MAX_SPAN[g];
    if (periodCount(r.startDate, r.endDate, g) > max) {
      throw ReportErrors.rangeTooLong({ max, unit: UNIT_NAMES[g][ctx.lang] });
    }
  }

  /** One station (404 unless it is a weather station of this tenant), a base's, or all of them. */
  private async resolveStations(ctx: TenantCtx, r: Range): Promise<ReportStation[]> {
    const stations = await listStations(ctx.db, ctx.tenantId, { deviceId: r.deviceId, areaId: r.areaId });
    if (r.deviceId !== undefined && stations.length === 0) throw ReportErrors.stationNotFound();
    return stations;
  }

  private aggregates(
    ctx: TenantCtx,
    stations: ReportStation[],
    metric: string,
    r: Range,
    threshold?: number,
  ) {
    return dailyAggregates(
      ctx.db,
      ctx.tenantId,
      stations.map((s) => s.deviceId),
      metric,
      farmDayStart(r.startDate),
      farmDayStart(addDays(r.endDate, 1)),
      threshold,
    );
  }
}
