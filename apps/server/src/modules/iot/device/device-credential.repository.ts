import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { DeviceAddress } from '../../../platform/iot/iot.js';
import type { CodecDevice, DeviceLookup } from '../../../platform/iot/ports.js';
import { devices } from './device.tables.js';

// The device lookups of the IoT transport (platform/iot DeviceLookup, wired by app/server.ts): broker
// logins and topic lookups, and the ChirpStack bridge's devices with a vendor codec.

interface DeviceCredentialRow {
  id: number;
  secretHash: string | null;
  enabledFlag: number;
}

/**
 * The device a broker username names, with what authentication needs. With `lock`, FOR SHARE waits for
 * a disable, delete or rotation still in flight and reads what it committed, so a login racing it is not
 * let in on the state before it. Ingest reads without it: FOR SHARE would queue behind every other
 * process's ingest batch holding the device row (two processes on one broker: 350–470 ms per read), and
 * the batch checks the device under its own lock anyway.
 */
export const findDeviceCredential = async (
  db: Db,
  tenantId: number,
  typeKey: string,
  eui: string,
  lock = true,
): Promise<DeviceCredentialRow | undefined> => {
  const q = db
    .select({ id: devices.id, secretHash: devices.secretHash, enabledFlag: devices.enabledFlag })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.typeKey, typeKey), eq(devices.eui, eui)));
  const [r] = lock ? await q.for('share') : await q;
  return r;
};

/**
 * Enabled devices of a tenant whose serial is this LoRaWAN DevEUI (any case) and whose settings name a
 * vendor codec: the ChirpStack bridge's way to a device of another type than lorawan-node.
 */
export const findCodecDevices = async (db: Db, tenantId: number, devEui: string): Promise<CodecDevice[]> =>
  db
    .select({ typeKey: devices.typeKey, eui: devices.eui, codec: sql<string>`${devices.config}->>'codec'` })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.enabledFlag, 1),
        sql`lower(${devices.eui}) = ${devEui.toLowerCase()}`,
        sql`${devices.config}->>'codec' is not null`,
      ),
    );

/** The device domain's DeviceLookup. */
export const deviceLookup: DeviceLookup = {
  findCredential: (tx: Db, a: DeviceAddress, lock: boolean) =>
    findDeviceCredential(tx, a.tenantId, a.typeKey, a.eui, lock),
  findCodecDevices,
};
