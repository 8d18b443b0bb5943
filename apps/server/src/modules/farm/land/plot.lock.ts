import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';

/**
 * Key of the advisory transaction lock that serialises a tenant's plot and batch writes: "at most one
 * growing batch per plot" and the daily batch-code serial have no database constraint to lean on. Both
 * the land and the batch service take the same lock, always first, so no two orders can deadlock. It is
 * one of the deliberate exceptions of ADR 0009: the batch module takes the land module's lock.
 */
export const plotLockKey = (tenantId: number): string => `plots:${tenantId}`;

/** Serialises the tenant's plot and batch writes until the transaction ends. */
export const lockPlots = async (db: Db, tenantId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${plotLockKey(tenantId)}, 0))`);
};
