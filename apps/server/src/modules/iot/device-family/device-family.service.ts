import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import type {
  CommandIssued,
  DeviceConfigured,
  DeviceFaultItem,
  TrackPoint,
} from '@tilth/contracts/device-family.types';
import type { DeviceTypeDef } from '@tilth/contracts/device-types';
import type { z } from 'zod';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { issueCommand } from '../control/index.js';
import { parseHistoryTime, readRawRows, updateDeviceConfig } from '../device/index.js';
import {
  ALL_TYPES,
  ARM,
  FAULT_TYPES,
  hasCommand,
  INVERTER,
  LORA_GATEWAY,
  loadDevice,
  MACHINE,
  VALVE,
} from './device-family.access.js';
import { FamilyErrors } from './device-family.errors.js';
import {
  childDevices,
  type DeviceRow,
  failedCommands,
  faultReadings,
  insertSetting,
  listSettings,
} from './device-family.repository.js';

// Family calls on a device itself: configure, refresh, inverter and valve control, fault lists, LoRa
// synchronisation, robotic arm status and functions, farm machine tracks. Commands go through the
// control module's issueCommand (validation against the registry, offline refusal, safety, control log).

const FAULT_LIMIT = 100;
const TRACK_LIMIT = 5000;
const TRACK_MAX_DAYS = 31;
/** Acknowledgements of fault items are kept as device settings of this kind (name = item key). */
export const FAULT_ACK_KIND = 'alarm-ack';

/** A zod error as one line: `path: message; …` (the detail of a 400). */
export const zodDetail = (err: z.ZodError): string =>
  err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

export const command = (
  platform: Platform,
  ctx: TenantCtx,
  deviceId: number,
  action: string,
  params: Record<string, number | boolean | string> = {},
): Promise<CommandIssued> =>
  issueCommand(platform, ctx.db, ctx.tenantId, {
    deviceId,
    action,
    params,
    source: 'user',
    userId: ctx.user.id,
  });

/** The configure command's params when the config holds every one it requires. */
const configureParams = (type: DeviceTypeDef, cfg: Record<string, unknown>) => {
  const def = type.commands.find((c) => c.action === 'configure');
  if (!def) return undefined;
  const params: Record<string, number | boolean | string> = {};
  for (const p of def.params) {
    const v = cfg[p.key];
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') params[p.key] = v;
    else if (p.required) return undefined;
  }
  return Object.keys(params).length > 0 ? params : undefined;
};

/** The answer of a call that stored config and maybe pushed it as a command. */
const configured = (saved: DeviceRow, cmd: CommandIssued | null): DeviceConfigured => ({
  config: saved.config,
  objectVersionNumber: saved.objectVersionNumber,
  command: cmd,
});

export class DeviceFamilyService {
  constructor(private readonly platform: Platform) {}

  /** Checks the merged config against the type's schema and stores it (400 with the schema's message). */
  private async storeConfig(
    ctx: TenantCtx,
    row: DeviceRow,
    patch: Record<string, unknown>,
  ): Promise<DeviceRow> {
    const parsed = deviceConfigSchema(row.typeKey).safeParse({ ...row.config, ...patch });
    if (!parsed.success) throw FamilyErrors.configInvalid({ detail: zodDetail(parsed.error) });
    const saved = await updateDeviceConfig(ctx.db, ctx.tenantId, row.id, ctx.user.id, parsed.data);
    if (!saved) throw FamilyErrors.deviceNotFound();
    return saved;
  }

  /**
   * Merges settings into the device's config (gateway polling, upload period, photo schedule…) and, when
   * the type has a configure command and the config holds its params, pushes them to the device. An
   * offline device refuses the push (409) and nothing is stored.
   */
  async configure(
    ctx: Ctx,
    body: { id: number; config: Record<string, unknown> },
  ): Promise<DeviceConfigured> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, body.id, ALL_TYPES, 'edit');
    const saved = await this.storeConfig(ctx, row, body.config);
    // Push only when the change touches what the configure command carries (not e.g. gateway polling).
    const def = type.commands.find((c) => c.action === 'configure');
    const touches = def?.params.some((p) => p.key in body.config) ?? false;
    const params = touches ? configureParams(type, saved.config) : undefined;
    const cmd = params ? await command(this.platform, ctx, row.id, 'configure', params) : null;
    return configured(saved, cmd);
  }

  async refresh(ctx: Ctx, id: number): Promise<CommandIssued> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, id, ALL_TYPES, 'control');
    if (!hasCommand(type, 'refresh')) throw FamilyErrors.noSuchCommand();
    return command(this.platform, ctx, row.id, 'refresh');
  }

  /** LoRa v2 synchronize: asks the gateway to refresh and answers the nodes registered under it. */
  async loraSync(ctx: Ctx, id: number) {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, id, LORA_GATEWAY, 'control');
    const cmd =
      hasCommand(type, 'refresh') && row.online ? await command(this.platform, ctx, row.id, 'refresh') : null;
    const nodes = await childDevices(ctx.db, ctx.tenantId, row.id);
    return {
      command: cmd,
      nodes: nodes.map((n) => ({
        id: n.id,
        name: n.name,
        eui: n.eui,
        online: n.online ? 1 : 0,
        deviceType: n.typeKey,
      })),
    };
  }

  // ---- inverter ----

  /** en 1 starts (optionally for durationMin), 0 stops. */
  async inverterControl(ctx: Ctx, id: number, body: { en: 0 | 1; durationMin?: number | undefined }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, INVERTER, 'control');
    if (body.en === 0) return command(this.platform, ctx, row.id, 'stop');
    return command(
      this.platform,
      ctx,
      row.id,
      'start',
      body.durationMin ? { durationMin: body.durationMin } : {},
    );
  }

  /** Sends the given pressure to the inverter and keeps it in the device's config. */
  async inverterConfig(ctx: Ctx, body: { id: number; givenPressure: number }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, INVERTER, 'control');
    const saved = await this.storeConfig(ctx, row, { givenPressure: body.givenPressure });
    const cmd = await command(this.platform, ctx, row.id, 'setPressure', { pressure: body.givenPressure });
    return configured(saved, cmd);
  }

  // ---- electric valve ----

  async valveControl(ctx: Ctx, id: number, body: { open: boolean; durationMin?: number | undefined }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, VALVE, 'control');
    if (!body.open) return command(this.platform, ctx, row.id, 'close');
    const fallback = typeof row.config.defaultRunMin === 'number' ? row.config.defaultRunMin : undefined;
    const durationMin = body.durationMin ?? fallback;
    return command(this.platform, ctx, row.id, 'open', durationMin ? { durationMin } : {});
  }

  /** Level thresholds: stored in config (high − low ≥ 10 checked by the schema) and sent to the valve. */
  async valveLevels(ctx: Ctx, body: { id: number; highLevelCm: number; lowLevelCm: number }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, VALVE, 'control');
    const saved = await this.storeConfig(ctx, row, {
      highLevelCm: body.highLevelCm,
      lowLevelCm: body.lowLevelCm,
    });
    const cmd = await command(this.platform, ctx, row.id, 'setLevels', {
      highCm: body.highLevelCm,
      lowCm: body.lowLevelCm,
    });
    return configured(saved, cmd);
  }

  // ---- faults (inverter alarms, fertiliser alarm handling) ----

  async faults(ctx: Ctx, id: number): Promise<DeviceFaultItem[]> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, FAULT_TYPES, 'view');
    const acks = new Map(
      (await listSettings(ctx.db, ctx.tenantId, row.id, FAULT_ACK_KIND)).map((a) => [a.name, a]),
    );
    const zh = ctx.lang === 'zh-CN';
    const items: DeviceFaultItem[] = [];
    for (const r of await faultReadings(ctx.db, ctx.tenantId, row.id, FAULT_LIMIT)) {
      items.push({
        key: `fault:${r.seq}`,
        kind: 'fault',
        time: r.ts.toISOString(),
        message: zh ? '设备上报故障' : 'The device reported a fault',
        acknowledged: false,
        acknowledgedBy: null,
      });
    }
    for (const c of await failedCommands(ctx.db, ctx.tenantId, row.id, FAULT_LIMIT)) {
      const what =
        c.state === 'timeout' ? (zh ? '无应答' : 'no answer') : (c.message ?? (zh ? '执行失败' : 'failed'));
      items.push({
        key: `cmd:${c.id}`,
        kind: 'command',
        time: (c.finishedAt ?? c.createdAt).toISOString(),
        message: `${c.action}: ${what}`,
        acknowledged: false,
        acknowledgedBy: null,
      });
    }
    for (const it of items) {
      const ack = acks.get(it.key);
      if (ack) {
        it.acknowledged = true;
        it.acknowledgedBy = typeof ack.data.by === 'string' ? ack.data.by : null;
      }
    }
    return items.sort((a, b) => b.time.localeCompare(a.time));
  }

  /** Marks a fault item handled (fertiliser alarm handling); acknowledging twice keeps the first. */
  async ackFault(ctx: Ctx, body: { deviceId: number; key: string; note?: string | undefined }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.deviceId, FAULT_TYPES, 'control');
    const known = (await this.faults(ctx, row.id)).find((f) => f.key === body.key);
    if (!known) throw FamilyErrors.faultNotFound();
    if (!known.acknowledged) {
      await insertSetting(ctx.db, ctx.tenantId, ctx.user.id, row.id, FAULT_ACK_KIND, {
        name: body.key,
        data: {
          by: ctx.user.realName,
          at: new Date().toISOString(),
          ...(body.note ? { note: body.note } : {}),
        },
        enabledFlag: 1,
        sort: 0,
      });
    }
    return { success: true };
  }

  // ---- robotic arm ----

  async armWriteConfig(ctx: Ctx, body: { id: number; config: Record<string, unknown> }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, ARM, 'edit');
    const saved = await this.storeConfig(ctx, row, body.config);
    return configured(saved, null);
  }

  async armFunction(ctx: Ctx, body: { id: number; fn: 'stop' | 'capture' }) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, body.id, ARM, 'control');
    return command(this.platform, ctx, row.id, body.fn);
  }

  // ---- farm machine ----

  /** GPS track from the machine's lat / lng readings (at most 31 days, 5000 points). */
  async track(ctx: Ctx, id: number, q: { startTime: string; endTime: string }): Promise<TrackPoint[]> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, MACHINE, 'view');
    const from = parseHistoryTime(q.startTime, 'start', ctx.timeZone);
    const to = parseHistoryTime(q.endTime, 'end', ctx.timeZone);
    if (!from || !to || to < from) throw FamilyErrors.badTime();
    if (to.getTime() - from.getTime() > TRACK_MAX_DAYS * 86_400_000) {
      throw FamilyErrors.rangeTooLong({ days: TRACK_MAX_DAYS });
    }
    const rows = await readRawRows(ctx.db, ctx.tenantId, row.id, from, to, TRACK_LIMIT);
    const out: TrackPoint[] = [];
    for (const r of rows) {
      const { lat, lng, speed } = r.values;
      if (typeof lat !== 'number' || typeof lng !== 'number') continue;
      out.push({ ts: r.ts.toISOString(), lat, lng, speed: typeof speed === 'number' ? speed : null });
    }
    return out;
  }
}
