import type { Page } from '@tilth/contracts/common.types';
import type {
  CollectedDatum,
  Curve,
  CurveExportQuery,
  CurveQuery,
  Device,
  DeviceAllQuery,
  DeviceOption,
  DeviceStatusLogItem,
  DeviceStatusLogQuery,
} from '@tilth/contracts/device.types';
import {
  type DeviceTypeDef,
  deviceTypeByKey,
  type MetricDef,
  metricCell,
  metricOf,
} from '@tilth/contracts/device-types';
import ExcelJS from 'exceljs';
import type { Database, Db } from '../../../platform/db/client.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import { readOnReplica } from '../../../platform/db/replica-read.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { timeText } from '../../../platform/time/zone.js';
import { hiddenCollectionKeys } from '../device-family/index.js';
import { DEVICE_ACCESS, requireTypeAccess, viewableTypes } from './device.access.js';
import { DeviceErrors } from './device.errors.js';
import { type DeviceView, findDevice, listDeviceOptions, listDevices } from './device.repository.js';
import { toDevice } from './device.service.js';
import { readRawRows, readSeries, type Series } from './device-series.repository.js';
import { listStatusLog } from './device-status.repository.js';
import { parseHistoryTime } from './device-time.js';

/** Longest history range one request may ask for (daily rollups make even this cheap). */
export const HISTORY_MAX_YEARS = 10;
/** Raw rows one export may hold; Excel itself stops at 1,048,576. */
export const EXPORT_MAX_ROWS = 200_000;

/**
 * Parses and orders a history range (spec 02 §5; times without an offset in the tenant's zone `tz`),
 * 400 on a bad time or an inverted / huge range.
 */
export const historyRange = (startTime: string, endTime: string, tz: string): { from: Date; to: Date } => {
  const from = parseHistoryTime(startTime, 'start', tz);
  if (!from) throw DeviceErrors.badTime({ field: 'startTime' });
  const to = parseHistoryTime(endTime, 'end', tz);
  if (!to) throw DeviceErrors.badTime({ field: 'endTime' });
  const maxMs = HISTORY_MAX_YEARS * 366 * 86_400_000;
  if (to.getTime() < from.getTime() || to.getTime() - from.getTime() > maxMs) {
    throw DeviceErrors.badRange({ years: HISTORY_MAX_YEARS });
  }
  return { from, to };
};

/** The series a chart draws (reports and the benchmark call readSeries directly). */
export const toCurve = (metric: MetricDef, series: Series): Curve => ({
  metric: metric.key,
  unit: metric.unit,
  resolution: series.resolution,
  points: series.points.map((p) =>
    series.resolution === 'raw'
      ? { collectionTime: p.at.toISOString(), collectionData: p.avg }
      : {
          collectionTime: p.at.toISOString(),
          collectionData: roundTo(p.avg, metric.decimals),
          min: p.min,
          max: p.max,
        },
  ),
});

const roundTo = (v: number, decimals: number): number => {
  const f = 10 ** Math.min(Math.max(decimals, 0), 6);
  return Math.round(v * f) / f;
};

export class DeviceDataService {
  /** `database`: history series and exports read on its replica (a moment's lag is fine for a chart). */
  constructor(private readonly database?: Database) {}

  /** Spec 02 §7 tenant device list for selects: id (concentratorId), name, eui. */
  async all(ctx: Ctx, q: DeviceAllQuery): Promise<DeviceOption[]> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    if (q.deviceType) requireTypeAccess(ctx, q.deviceType, 'view');
    const rows = await listDeviceOptions(ctx.db, ctx.tenantId, {
      typeKeys: q.deviceType ? [q.deviceType] : viewableTypes(ctx),
      areaId: q.areaId,
      online: q.online === undefined ? undefined : q.online === 1,
    });
    return rows.map((r) => ({ ...r, concentratorId: r.id, online: r.online ? 1 : 0 }));
  }

  /** Devices offline now, longest silent first. */
  async offline(ctx: Ctx, q: DeviceAllQuery): Promise<Device[]> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    if (q.deviceType) requireTypeAccess(ctx, q.deviceType, 'view');
    const { rows } = await listDevices(ctx.db, ctx.tenantId, {
      typeKeys: q.deviceType ? [q.deviceType] : viewableTypes(ctx),
      areaId: q.areaId,
      online: false,
    });
    const seen = (d: DeviceView) => d.lastSeenAt?.getTime() ?? 0;
    return rows.sort((a, b) => seen(a) - seen(b)).map(toDevice);
  }

  /**
   * Spec 02 §3 collected data: one card per metric of the type, from the latest values; items deleted
   * with delCollection stay out until the device reports them again.
   */
  async collection(ctx: Ctx, id: number): Promise<CollectedDatum[]> {
    const { device, type } = await this.viewable(ctx, id);
    const hidden = await hiddenCollectionKeys(ctx.db, device.tenantId, device.id, device.latest);
    const at = device.latestAt?.toISOString() ?? null;
    return type.metrics
      .filter((m) => !hidden.has(m.key))
      .map((m) => {
        const v = device.latest[m.key];
        return {
          id: m.key,
          name: m.name[ctx.lang],
          icon: type.icon,
          newestData: typeof v === 'number' ? v : null,
          newestTime: typeof v === 'number' ? at : null,
          unit: m.unit,
          online: device.online ? 1 : 0,
          description: null,
        };
      });
  }

  async curve(ctx: Ctx, id: number, q: CurveQuery): Promise<Curve> {
    const { device } = await this.viewable(ctx, id);
    requireTenant(ctx);
    const metric = metricOf(device.typeKey, q.metric);
    if (!metric) throw DeviceErrors.unknownMetric({ metric: q.metric.slice(0, 32) });
    const { from, to } = historyRange(q.startTime, q.endTime, ctx.timeZone);
    const series = await this.history(ctx, (db) =>
      readSeries(db, {
        tenantId: device.tenantId,
        deviceId: device.id,
        metric: metric.key,
        from,
        to,
        maxPoints: q.maxPoints,
        timeZone: ctx.timeZone,
      }),
    );
    return toCurve(metric, series);
  }

  /** The raw readings of a range as an .xlsx: time, then one column per metric (or the one asked). */
  async exportCurve(ctx: Ctx, id: number, q: CurveExportQuery): Promise<{ fileName: string; data: Buffer }> {
    const { device, type } = await this.viewable(ctx, id);
    requireTenant(ctx);
    let metrics = type.metrics;
    if (q.metric !== undefined) {
      const m = metricOf(device.typeKey, q.metric);
      if (!m) throw DeviceErrors.unknownMetric({ metric: q.metric.slice(0, 32) });
      metrics = [m];
    }
    const { from, to } = historyRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await this.history(ctx, (db) =>
      readRawRows(db, device.tenantId, device.id, from, to, EXPORT_MAX_ROWS + 1),
    );
    const data = await workbook(ctx.lang, ctx.timeZone, device, metrics, rows);
    const day = (d: Date) => timeText(d, ctx.timeZone).slice(0, 10).replaceAll('-', '');
    return { fileName: `${device.eui}-${day(from)}-${day(to)}.xlsx`, data };
  }

  async statusLog(ctx: Ctx, q: DeviceStatusLogQuery): Promise<Page<DeviceStatusLogItem>> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    if (q.deviceType) requireTypeAccess(ctx, q.deviceType, 'view');
    const from = q.startTime === undefined ? undefined : parseHistoryTime(q.startTime, 'start', ctx.timeZone);
    if (q.startTime !== undefined && !from) throw DeviceErrors.badTime({ field: 'startTime' });
    const to = q.endTime === undefined ? undefined : parseHistoryTime(q.endTime, 'end', ctx.timeZone);
    if (q.endTime !== undefined && !to) throw DeviceErrors.badTime({ field: 'endTime' });
    const all = q.size === 0;
    const { rows, total } = await listStatusLog(
      ctx.db,
      ctx.tenantId,
      {
        typeKeys: q.deviceType ? [q.deviceType] : viewableTypes(ctx),
        deviceId: q.deviceId,
        areaId: q.areaId,
        online: q.online === undefined ? undefined : q.online === 1,
        from,
        to,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const content = rows.map((r) => ({ ...r, online: r.online ? 1 : 0, at: r.at.toISOString() }));
    return pageAnswer(content, total, q);
  }

  /** Reads history on the replica when there is one, else in the request's transaction. */
  private history<T>(ctx: TenantCtx, fn: (db: Db) => Promise<T>): Promise<T> {
    return this.database ? readOnReplica(ctx, this.database, fn) : fn(ctx.db);
  }

  /** A device of the tenant the caller may view, with its registry type. */
  private async viewable(ctx: Ctx, id: number): Promise<{ device: DeviceView; type: DeviceTypeDef }> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    const device = await findDevice(ctx.db, ctx.tenantId, id);
    const type = device ? deviceTypeByKey(device.typeKey) : undefined;
    if (!device || !type) throw DeviceErrors.notFound();
    requireTypeAccess(ctx, device.typeKey, 'view');
    return { device, type };
  }
}

const workbook = async (
  lang: Lang,
  tz: string,
  device: DeviceView,
  metrics: readonly MetricDef[],
  rows: { ts: Date; values: Record<string, number> }[],
): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  // 'History' is a name Excel reserves for itself.
  const sheet = wb.addWorksheet(lang === 'zh-CN' ? '历史数据' : 'Readings');
  const unit = (m: MetricDef) => (m.unit ? ` (${m.unit})` : '');
  sheet.columns = [
    { header: lang === 'zh-CN' ? '采集时间' : 'Collected at', key: 'ts', width: 20 },
    ...metrics.map((m) => ({ header: `${m.name[lang]}${unit(m)}`, key: m.key, width: 14 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows.slice(0, EXPORT_MAX_ROWS)) {
    const line: Record<string, string | number | null> = { ts: timeText(r.ts, tz) };
    for (const m of metrics) line[m.key] = metricCell(m, r.values[m.key], lang);
    sheet.addRow(line);
  }
  if (rows.length > EXPORT_MAX_ROWS) {
    sheet.addRow({
      ts:
        lang === 'zh-CN'
          ? `仅导出前 ${EXPORT_MAX_ROWS} 行，请缩短时间范围`
          : `Only the first ${EXPORT_MAX_ROWS} rows; choose a shorter range`,
    });
  }
  const info = wb.addWorksheet(lang === 'zh-CN' ? '设备' : 'Device');
  info.addRows([
    [lang === 'zh-CN' ? '名称' : 'Name', device.name],
    [lang === 'zh-CN' ? '序列号' : 'Serial', device.eui],
    [lang === 'zh-CN' ? '时区' : 'Time zone', tz],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
