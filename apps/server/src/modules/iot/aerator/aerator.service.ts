import type { Page } from '@tilth/contracts/common.types';
import {
  AERATOR_MAX_PUMPS,
  type AeratorControlBody,
  type AeratorItem,
  type AeratorLogItem,
  type AeratorLogQuery,
  type CommandIssued,
  type PumpCreateBody,
  type PumpUpdateBody,
} from '@tilth/contracts/control.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import {
  type ChannelRow,
  type ControlDevice,
  ControlErrors,
  countChannels,
  deleteChannel,
  findChannel,
  findChannelByCircuit,
  insertChannel,
  issueCommand,
  listChannels,
  listControlLog,
  parseLogTime,
  pendingByChannel,
  updateChannel,
} from '../control/index.js';
import { findDevice } from '../device/index.js';
import { listFaultEvents, listStatusLog, type TimeRange } from './aerator.repository.js';

// Aerator regulators and their pumps (spec 02 §2 "Aerator tab", §5 at most 4 per regulator, §7
// /aerator calls). A regulator is an `aerator` device; its pumps are device_channels of kind 'pump' whose
// circuit is the port (node) 1–4. Pump on/off goes to the regulator as the registry's `pump` command.

const AERATOR = deviceTypeByKey('aerator');
if (!AERATOR) throw new Error('the registry has no aerator type');
export const AERATOR_ACCESS = AERATOR.permissions;

/** Logs cover the last 30 days unless a range is given. */
const DEFAULT_LOG_DAYS = 30;

const rangeOf = (q: AeratorLogQuery, tz: string): TimeRange => {
  const to = q.endTime ? parseLogTime(q.endTime, true, tz) : new Date();
  const from = q.startTime
    ? parseLogTime(q.startTime, false, tz)
    : new Date(to.getTime() - DEFAULT_LOG_DAYS * 86_400_000);
  return { from, to };
};

export class AeratorService {
  constructor(private readonly platform: Platform) {}

  private async regulator(ctx: TenantCtx, id: number): Promise<ControlDevice> {
    const device = await findDevice(ctx.db, ctx.tenantId, id);
    if (!device) throw ControlErrors.deviceNotFound();
    if (device.typeKey !== 'aerator') throw ControlErrors.notRegulator();
    return device;
  }

  private async pumpOf(ctx: TenantCtx, id: number): Promise<{ pump: ChannelRow; regulator: ControlDevice }> {
    const pump = await findChannel(ctx.db, ctx.tenantId, id);
    if (pump?.kind !== 'pump') throw ControlErrors.channelNotFound();
    return { pump, regulator: await this.regulator(ctx, pump.deviceId) };
  }

  private async items(ctx: TenantCtx, regulator: ControlDevice, rows: ChannelRow[]): Promise<AeratorItem[]> {
    const pending = await pendingByChannel(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      node: r.circuit,
      icon: r.icon,
      onlineFlag: regulator.online && regulator.enabledFlag === 1 ? 1 : 0,
      faultFlag: r.faultFlag,
      statusFlag: r.statusFlag,
      regulatorId: regulator.id,
      pendingCmdId: pending.get(r.id)?.cmdId ?? null,
      pendingState: pending.get(r.id)?.state ?? null,
      objectVersionNumber: r.objectVersionNumber,
    }));
  }

  async pumps(ctx: Ctx, regulatorId: number): Promise<AeratorItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.view);
    const regulator = await this.regulator(ctx, regulatorId);
    const { rows } = await listChannels(ctx.db, ctx.tenantId, regulator.id, 'pump', undefined);
    return this.items(ctx, regulator, rows);
  }

  private async item(ctx: TenantCtx, id: number): Promise<AeratorItem> {
    const { pump, regulator } = await this.pumpOf(ctx, id);
    const [item] = await this.items(ctx, regulator, [pump]);
    if (!item) throw ControlErrors.channelNotFound();
    return item;
  }

  async create(ctx: Ctx, body: PumpCreateBody): Promise<AeratorItem> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.create);
    const regulator = await this.regulator(ctx, body.regulatorId);
    if ((await countChannels(ctx.db, ctx.tenantId, regulator.id, 'pump')) >= AERATOR_MAX_PUMPS) {
      throw ControlErrors.tooManyPumps({ max: AERATOR_MAX_PUMPS });
    }
    if (await findChannelByCircuit(ctx.db, ctx.tenantId, regulator.id, 'pump', body.node)) {
      throw ControlErrors.circuitTaken({ circuit: body.node });
    }
    const res = await insertChannel(ctx.db, ctx.tenantId, ctx.user.id, regulator.id, 'pump', {
      name: body.name,
      circuit: body.node,
      switchType: null,
      icon: body.icon ?? null,
      relatedDeviceId: null,
    });
    if ('conflict' in res) throw ControlErrors.circuitTaken({ circuit: body.node });
    return this.item(ctx, res.row.id);
  }

  async update(ctx: Ctx, body: PumpUpdateBody): Promise<AeratorItem> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.edit);
    const { pump, regulator } = await this.pumpOf(ctx, body.id);
    if (body.node !== undefined && body.node !== pump.circuit) {
      if (await findChannelByCircuit(ctx.db, ctx.tenantId, regulator.id, 'pump', body.node)) {
        throw ControlErrors.circuitTaken({ circuit: body.node });
      }
    }
    const res = await updateChannel(ctx.db, ctx.tenantId, pump.id, body.objectVersionNumber, ctx.user.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.node === undefined ? {} : { circuit: body.node }),
      ...(body.icon === undefined ? {} : { icon: body.icon }),
    });
    if (!res) throw CommonErrors.stale();
    if ('conflict' in res) throw ControlErrors.circuitTaken({ circuit: body.node ?? pump.circuit });
    return this.item(ctx, pump.id);
  }

  async remove(ctx: Ctx, id: number): Promise<1> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.delete);
    await this.pumpOf(ctx, id);
    if (!(await deleteChannel(ctx.db, ctx.tenantId, id))) throw ControlErrors.channelNotFound();
    return 1;
  }

  async control(ctx: Ctx, body: AeratorControlBody): Promise<CommandIssued> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.control);
    const { pump, regulator } = await this.pumpOf(ctx, body.pumpId);
    return issueCommand(this.platform, ctx.db, ctx.tenantId, {
      deviceId: regulator.id,
      channelId: pump.id,
      action: 'pump',
      params: { port: pump.circuit, on: body.on },
      source: 'user',
      userId: ctx.user.id,
    });
  }

  async controlLog(ctx: Ctx, regulatorId: number, q: AeratorLogQuery): Promise<Page<AeratorLogItem>> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.view);
    const regulator = await this.regulator(ctx, regulatorId);
    const range = rangeOf(q, ctx.timeZone);
    const all = q.size === 0;
    const { rows, total } = await listControlLog(
      ctx.db,
      ctx.tenantId,
      { deviceId: regulator.id, from: range.from, to: range.to },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const items = rows.map((r) => ({
      id: r.id,
      pumpId: r.channelId,
      pumpName: r.channelName,
      node: typeof r.params.port === 'number' ? r.params.port : null,
      event: r.action === 'pump' ? (r.params.on ? 'open' : 'close') : r.action,
      state: r.state,
      message: r.message,
      userName: r.userName,
      at: r.createdAt.toISOString(),
    }));
    return pageAnswer(items, total, q);
  }

  /** Fault transitions from the regulator's pumpNFault readings (0 → 1 'fault', 1 → 0 'recovered'). */
  async faultLog(ctx: Ctx, regulatorId: number, q: AeratorLogQuery): Promise<Page<AeratorLogItem>> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.view);
    const regulator = await this.regulator(ctx, regulatorId);
    const all = q.size === 0;
    const { rows, total } = await listFaultEvents(
      ctx.db,
      ctx.tenantId,
      regulator.id,
      rangeOf(q, ctx.timeZone),
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const { rows: pumps } = await listChannels(ctx.db, ctx.tenantId, regulator.id, 'pump', undefined);
    const byPort = new Map(pumps.map((p) => [p.circuit, p]));
    const items = rows.map((r) => ({
      id: `${r.ts.toISOString()}#${r.port}`,
      pumpId: byPort.get(r.port)?.id ?? null,
      pumpName: byPort.get(r.port)?.name ?? null,
      node: r.port,
      event: r.fault === 1 ? 'fault' : 'recovered',
      state: null,
      message: null,
      userName: null,
      at: r.ts.toISOString(),
    }));
    return pageAnswer(items, total, q);
  }

  async offlineLog(ctx: Ctx, regulatorId: number, q: AeratorLogQuery): Promise<Page<AeratorLogItem>> {
    requireTenant(ctx);
    requireAccess(ctx, AERATOR_ACCESS.view);
    const regulator = await this.regulator(ctx, regulatorId);
    const all = q.size === 0;
    const { rows, total } = await listStatusLog(
      ctx.db,
      ctx.tenantId,
      regulator.id,
      rangeOf(q, ctx.timeZone),
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const items = rows.map((r) => ({
      id: String(r.id),
      pumpId: null,
      pumpName: null,
      node: null,
      event: r.online ? 'online' : 'offline',
      state: r.source,
      message: r.reason,
      userName: null,
      at: r.at.toISOString(),
    }));
    return pageAnswer(items, total, q);
  }
}
