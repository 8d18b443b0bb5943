import type { Page } from '@tilth/contracts/common.types';
import type { Curve } from '@tilth/contracts/device.types';
import { DEVICE_CONFIG_LIMITS, deviceConfigSchema } from '@tilth/contracts/device-config.types';
import { type DeviceTypeDef, metricOf } from '@tilth/contracts/device-types';
import { INSECT_DEVICE_TYPES, type InsectRecord } from '@tilth/contracts/insect.types';
import type {
  LampAnalysis,
  LampAnalysisQuery,
  LampConfiguration,
  LampConfigureBody,
  LampConfigured,
  LampControlState,
  LampCurveQuery,
  LampDataQuery,
  LampDrawBody,
  LampPhotoQuery,
  LampSim,
} from '@tilth/contracts/insect-lamp.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { listControlLog, OPEN_STATES, toLogItem } from '../control/index.js';
import { countByIccid, DeviceErrors, type DeviceRow, readSeries, toCurve } from '../device/index.js';
import {
  codesOf,
  command,
  DeviceFamilyService,
  FamilyErrors,
  hasCommand,
  loadDevice,
  type Op,
} from '../device-family/index.js';
import { findSimByIccid, toSim } from '../sim/index.js';
import { visibilityOf } from './insect.access.js';
import * as repo from './insect.repository.js';
import type { InsectService } from './insect.service.js';
import { type Range, resolveRange } from './insect.time.js';
import { listPhotoRecords, readingsPage, recordSummary } from './insect-lamp.repository.js';

// Spec 02 §7 insect-situation lamp (yf/insect-situation-lamp/…): photos, configuration, readings, the IoT
// card, the pest analysis, taking a photo now, the control panel and the status curve. Photo records are
// those of InsectService; commands go through the control module (validation, offline refusal, log).

/** The lamps: pest stations (insect-situation lamps), forecast lamps and insecticidal lamps. */
export const LAMP_TYPES: readonly string[] = INSECT_DEVICE_TYPES;
export const LAMP_ACCESS = {
  view: codesOf(LAMP_TYPES, 'view'),
  edit: codesOf(LAMP_TYPES, 'edit'),
  control: codesOf(LAMP_TYPES, 'control'),
} as const;

const SCHEDULE_KEYS = ['photoIntervalMin', 'durationMin', 'uploadPeriodMin', 'startHour', 'endHour'] as const;
type ScheduleKey = (typeof SCHEDULE_KEYS)[number];
const LIMITS: Record<ScheduleKey, { min: number; max: number }> = {
  photoIntervalMin: DEVICE_CONFIG_LIMITS.photoIntervalMin,
  durationMin: DEVICE_CONFIG_LIMITS.durationMin,
  uploadPeriodMin: DEVICE_CONFIG_LIMITS.uploadPeriodMin,
  startHour: DEVICE_CONFIG_LIMITS.hour,
  endHour: DEVICE_CONFIG_LIMITS.hour,
};
/** The insect count a lamp reports: the trap's board, or the insecticidal lamp's kills. */
const COUNT_METRICS = ['insectCount', 'killCount'] as const;
const RECENT_COMMANDS = 10;

const numberOr = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The schedule keys a type's config accepts (its schema refuses the others). */
const scheduleKeysOf = (typeKey: string): ScheduleKey[] =>
  SCHEDULE_KEYS.filter((k) => deviceConfigSchema(typeKey).safeParse({ [k]: LIMITS[k].min }).success);

export class InsectLampService {
  private readonly family: DeviceFamilyService;

  constructor(
    private readonly platform: Platform,
    private readonly records: InsectService,
  ) {
    this.family = new DeviceFamilyService(platform);
  }

  /** A lamp of the tenant whose type's `op` code the caller holds (404 for any other device). */
  private async lamp(
    ctx: Ctx,
    id: number,
    op: Op,
  ): Promise<{ ctx: TenantCtx; row: DeviceRow; type: DeviceTypeDef }> {
    requireTenant(ctx);
    requireAccess(ctx, LAMP_ACCESS[op]);
    const { row, type } = await loadDevice(ctx, id, LAMP_TYPES, op);
    return { ctx, row, type };
  }

  /** page/history-img, {id}/history-img and {id}/{day}/page: trap photos, newest first. */
  async photos(ctx: Ctx, q: LampPhotoQuery, day?: string): Promise<Page<InsectRecord>> {
    requireTenant(ctx);
    requireAccess(ctx, LAMP_ACCESS.view);
    if (q.deviceId !== undefined) await this.lamp(ctx, q.deviceId, 'view');
    const range: Range | undefined =
      day !== undefined
        ? resolveRange(day, day, ctx.timeZone)
        : q.startTime || q.endTime
          ? resolveRange(q.startTime, q.endTime, ctx.timeZone)
          : undefined;
    const all = q.size === 0;
    const { rows, total } = await listPhotoRecords(
      ctx.db,
      ctx.tenantId,
      { deviceId: q.deviceId, from: range?.from, to: range?.to },
      { deviceTypes: visibilityOf(ctx).deviceTypes, manual: false },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(await this.records.views(ctx, rows), total, q);
  }

  private configuration(
    row: DeviceRow,
    type: DeviceTypeDef,
    cfg: Record<string, unknown>,
    version: number,
  ): LampConfiguration {
    const keys = scheduleKeysOf(row.typeKey);
    return {
      deviceId: row.id,
      deviceType: row.typeKey,
      photoIntervalMin: numberOr(cfg.photoIntervalMin),
      durationMin: numberOr(cfg.durationMin),
      uploadPeriodMin: numberOr(cfg.uploadPeriodMin),
      startHour: numberOr(cfg.startHour),
      endHour: numberOr(cfg.endHour),
      commands: type.commands.map((c) => c.action),
      limits: Object.fromEntries(keys.map((k) => [k, LIMITS[k]])),
      objectVersionNumber: version,
    };
  }

  /** get-configure/{id}. */
  async getConfiguration(ctx: Ctx, id: number): Promise<LampConfiguration> {
    const { row, type } = await this.lamp(ctx, id, 'view');
    return this.configuration(row, type, row.config, row.objectVersionNumber);
  }

  /**
   * configure/device: stores the schedule in the device config (the type's limits checked) and sends it:
   * photo lamps get the configure command, the insecticidal lamp its schedule command. An offline lamp
   * refuses (409) and nothing is stored.
   */
  async configure(ctx: Ctx, body: LampConfigureBody): Promise<LampConfigured> {
    const { ctx: c, row, type } = await this.lamp(ctx, body.id, 'edit');
    const { id, ...config } = body;
    const saved = await this.family.configure(c, { id, config });
    let cmd = saved.command;
    const { startHour, endHour } = saved.config;
    const hoursGiven = config.startHour !== undefined || config.endHour !== undefined;
    if (!cmd && hoursGiven && hasCommand(type, 'schedule')) {
      if (typeof startHour === 'number' && typeof endHour === 'number') {
        cmd = await command(this.platform, c, row.id, 'schedule', { startHour, endHour });
      }
    }
    return { ...this.configuration(row, type, saved.config, saved.objectVersionNumber), command: cmd };
  }

  /** page/history-data: the lamp's readings, newest first (default the last month). */
  async readings(ctx: Ctx, q: LampDataQuery) {
    const { ctx: c, row } = await this.lamp(ctx, q.deviceId, 'view');
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const all = q.size === 0;
    const { rows, total } = await readingsPage(
      c.db,
      c.tenantId,
      row.id,
      range.from,
      range.to,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const content = rows.map((r) => ({ collectionTime: r.ts.toISOString(), seq: r.seq, values: r.values }));
    return pageAnswer(content, total, q);
  }

  /** {id}/sim_select: the IoT card of the lamp's iccid. */
  async sim(ctx: Ctx, id: number): Promise<LampSim> {
    const { ctx: c, row } = await this.lamp(ctx, id, 'view');
    if (!row.iccid) return { deviceId: row.id, iccid: null, card: null };
    const card = await findSimByIccid(c.db, c.tenantId, row.iccid);
    const carriers = await countByIccid(c.db, c.tenantId, [row.iccid]);
    return {
      deviceId: row.id,
      iccid: row.iccid,
      card: card ? toSim(card, carriers.get(row.iccid) ?? 0) : null,
    };
  }

  /** analysis: counts per pest over the range (default the last month), of one lamp or all visible ones. */
  async analysis(ctx: Ctx, q: LampAnalysisQuery): Promise<LampAnalysis> {
    requireTenant(ctx);
    requireAccess(ctx, LAMP_ACCESS.view);
    if (q.deviceId !== undefined) await this.lamp(ctx, q.deviceId, 'view');
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const filter = { deviceId: q.deviceId, from: range.from, to: range.to };
    const vis = { deviceTypes: visibilityOf(ctx).deviceTypes, manual: false };
    const totals = await repo.totalsByName(ctx.db, ctx.tenantId, filter, vis);
    const { records } = await recordSummary(ctx.db, ctx.tenantId, filter, vis);
    const total = totals.reduce((a, r) => a + r.n, 0);
    return {
      deviceId: q.deviceId ?? null,
      startDay: range.firstDay,
      endDay: range.lastDay,
      records,
      total,
      result: totals.map((r) => ({
        name: r.name,
        count: r.n,
        percent: total ? round1((r.n / total) * 100) : 0,
      })),
    };
  }

  /** photograph/{id}: the lamp takes a photo now (capture); 409 when it is offline. */
  async photograph(ctx: Ctx, id: number) {
    const { ctx: c, row, type } = await this.lamp(ctx, id, 'control');
    if (!hasCommand(type, 'capture')) throw FamilyErrors.noSuchCommand();
    return command(this.platform, c, row.id, 'capture');
  }

  /** control-device/{id}: state, latest lamp values, the commands it takes and the latest ones sent. */
  async controlState(ctx: Ctx, id: number): Promise<LampControlState> {
    const { ctx: c, row, type } = await this.lamp(ctx, id, 'view');
    const { rows } = await listControlLog(c.db, c.tenantId, { deviceId: row.id }, RECENT_COMMANDS, 0);
    const recent = rows.map(toLogItem);
    const countKey = COUNT_METRICS.find((k) => metricOf(row.typeKey, k));
    return {
      deviceId: row.id,
      name: row.name,
      deviceType: row.typeKey,
      eui: row.eui,
      online: row.online ? 1 : 0,
      enabledFlag: row.enabledFlag,
      lampOn: numberOr(row.latest.lampOn),
      rainFlag: numberOr(row.latest.rainFlag),
      count: countKey ? numberOr(row.latest[countKey]) : null,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      latestAt: row.latestAt?.toISOString() ?? null,
      latest: row.latest,
      commands: type.commands.map((x) => x.action),
      pending: recent.filter((r) => (OPEN_STATES as readonly string[]).includes(r.state)),
      recent,
    };
  }

  /** status/curve: one metric (default the insect / kill count) as a chart-ready series. */
  async curve(ctx: Ctx, q: LampCurveQuery): Promise<Curve> {
    const { ctx: c, row } = await this.lamp(ctx, q.deviceId, 'view');
    const key = q.metric ?? COUNT_METRICS.find((k) => metricOf(row.typeKey, k)) ?? 'lampOn';
    const metric = metricOf(row.typeKey, key);
    if (!metric) throw DeviceErrors.unknownMetric({ metric: key.slice(0, 32) });
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const series = await readSeries(c.db, {
      tenantId: c.tenantId,
      deviceId: row.id,
      metric: metric.key,
      from: range.from,
      to: range.to,
      maxPoints: q.maxPoints,
      timeZone: c.timeZone,
    });
    return toCurve(metric, series);
  }

  /** POST draw-manually ({id, objectVersionNumber, boxes}): the record's boxes drawn by hand. */
  draw(ctx: Ctx, body: LampDrawBody): Promise<InsectRecord> {
    return this.records.draw(ctx, body.id, {
      objectVersionNumber: body.objectVersionNumber,
      boxes: body.boxes,
    });
  }

  /** POST re-identify ({id}). */
  reidentify(ctx: Ctx, id: number): Promise<InsectRecord> {
    return this.records.reidentify(ctx, id);
  }
}
