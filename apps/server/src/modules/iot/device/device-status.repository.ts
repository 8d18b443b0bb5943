import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { deviceStatusLog, devices } from './device.tables.js';

// The online / offline log (report/equipmentLog/onlineLog, the device dialog's Logs tab). Ingest writes
// it (platform/iot); this module only reads it.

export interface StatusLogFilter {
  typeKeys: readonly string[];
  deviceId?: number | undefined;
  areaId?: number | undefined;
  online?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface StatusLogView {
  id: number;
  deviceId: number;
  deviceName: string;
  deviceType: string;
  eui: string;
  online: boolean;
  source: string;
  reason: string | null;
  at: Date;
}

/** Newest first; entries of deleted devices drop out with their device (the join). */
export const listStatusLog = async (
  db: Db,
  tenantId: number,
  f: StatusLogFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: StatusLogView[]; total: number }> => {
  if (f.typeKeys.length === 0) return { rows: [], total: 0 };
  const parts: SQL[] = [eq(deviceStatusLog.tenantId, tenantId), inArray(devices.typeKey, [...f.typeKeys])];
  if (f.deviceId !== undefined) parts.push(eq(deviceStatusLog.deviceId, f.deviceId));
  if (f.areaId !== undefined) parts.push(eq(devices.areaId, f.areaId));
  if (f.online !== undefined) parts.push(eq(deviceStatusLog.online, f.online));
  if (f.from) parts.push(gte(deviceStatusLog.at, f.from));
  if (f.to) parts.push(lte(deviceStatusLog.at, f.to));
  const where = and(...parts) as SQL;
  const join = and(eq(devices.tenantId, deviceStatusLog.tenantId), eq(devices.id, deviceStatusLog.deviceId));
  const q = db
    .select({
      id: deviceStatusLog.id,
      deviceId: deviceStatusLog.deviceId,
      deviceName: devices.name,
      deviceType: devices.typeKey,
      eui: devices.eui,
      online: deviceStatusLog.online,
      source: deviceStatusLog.source,
      reason: deviceStatusLog.reason,
      at: deviceStatusLog.at,
    })
    .from(deviceStatusLog)
    .innerJoin(devices, join)
    .where(where)
    .orderBy(desc(deviceStatusLog.at), desc(deviceStatusLog.id));
  return pageRows(
    q,
    () => db.select({ n: count() }).from(deviceStatusLog).innerJoin(devices, join).where(where),
    limit,
    offset,
  );
};
