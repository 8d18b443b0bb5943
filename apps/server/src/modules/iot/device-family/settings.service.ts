import {
  type DeviceSetting,
  SETTING_DATA,
  type SettingCreateBody,
  type SettingKind,
  type SettingUpdateBody,
} from '@tilth/contracts/device-family.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { ARM, FERTILIZER, loadDevice, RTU } from './device-family.access.js';
import { FamilyErrors } from './device-family.errors.js';
import {
  type DeviceRow,
  deleteSetting,
  findSetting,
  findSwitch,
  insertSetting,
  listSettings,
  type SettingRow,
  settingNumberTaken,
  updateSetting,
} from './device-family.repository.js';
import { command, zodDetail } from './device-family.service.js';
import { nextRuns, programMinutes } from './program-schedule.js';

// Named settings of a device (device_settings: kind + jsonb data): fertiliser irrigation programs,
// fertilisation methods and controller models, RTU strategies of gateways, robotic arm presets and
// cruises. Each kind belongs to a family of types; data is checked by the kind's schema (contracts).

/** The device types a kind may be kept for. */
export const KIND_TYPES: Readonly<Record<SettingKind, readonly string[]>> = {
  program: FERTILIZER,
  method: FERTILIZER,
  controller: FERTILIZER,
  'rtu-strategy': RTU,
  preset: ARM,
  cruise: ARM,
};

/** The data field that numbers a setting on the device (unique per device and kind). */
const NUMBER_FIELD: Partial<Record<SettingKind, string>> = {
  program: 'programNumber',
  preset: 'number',
  cruise: 'number',
};

const NEXT_RUNS = 5;
const RUN_MIN = 60;
const RUN_MAX = 480;

export const toSetting = (r: SettingRow, tz: string, now = new Date()): DeviceSetting => {
  const out: DeviceSetting = {
    id: r.id,
    deviceId: r.deviceId,
    kind: r.kind,
    name: r.name,
    data: r.data,
    enabledFlag: r.enabledFlag,
    sort: r.sort,
    objectVersionNumber: r.objectVersionNumber,
    creationDate: r.creationDate.toISOString(),
  };
  if (r.kind === 'program') {
    const p = SETTING_DATA.program.safeParse(r.data);
    const runs =
      p.success && r.enabledFlag === 1
        ? nextRuns(p.data as Parameters<typeof nextRuns>[0], now, NEXT_RUNS, tz)
        : [];
    out.nextRuns = runs.map((d) => d.toISOString());
  }
  return out;
};

export class SettingsService {
  constructor(private readonly platform: Platform) {}

  /** Kind schema, numbering, axis travel and references of one setting's data. */
  private async checkData(
    ctx: TenantCtx,
    kind: SettingKind,
    device: DeviceRow,
    raw: Record<string, unknown>,
    exceptId?: number,
  ): Promise<Record<string, unknown>> {
    const parsed = SETTING_DATA[kind].safeParse(raw);
    if (!parsed.success) throw FamilyErrors.settingInvalid({ detail: zodDetail(parsed.error) });
    const data = parsed.data;
    const field = NUMBER_FIELD[kind];
    if (field && typeof data[field] === 'number') {
      const n = data[field];
      if (await settingNumberTaken(ctx.db, ctx.tenantId, device.id, kind, field, n, exceptId)) {
        throw FamilyErrors.numberTaken({ number: n });
      }
    }
    if (kind === 'preset' || kind === 'cruise') {
      // The arm's configured travel narrows the registry's axis ranges.
      const yMax = typeof device.config.yTravelMm === 'number' ? device.config.yTravelMm : undefined;
      const zMax = typeof device.config.zTravelMm === 'number' ? device.config.zTravelMm : undefined;
      const points = kind === 'preset' ? [data] : (data.steps as Record<string, unknown>[]);
      for (const [i, p] of points.entries()) {
        const where = kind === 'preset' ? '' : `steps.${i}.`;
        if (yMax !== undefined && (p.y as number) > yMax) {
          throw FamilyErrors.settingInvalid({ detail: `${where}y: beyond the Y axis travel (${yMax} mm)` });
        }
        if (zMax !== undefined && (p.z as number) > zMax) {
          throw FamilyErrors.settingInvalid({ detail: `${where}z: beyond the Z axis travel (${zMax} mm)` });
        }
      }
    }
    if (kind === 'program' && typeof data.methodId === 'number') {
      const m = await findSetting(ctx.db, ctx.tenantId, data.methodId);
      if (m?.kind !== 'method' || m.deviceId !== device.id) throw FamilyErrors.methodMissing();
    }
    if (kind === 'rtu-strategy') {
      const sw = await findSwitch(ctx.db, ctx.tenantId, device.id, data.switchId as number);
      if (!sw) throw FamilyErrors.settingInvalid({ detail: 'switchId: this gateway has no such switch' });
      // The circuit always follows the switch's own.
      data.circuit = sw.circuit;
    }
    return data;
  }

  private async loadSetting(ctx: TenantCtx, kind: SettingKind, id: number, op: 'view' | 'edit' | 'control') {
    const row = await findSetting(ctx.db, ctx.tenantId, id);
    if (!row || row.kind !== kind) throw FamilyErrors.settingNotFound();
    const { row: device } = await loadDevice(ctx, row.deviceId, KIND_TYPES[kind], op);
    return { row, device };
  }

  async list(ctx: Ctx, kind: SettingKind, deviceId: number): Promise<DeviceSetting[]> {
    requireTenant(ctx);
    await loadDevice(ctx, deviceId, KIND_TYPES[kind], 'view');
    const now = new Date();
    return (await listSettings(ctx.db, ctx.tenantId, deviceId, kind)).map((r) =>
      toSetting(r, ctx.timeZone, now),
    );
  }

  async create(ctx: Ctx, kind: SettingKind, body: SettingCreateBody): Promise<DeviceSetting> {
    requireTenant(ctx);
    const { row: device } = await loadDevice(ctx, body.deviceId, KIND_TYPES[kind], 'edit');
    const data = await this.checkData(ctx, kind, device, body.data);
    const row = await insertSetting(ctx.db, ctx.tenantId, ctx.user.id, device.id, kind, {
      name: body.name,
      data,
      enabledFlag: body.enabledFlag ?? 1,
      sort: body.sort ?? 0,
    });
    return toSetting(row, ctx.timeZone);
  }

  async update(ctx: Ctx, kind: SettingKind, body: SettingUpdateBody): Promise<DeviceSetting> {
    requireTenant(ctx);
    const { row, device } = await this.loadSetting(ctx, kind, body.id, 'edit');
    const data =
      body.data === undefined ? undefined : await this.checkData(ctx, kind, device, body.data, row.id);
    const saved = await updateSetting(ctx.db, ctx.tenantId, row.id, body.objectVersionNumber, ctx.user.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(data === undefined ? {} : { data }),
      ...(body.enabledFlag === undefined ? {} : { enabledFlag: body.enabledFlag }),
      ...(body.sort === undefined ? {} : { sort: body.sort }),
    });
    if (!saved) throw CommonErrors.stale();
    return toSetting(saved, ctx.timeZone);
  }

  /** Spec 02 §7 deletes answer 1 on success. */
  async remove(ctx: Ctx, kind: SettingKind, id: number): Promise<number> {
    requireTenant(ctx);
    const { row } = await this.loadSetting(ctx, kind, id, 'edit');
    if (kind === 'method') {
      const users = (await listSettings(ctx.db, ctx.tenantId, row.deviceId, 'program')).filter(
        (p) => p.data.methodId === row.id,
      );
      if (users.length > 0) {
        throw FamilyErrors.settingInvalid({ detail: `used by program "${users[0]?.name ?? ''}"` });
      }
    }
    await deleteSetting(ctx.db, ctx.tenantId, row.id);
    return 1;
  }

  async nextRuns(ctx: Ctx, id: number, count: number): Promise<string[]> {
    requireTenant(ctx);
    const { row } = await this.loadSetting(ctx, 'program', id, 'view');
    const p = SETTING_DATA.program.parse(row.data) as Parameters<typeof nextRuns>[0];
    return nextRuns(p, new Date(), count, ctx.timeZone).map((d) => d.toISOString());
  }

  /** Runs a program now: the machine's program command with the program's total time as run time. */
  async runProgram(ctx: Ctx, id: number) {
    requireTenant(ctx);
    const { row, device } = await this.loadSetting(ctx, 'program', id, 'control');
    const p = SETTING_DATA.program.parse(row.data) as {
      programNumber: number;
      zones: { valve: number; durationMin: number }[];
    };
    const durationMin = Math.min(RUN_MAX, Math.max(RUN_MIN, programMinutes(p)));
    if (device.typeKey === 'water-fertilizer') {
      return command(this.platform, ctx, device.id, 'startProgram', {
        program: p.programNumber,
        durationMin,
      });
    }
    return command(this.platform, ctx, device.id, 'start', { durationMin });
  }

  /** Calls an RTU strategy: switches its circuit. */
  async callStrategy(ctx: Ctx, id: number) {
    requireTenant(ctx);
    const { row, device } = await this.loadSetting(ctx, 'rtu-strategy', id, 'control');
    const d = row.data as { switchId: number; circuit: number; sw: number };
    return command(this.platform, ctx, device.id, 'switch', {
      switchId: d.switchId,
      circuit: d.circuit,
      sw: d.sw,
    });
  }

  async callPreset(ctx: Ctx, id: number) {
    requireTenant(ctx);
    const { row, device } = await this.loadSetting(ctx, 'preset', id, 'control');
    return command(this.platform, ctx, device.id, 'callPreset', { preset: row.data.number as number });
  }

  async ctrlCruise(ctx: Ctx, id: number, run: boolean) {
    requireTenant(ctx);
    const { row, device } = await this.loadSetting(ctx, 'cruise', id, 'control');
    return command(this.platform, ctx, device.id, 'cruise', { cruise: row.data.number as number, run });
  }
}
