import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import type { ChannelRow } from './control.repository.js';
import { deviceChannels } from './control.tables.js';

// Channels of a device: gateway switches (kind 'switch') and aerator pumps (kind 'pump'). One circuit
// per device and kind (device_channels_circuit_uq).

export type ChannelKind = 'switch' | 'pump';

export interface ChannelValues {
  name: string;
  circuit: number;
  switchType: string | null;
  icon: string | null;
  relatedDeviceId: number | null;
}

export type ChannelWrite = Written<ChannelRow, 'circuit'>;

const UNIQUE = { device_channels_circuit_uq: 'circuit' } as const;

const ofDevice = (tenantId: number, deviceId: number, kind: ChannelKind): SQL =>
  and(
    eq(deviceChannels.tenantId, tenantId),
    eq(deviceChannels.deviceId, deviceId),
    eq(deviceChannels.kind, kind),
  ) as SQL;

export const listChannels = (
  db: Db,
  tenantId: number,
  deviceId: number,
  kind: ChannelKind,
  limit: number | undefined,
  offset = 0,
): Promise<{ rows: ChannelRow[]; total: number }> => {
  const where = ofDevice(tenantId, deviceId, kind);
  return pageRows(
    db
      .select()
      .from(deviceChannels)
      .where(where)
      .orderBy(asc(deviceChannels.sort), asc(deviceChannels.circuit), asc(deviceChannels.id)),
    () => db.select({ n: count() }).from(deviceChannels).where(where),
    limit,
    offset,
  );
};

export const countChannels = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  kind: ChannelKind,
): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(deviceChannels)
    .where(ofDevice(tenantId, deviceId, kind));
  return r?.n ?? 0;
};

export const insertChannel = async (
  db: Db,
  tenantId: number,
  userId: number,
  deviceId: number,
  kind: ChannelKind,
  v: ChannelValues,
): Promise<ChannelWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(deviceChannels)
      .values({ tenantId, deviceId, kind, ...v, sort: v.circuit, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('channel insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateChannel = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<ChannelValues>,
): Promise<ChannelWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(deviceChannels)
      .set({
        ...v,
        ...(v.circuit === undefined ? {} : { sort: v.circuit }),
        ...bump(userId, deviceChannels.objectVersionNumber),
      })
      .where(
        and(
          eq(deviceChannels.tenantId, tenantId),
          eq(deviceChannels.id, id),
          eq(deviceChannels.objectVersionNumber, version),
        ),
      )
      .returning();
    return r;
  });

export const deleteChannel = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db
    .delete(deviceChannels)
    .where(and(eq(deviceChannels.tenantId, tenantId), eq(deviceChannels.id, id)))
    .returning({ id: deviceChannels.id });
  return gone.length > 0;
};

/**
 * Pump flags of a regulator's pump on one port (aerator ingest): statusFlag from pumpNOn, faultFlag from
 * pumpNFault. The aerator domain reads the values; the channel row is written here.
 */
export const setPumpFlags = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  port: number,
  patch: { statusFlag?: number; faultFlag?: number },
): Promise<void> => {
  await db
    .update(deviceChannels)
    .set(patch)
    .where(and(ofDevice(tenantId, deviceId, 'pump'), eq(deviceChannels.circuit, port)));
};

/**
 * Channels go with their devices (device deletion, inside its transaction): the devices' own channels
 * are deleted, and switches of other devices stop naming them as the powered device.
 */
export const deleteChannelsOfDevices = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
): Promise<void> => {
  if (deviceIds.length === 0) return;
  const list = [...deviceIds];
  await db
    .delete(deviceChannels)
    .where(and(eq(deviceChannels.tenantId, tenantId), inArray(deviceChannels.deviceId, list)));
  await db
    .update(deviceChannels)
    .set({ relatedDeviceId: null })
    .where(and(eq(deviceChannels.tenantId, tenantId), inArray(deviceChannels.relatedDeviceId, list)));
};

export interface SeedChannel {
  deviceId: number;
  kind: ChannelKind;
  name: string;
  circuit: number;
  switchType: string | null;
  icon: string | null;
}

/** Demo seed: many channels in one statement. */
export const insertSeedChannels = async (
  db: Db,
  tenantId: number,
  rows: readonly SeedChannel[],
): Promise<void> => {
  if (rows.length === 0) return;
  await db.insert(deviceChannels).values(rows.map((r) => ({ tenantId, ...r, sort: r.circuit })));
};

/** Pump ports per regulator (the demo simulator's pumps). */
export const listPumpPorts = async (db: Db, tenantId: number): Promise<Map<number, number[]>> => {
  const rows = await db
    .select({ deviceId: deviceChannels.deviceId, circuit: deviceChannels.circuit })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.tenantId, tenantId), eq(deviceChannels.kind, 'pump')));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.deviceId, [...(out.get(r.deviceId) ?? []), r.circuit]);
  return out;
};
