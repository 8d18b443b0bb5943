import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { listSettings } from './device-family.repository.js';
import { deviceSettings } from './device-family.tables.js';

// Deleted collection items of a device: a device setting of kind 'collection-hidden' per item (name = the
// metric key); deleting also drops the item's latest value, so a report after it brings the item back.

export const HIDDEN_COLLECTION_KIND = 'collection-hidden';

/**
 * Metric keys deleted from a device's collected data and not reported since: a key with a hidden marker
 * and no latest value (a report after the deletion sets the latest value again, which shows the item).
 */
export const hiddenCollectionKeys = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  latest: Record<string, number>,
): Promise<Set<string>> => {
  const marks = await listSettings(db, tenantId, deviceId, HIDDEN_COLLECTION_KIND);
  return new Set(marks.map((m) => m.name).filter((k) => typeof latest[k] !== 'number'));
};

/** Replaces the hidden markers of the given keys. */
export const clearHidden = async (db: Db, tenantId: number, deviceId: number, keys: readonly string[]) => {
  for (const k of keys) {
    await db
      .delete(deviceSettings)
      .where(
        and(
          eq(deviceSettings.tenantId, tenantId),
          eq(deviceSettings.deviceId, deviceId),
          eq(deviceSettings.kind, HIDDEN_COLLECTION_KIND),
          eq(deviceSettings.name, k),
        ),
      );
  }
};
