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
import type { Database } from '../../../platform/db/client.js';
import { readOnReplica } from '../../../platform/db/replica-read.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { addDays, dayOf, dayStart } from '../../../platform/time/zone.js';
import {
  answeredRange,
  ariDays,
  ariTotals,
  lightPeriods,
  lightTotals,
  periodCount,
  rainfallPeriods,
  rainfallTotals,
} from './report.calc.js';
import { ReportErrors } from './report.errors.js';
import { dailyAggregates, firstReading, listStations } from './report.repository.js';

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
  /** The rollup scans run on `database`'s read replica: a report may lag the primary by a moment. */
  constructor(private readonly database: Database) {}

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
    const range = await this.answered(ctx, stations, 'rainfall', q);
    const rows = range ? await this.aggregates(ctx, stations, 'rainfall', range) : [];
    const periods = range ? rainfallPeriods(rows, range.startDate, range.endDate, q.granularity) : [];
    return {
      granularity: q.granularity,
      unit: 'mm',
      ...(range ?? { startDate: q.startDate, endDate: q.endDate }),
      stations,
      periods,
      totals: rainfallTotals(periods),
    };
  }

  async ari(ctx: Ctx, q: AriQuery): Promise<AriReport> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.ari);
    this.checkRange(ctx, q, 'day');
    const stations = await this.resolveStations(ctx, q);
    const range = await this.answered(ctx, stations, 'airTemp', q);
    const rows = range ? await this.aggregates(ctx, stations, 'airTemp', range) : [];
    const days = range ? ariDays(rows, range.startDate, range.endDate, q.base) : [];
    return {
      base: q.base,
      unit: '°C·d',
      ...(range ?? { startDate: q.startDate, endDate: q.endDate }),
      stations,
      days,
      totals: ariTotals(days, q.base),
    };
  }

  async light(ctx: Ctx, q: LightQuery): Promise<LightReport> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.light);
    this.checkRange(ctx, q, q.granularity);
    const stations = await this.resolveStations(ctx, q);
    const range = await this.answered(ctx, stations, 'illuminance', q);
    const rows = range ? await this.aggregates(ctx, stations, 'illuminance', range, q.sunshineLux) : [];
    return {
      granularity: q.granularity,
      unit: 'lux',
      sunshineLux: q.sunshineLux,
      ...(range ?? { startDate: q.startDate, endDate: q.endDate }),
      stations,
      periods: range ? lightPeriods(rows, range.startDate, range.endDate, q.granularity) : [],
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

  /**
   * The asked range cut to [the stations' first reading of the metric, today (farm day)]: periods before
   * any station reported and future ones are not answered. Null when nothing is left.
   */
  private async answered(
    ctx: TenantCtx,
    stations: ReportStation[],
    metric: string,
    r: Range,
  ): Promise<{ startDate: string; endDate: string } | null> {
    const ids = stations.map((s) => s.deviceId);
    const first = await readOnReplica(ctx, this.database, (db) =>
      firstReading(db, ctx.tenantId, ids, metric),
    );
    return answeredRange(r, first, dayOf(new Date(), ctx.timeZone), ctx.timeZone);
  }

  private aggregates(
    ctx: TenantCtx,
    stations: ReportStation[],
    metric: string,
    r: { startDate: string; endDate: string },
    threshold?: number,
  ) {
    return readOnReplica(ctx, this.database, (db) =>
      dailyAggregates(
        db,
        ctx.tenantId,
        stations.map((s) => s.deviceId),
        metric,
        dayStart(r.startDate, ctx.timeZone),
        dayStart(addDays(r.endDate, 1), ctx.timeZone),
        ctx.timeZone,
        threshold,
      ),
    );
  }
}
