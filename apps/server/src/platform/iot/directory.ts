import { findDeviceCredential } from '../../modules/telemetry/telemetry.repository.js';
import type { Database } from '../db/client.js';
import type { DeviceAddress } from './iot.js';

export interface DeviceEntry {
  deviceId: number;
  secretHash: string | null;
  enabled: boolean;
}

const POSITIVE_TTL_MS = 30_000;
const NEGATIVE_TTL_MS = 5_000;

const keyOf = (a: DeviceAddress): string => `${a.tenantId}/${a.typeKey}/${a.eui}`;

/**
 * Device lookups by topic identity with a short cache: a reconnect storm after a network outage or an
 * external broker's stream of messages does not cost one database transaction per device each time.
 * Rotation and deletion call forget() so an old secret stops working at once.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, { entry: DeviceEntry | undefined; expires: number }>();

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async lookup(a: DeviceAddress): Promise<DeviceEntry | undefined> {
    const key = keyOf(a);
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.entry;
    const row = await this.database.withTenant(a.tenantId, (tx) =>
      findDeviceCredential(tx, a.tenantId, a.typeKey, a.eui),
    );
    const entry = row && { deviceId: row.id, secretHash: row.secretHash, enabled: row.enabledFlag === 1 };
    this.cache.set(key, { entry, expires: this.now() + (entry ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS) });
    if (this.cache.size > 100_000) this.cache.clear();
    return entry;
  }

  /** Drops cached entries of a device (secret rotated, device deleted or renamed). */
  forget(tenantId: number, deviceId: number): void {
    const prefix = `${tenantId}/`;
    for (const [key, v] of this.cache) {
      if (key.startsWith(prefix) && (v.entry === undefined || v.entry.deviceId === deviceId))
        this.cache.delete(key);
    }
  }
}
