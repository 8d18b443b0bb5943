import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { deviceChannels, deviceCommands } from '../control/index.js';
import { type DeviceRow, devices } from '../device/index.js';
import { telemetry, telemetryDaily, telemetryHourly } from '../telemetry/index.js';
import { deviceSettings } from './device-family.tables.js';

// Reads and writes of the device families: their named settings (this domain's table), and the
// telemetry / command history the family screens show. The device row itself is iot/device's.

export type { DeviceRow };
export type SettingRow = typeof deviceSettings.$inferSelect;

export const childDevices = (db: Db, tenantId: number, parentId: number) =>
  db
    .select({
      id: devices.id,
      name: devices.name,
      eui: devices.eui,
      online: devices.online,
      typeKey: devices.typeKey,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.parentId, parentId)))
    .orderBy(asc(devices.name), asc(devices.id));

// ---- settings ----

export const listSettings = (
  db: Db,
  tenantId: number,
  deviceId: number,
  kind: string,
): Promise<SettingRow[]> =>
  db
    .select()
    .from(deviceSettings)
    .where(
      and(
        eq(deviceSettings.tenantId, tenantId),
        eq(deviceSettings.deviceId, deviceId),
        eq(deviceSettings.kind, kind),
      ),
    )
    .orderBy(asc(deviceSettings.sort), asc(deviceSettings.id));

export const findSetting = async (db: Db, tenantId: number, id: number): Promise<SettingRow | undefined> => {
  const [r] = await db
    .select()
    .from(deviceSettings)
    .where(and(eq(deviceSettings.tenantId, tenantId), eq(deviceSettings.id, id)));
  return r;
};

export interface SettingValues {
  name: string;
  data: Record<string, unknown>;
  enabledFlag: number;
  sort: number;
}

export const insertSetting = async (
  db: Db,
  tenantId: number,
  userId: number,
  deviceId: number,
  kind: string,
  v: SettingValues,
): Promise<SettingRow> => {
  const [r] = await db
    .insert(deviceSettings)
    .values({ tenantId, deviceId, kind, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('device setting insert returned nothing');
  return r;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateSetting = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<SettingValues>,
): Promise<SettingRow | undefined> => {
  const [r] = await db
    .update(deviceSettings)
    .set({ ...v, ...bump(userId, deviceSettings.objectVersionNumber) })
    .where(
      and(
        eq(deviceSettings.tenantId, tenantId),
        eq(deviceSettings.id, id),
        eq(deviceSettings.objectVersionNumber, version),
      ),
    )
    .returning();
  return r;
};

export const deleteSetting = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db
    .delete(deviceSettings)
    .where(and(eq(deviceSettings.tenantId, tenantId), eq(deviceSettings.id, id)))
    .returning({ id: deviceSettings.id });
  return gone.length > 0;
};

/** Whether a number (preset / cruise / program slot) is taken by another setting of the device. */
export const settingNumberTaken = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  kind: string,
  field: string,
  value: number,
  exceptId?: number,
): Promise<boolean> => {
  const rows = await listSettings(db, tenantId, deviceId, kind);
  return rows.some((r) => r.id !== exceptId && r.data[field] === value);
};

// ---- history ----

/** Averages per bucket of hourly or daily rollups, for the given metrics. */
export const rollupTelemetry = (
  db: Db,
  level: 'hourly' | 'daily',
  tenantId: number,
  deviceId: number,
  metrics: readonly string[],
  from: Date,
  to: Date,
) => {
  const t = level === 'hourly' ? telemetryHourly : telemetryDaily;
  return db
    .select({ metric: t.metric, bucket: t.bucket, sum: t.sum, count: t.count })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.deviceId, deviceId),
        inArray(t.metric, [...metrics]),
        gte(t.bucket, from),
        lte(t.bucket, to),
      ),
    )
    .orderBy(asc(t.bucket));
};

/** Readings with a fault flag set, newest first. */
export const faultReadings = (db: Db, tenantId: number, deviceId: number, limit: number) =>
  db
    .select({ seq: telemetry.seq, ts: telemetry.ts, values: telemetry.values })
    .from(telemetry)
    .where(
      and(
        eq(telemetry.tenantId, tenantId),
        eq(telemetry.deviceId, deviceId),
        sql`(${telemetry.values}->>'fault')::float8 >= 1`,
      ),
    )
    .orderBy(desc(telemetry.ts))
    .limit(limit);

/** Commands that failed or got no answer, newest first. */
export const failedCommands = (db: Db, tenantId: number, deviceId: number, limit: number) =>
  db
    .select({
      id: deviceCommands.id,
      action: deviceCommands.action,
      state: deviceCommands.state,
      message: deviceCommands.message,
      createdAt: deviceCommands.createdAt,
      finishedAt: deviceCommands.finishedAt,
    })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.tenantId, tenantId),
        eq(deviceCommands.deviceId, deviceId),
        inArray(deviceCommands.state, ['failed', 'timeout']),
      ),
    )
    .orderBy(desc(deviceCommands.createdAt))
    .limit(limit);

export const findSwitch = async (db: Db, tenantId: number, deviceId: number, id: number) => {
  const [r] = await db
    .select({ id: deviceChannels.id, circuit: deviceChannels.circuit })
    .from(deviceChannels)
    .where(
      and(
        eq(deviceChannels.tenantId, tenantId),
        eq(deviceChannels.deviceId, deviceId),
        eq(deviceChannels.id, id),
        eq(deviceChannels.kind, 'switch'),
      ),
    );
  return r;
};

/** Settings go with their devices (device deletion, inside its transaction). */
export const deleteSettingsOfDevices = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
): Promise<void> => {
  if (deviceIds.length === 0) return;
  await db
    .delete(deviceSettings)
    .where(and(eq(deviceSettings.tenantId, tenantId), inArray(deviceSettings.deviceId, [...deviceIds])));
};

/** Demo seed: many settings in one statement. */
export const insertSeedSettings = async (
  db: Db,
  tenantId: number,
  rows: readonly {
    deviceId: number;
    kind: string;
    name: string;
    data: Record<string, unknown>;
    sort: number;
  }[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db.insert(deviceSettings).values(rows.map((r) => ({ tenantId, ...r })));
};
