import type { Page } from '@tilth/contracts/common.types';
import type { ControlLogItem } from '@tilth/contracts/control.types';
import type { Curve } from '@tilth/contracts/device.types';
import type { CommandIssued } from '@tilth/contracts/device-family.types';
import type {
  ConcentratorRelationBody,
  InverterHistoryQuery,
  LiveState,
  OpsPagedQuery,
} from '@tilth/contracts/device-family-ops.types';
import { DEVICE_TYPES, metricOf } from '@tilth/contracts/device-types';
import { CommonErrors, defineErrors } from '../../../platform/errors.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import {
  DeviceDataService,
  DeviceErrors,
  findDevice,
  historyRange,
  readSeries,
  toCurve,
  updateDevice,
} from '../device/index.js';
import { INVERTER, loadDevice } from './device-family.access.js';
import { DeviceFamilyService } from './device-family.service.js';
import { liveCall } from './robotic-arm.live.js';
import { deviceControlLog } from './robotic-arm.service.js';

// Inverter operations of spec 02 §7 /inverter beyond control, config and alarms: connect / close by GET,
// its control log, refresh, history and export, and the concentrator relation (v2 concentrator/upd/res).

/** Types a device may hang off (spec concentratorId): gateways and LoRa gateways. */
export const CONCENTRATOR_TYPES: readonly string[] = DEVICE_TYPES.filter((t) => t.family === 'gateway').map(
  (t) => t.key,
);

export const InverterOpsErrors = defineErrors({
  euiMismatch: {
    status: 400,
    code: 'wfpe.inverter.euiMismatch',
    message: {
      'zh-CN': '序列号与该变频器不符',
      'en-US': 'The serial number does not match this inverter',
    },
  },
  badConcentrator: {
    status: 400,
    code: 'wfpe.device.concentrator.invalid',
    message: {
      'zh-CN': '所选集中器不存在或不是网关',
      'en-US': 'The chosen concentrator does not exist or is not a gateway',
    },
  },
});

export class InverterOpsService {
  private readonly family: DeviceFamilyService;
  private readonly data = new DeviceDataService();

  constructor(private readonly platform: Platform) {
    this.family = new DeviceFamilyService(platform);
  }

  /** GET {id}/connect (start) and {id}/close (stop); a sent eui must be the inverter's. */
  async startStop(ctx: Ctx, id: number, en: 0 | 1, eui: string | undefined): Promise<CommandIssued> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, INVERTER, 'control');
    if (eui !== undefined && eui !== row.eui) throw InverterOpsErrors.euiMismatch();
    return this.family.inverterControl(ctx, row.id, { en });
  }

  async log(ctx: Ctx, id: number, q: Omit<OpsPagedQuery, 'id'>): Promise<Page<ControlLogItem>> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, INVERTER, 'view');
    return deviceControlLog(ctx, row.id, { ...q, id: row.id });
  }

  /**
   * Reads the inverter again: sends its refresh command and answers the values its ack carries; the
   * stored values, marked stale, when it is offline or does not answer within 5 s.
   */
  refresh(ctx: Ctx, id: number): Promise<LiveState> {
    requireTenant(ctx);
    return liveCall(this.platform, ctx, id, { types: INVERTER, op: 'control', action: 'refresh' });
  }

  /** One chart-ready curve per metric (all of the inverter's, or those asked) over the range. */
  async history(ctx: Ctx, q: InverterHistoryQuery): Promise<Curve[]> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, q.id, INVERTER, 'view');
    const keys = q.metrics
      ? q.metrics
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : type.metrics.map((m) => m.key);
    const metrics = keys.map((k) => {
      const m = metricOf(row.typeKey, k);
      if (!m) throw DeviceErrors.unknownMetric({ metric: k.slice(0, 32) });
      return m;
    });
    const { from, to } = historyRange(q.startTime, q.endTime, ctx.timeZone);
    const out: Curve[] = [];
    for (const m of metrics) {
      const series = await readSeries(ctx.db, {
        tenantId: ctx.tenantId,
        deviceId: row.id,
        metric: m.key,
        from,
        to,
        maxPoints: q.maxPoints,
        timeZone: ctx.timeZone,
      });
      out.push(toCurve(m, series));
    }
    return out;
  }

  /** The inverter's raw readings of a range as an Excel workbook (the registry's curve export). */
  async export(ctx: Ctx, q: { id: number; startTime: string; endTime: string }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, q.id, INVERTER, 'view');
    return this.data.exportCurve(ctx, row.id, { startTime: q.startTime, endTime: q.endTime });
  }

  /** Hangs the inverter off a concentrator (a gateway of the tenant), or off none with null. */
  async setConcentrator(ctx: Ctx, body: ConcentratorRelationBody) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, INVERTER, 'edit');
    if (body.concentratorId !== null) {
      const parent = await findDevice(ctx.db, ctx.tenantId, body.concentratorId);
      if (!parent || parent.id === row.id || !CONCENTRATOR_TYPES.includes(parent.typeKey)) {
        throw InverterOpsErrors.badConcentrator();
      }
    }
    const saved = await updateDevice(ctx.db, ctx.tenantId, row.id, body.objectVersionNumber, ctx.user.id, {
      parentId: body.concentratorId,
    });
    if (!saved) throw CommonErrors.stale();
    return { id: saved.id, concentratorId: saved.parentId, objectVersionNumber: saved.objectVersionNumber };
  }
}
