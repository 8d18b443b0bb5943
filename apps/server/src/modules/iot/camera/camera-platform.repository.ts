import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { cameraPlatform } from './camera.tables.js';

// A tenant's camera platform settings (one row per platform).

export type CameraPlatformRow = typeof cameraPlatform.$inferSelect;

export const listPlatforms = (db: Db, tenantId: number): Promise<CameraPlatformRow[]> =>
  db.select().from(cameraPlatform).where(eq(cameraPlatform.tenantId, tenantId));

export const findPlatform = async (
  db: Db,
  tenantId: number,
  provider: string,
): Promise<CameraPlatformRow | undefined> => {
  const [row] = await db
    .select()
    .from(cameraPlatform)
    .where(and(eq(cameraPlatform.tenantId, tenantId), eq(cameraPlatform.provider, provider)));
  return row;
};

/** Undefined when another request set the platform up meanwhile. */
export const insertPlatform = async (
  db: Db,
  tenantId: number,
  userId: number,
  provider: string,
  config: Record<string, string>,
): Promise<CameraPlatformRow | undefined> => {
  const [row] = await db
    .insert(cameraPlatform)
    .values({ tenantId, provider, config, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return row;
};

/** Optimistic update: undefined when the row has another version. */
export const updatePlatform = async (
  db: Db,
  tenantId: number,
  provider: string,
  version: number,
  userId: number,
  config: Record<string, string>,
): Promise<CameraPlatformRow | undefined> => {
  const [row] = await db
    .update(cameraPlatform)
    .set({ config, ...bump(userId, cameraPlatform.objectVersionNumber) })
    .where(
      and(
        eq(cameraPlatform.tenantId, tenantId),
        eq(cameraPlatform.provider, provider),
        eq(cameraPlatform.objectVersionNumber, version),
      ),
    )
    .returning();
  return row;
};
