import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { deviceChannels } from '../control/index.js';
import { devices } from '../device/index.js';
import { telemetryHourly } from '../telemetry/index.js';

// What groups and strategies read of other modules: devices and channels they target, the base a group
// belongs to, and today's rain for the "unless it rained today" guard.

export interface DeviceInfo {
  id: number;
  name: string;
  typeKey: string;
  eui: string;
  online: boolean;
  latest: Record<string, number>;
  latestAt: Date | null;
}

const deviceCols = {
  id: devices.id,
  name: devices.name,
  typeKey: devices.typeKey,
  eui: devices.eui,
  online: devices.online,
  latest: devices.latest,
  latestAt: devices.latestAt,
};

export const devicesByIds = (db: Db, tenantId: number, ids: readonly number[]): Promise<DeviceInfo[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(deviceCols)
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, [...ids])));

export const channelsByIds = (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: deviceChannels.id,
          deviceId: deviceChannels.deviceId,
          name: deviceChannels.name,
          kind: deviceChannels.kind,
          circuit: deviceChannels.circuit,
        })
        .from(deviceChannels)
        .where(and(eq(deviceChannels.tenantId, tenantId), inArray(deviceChannels.id, [...ids])));

/** Rain today: the sum of `rainfall` and the highest `rainFlag` in hourly buckets since `dayStart`. */
export const rainSince = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  dayStart: Date,
): Promise<{ rainfall: number; rainFlag: number }> => {
  const [r] = await db
    .select({
      rainfall:
        sql<number>`coalesce(sum(${telemetryHourly.sum}) filter (where ${telemetryHourly.metric} = 'rainfall'), 0)`.mapWith(
          Number,
        ),
      rainFlag:
        sql<number>`coalesce(max(${telemetryHourly.max}) filter (where ${telemetryHourly.metric} = 'rainFlag'), 0)`.mapWith(
          Number,
        ),
    })
    .from(telemetryHourly)
    .where(
      and(
        eq(telemetryHourly.tenantId, tenantId),
        eq(telemetryHourly.deviceId, deviceId),
        inArray(telemetryHourly.metric, ['rainfall', 'rainFlag']),
        gte(telemetryHourly.bucket, dayStart),
      ),
    );
  return r ?? { rainfall: 0, rainFlag: 0 };
};
