import type { Database } from '../db/client.js';
import type { DeviceAddress } from './iot.js';
import type { DeviceLookup } from './ports.js';

export interface DeviceEntry {
  deviceId: number;
  secretHash: string | null;
  enabled: boolean;
}

const POSITIVE_TTL_MS = 30_000;
const NEGATIVE_TTL_MS = 5_000;

/** ±25 %: a fleet that connected together does not expire (and read the database) together. */
const jittered = (ms: number): number => ms * (0.75 + Math.random() * 0.5);

const keyOf = (a: DeviceAddress): string => `${a.tenantId}/${a.typeKey}/${a.eui}`;

/**
 * Device lookups by topic identity with a short cache: a reconnect storm after a network outage or an
 * external broker's stream of messages does not cost one database transaction per device each time.
 * Rotation, disabling, enabling and deletion call forget() (in every server process, through the event
 * relay) so the change holds at once.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, { entry: DeviceEntry | undefined; expires: number }>();
  /** Reads on their way, by key: concurrent misses of one device share one read. */
  private readonly reading = new Map<string, Promise<DeviceEntry | undefined>>();
  /** Counts forget() calls: a read that a forget overtook is read again, never cached. */
  private generation = 0;

  constructor(
    private readonly database: Database,
    private readonly devices: DeviceLookup,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A device by topic identity. `purpose: 'login'` (the default) reads a miss with the row lock that
   * waits for a disable in flight; `'ingest'` reads without it (ingest's batch locks and checks the device
   * itself). Both fill the same cache: forget() keeps either from outliving a change.
   */
  async lookup(a: DeviceAddress, purpose: 'login' | 'ingest' = 'login'): Promise<DeviceEntry | undefined> {
    const key = keyOf(a);
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.entry;
    // The external link has hundreds of messages in flight: when a device's entry expires, all of its
    // messages would miss at once and each read the database (thousands of reads a second). One read
    // serves them, and they get their answers in arrival order. A forget() during it makes it read again.
    // A login never shares an ingest read: it must wait for the lock.
    const lock = purpose === 'login';
    const readKey = `${purpose}|${key}`;
    const pending = this.reading.get(readKey);
    if (pending) return pending;
    const read = this.read(a, key, lock).finally(() => this.reading.delete(readKey));
    this.reading.set(readKey, read);
    return read;
  }

  private async read(a: DeviceAddress, key: string, lock: boolean): Promise<DeviceEntry | undefined> {
    for (let attempt = 1; ; attempt++) {
      const generation = this.generation;
      const row = await this.database.withTenant(a.tenantId, (tx) =>
        this.devices.findCredential(tx, a, lock),
      );
      const entry = row && { deviceId: row.id, secretHash: row.secretHash, enabled: row.enabledFlag === 1 };
      if (generation === this.generation) {
        this.cache.set(key, {
          entry,
          expires: this.now() + jittered(entry ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS),
        });
        if (this.cache.size > 100_000) this.cache.clear();
        return entry;
      }
      // A device changed while this read was on its way, so the answer may predate the change: read
      // again (a read started after the change sees it); under a stream of changes, answer uncached.
      if (attempt === 3) return entry;
    }
  }

  /** Drops cached entries of a device (secret rotated, device disabled, enabled, deleted or renamed). */
  forget(tenantId: number, deviceId: number): void {
    this.generation++;
    const prefix = `${tenantId}/`;
    for (const [key, v] of this.cache) {
      if (key.startsWith(prefix) && (v.entry === undefined || v.entry.deviceId === deviceId))
        this.cache.delete(key);
    }
  }
}
