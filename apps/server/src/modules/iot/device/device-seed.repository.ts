import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { devices } from './device.tables.js';

// Device rows of the demo fleet (modules/demo/demo.devices.ts): bulk inserts, latest values of the
// backfill, the simulated devices and their broker secrets. Demo writes devices through here.

export interface DemoDeviceInsert {
  typeKey: string;
  name: string;
  eui: string;
  iccid: string | null;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
  parentId: number | null;
  config: Record<string, unknown>;
  description: string | null;
  latest: Record<string, number>;
  latestAt: Date | null;
  secretHash: string;
}

/** Inserts devices in one statement; answers id by serial. */
export const insertDemoDevices = async (
  db: Db,
  tenantId: number,
  rows: readonly DemoDeviceInsert[],
): Promise<Map<string, number>> => {
  if (rows.length === 0) return new Map();
  const now = new Date();
  const out = await db
    .insert(devices)
    .values(rows.map((d) => ({ tenantId, ...d, secretIssuedAt: now })))
    .returning({ id: devices.id, eui: devices.eui });
  return new Map(out.map((r) => [r.eui, r.id]));
};

export const setDemoLatest = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  latest: Record<string, number>,
  at: Date,
  lastSeq: number,
) => {
  await db
    .update(devices)
    .set({ latest, latestAt: at, lastSeq, lastSeenAt: at })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)));
};

export interface SimulatedDeviceRow {
  id: number;
  typeKey: string;
  eui: string;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
}

/** The tenant's enabled devices whose serial starts with the prefix (the simulated ones). */
export const listSimulatedDevices = async (
  db: Db,
  tenantId: number,
  euiPrefix: string,
): Promise<SimulatedDeviceRow[]> =>
  db
    .select({
      id: devices.id,
      typeKey: devices.typeKey,
      eui: devices.eui,
      areaId: devices.areaId,
      landId: devices.landId,
      lat: devices.lat,
      lng: devices.lng,
    })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.enabledFlag, 1),
        like(devices.eui, `${euiPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ),
    )
    .orderBy(devices.id);

/** Replaces the broker secrets of the given devices in one statement. */
export const replaceSecrets = async (
  db: Db,
  tenantId: number,
  rows: readonly { id: number; hash: string }[],
) => {
  if (rows.length === 0) return;
  const data = JSON.stringify(rows.map((r) => ({ i: r.id, h: r.hash })));
  await db.execute(sql`
    update devices d set secret_hash = x.h, secret_issued_at = now()
    from jsonb_to_recordset(${data}::jsonb) as x(i bigint, h text)
    where d.tenant_id = ${tenantId} and d.id = x.i`);
};

export interface NewDeviceRow {
  typeKey: string;
  eui: string;
  name: string;
  secretHash: string;
  areaId?: number | null;
  parentId?: number | null;
  config?: Record<string, unknown>;
}

/** Inserts a bare device row (test fixtures, benchmarks); the registry's service owns the real CRUD. */
export const insertDeviceRow = async (db: Db, tenantId: number, d: NewDeviceRow): Promise<number> => {
  const [r] = await db
    .insert(devices)
    .values({
      tenantId,
      typeKey: d.typeKey,
      eui: d.eui,
      name: d.name,
      secretHash: d.secretHash,
      secretIssuedAt: new Date(),
      areaId: d.areaId ?? null,
      parentId: d.parentId ?? null,
      config: d.config ?? {},
    })
    .returning({ id: devices.id });
  if (!r) throw new Error('device insert returned no row');
  return r.id;
};
