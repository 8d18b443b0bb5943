import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { traceBusinessProfiles } from './catalog.tables.js';

export type BusinessRow = typeof traceBusinessProfiles.$inferSelect;
export type BusinessValues = Omit<
  typeof traceBusinessProfiles.$inferInsert,
  'tenantId' | 'createdBy' | 'lastUpdatedBy' | 'creationDate' | 'lastUpdateDate' | 'objectVersionNumber'
>;

const B = traceBusinessProfiles;

export const findBusiness = async (db: Db, tenantId: number): Promise<BusinessRow | undefined> => {
  const [r] = await db.select().from(B).where(eq(B.tenantId, tenantId));
  return r;
};

/** The first save; undefined when another save created it meanwhile. */
export const insertBusiness = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: BusinessValues,
): Promise<BusinessRow | undefined> => {
  const [r] = await db
    .insert(B)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

export const updateBusiness = async (
  db: Db,
  tenantId: number,
  version: number,
  userId: number,
  v: BusinessValues,
): Promise<BusinessRow | undefined> => {
  const [r] = await db
    .update(B)
    .set({ ...v, ...bump(userId, B.objectVersionNumber) })
    .where(and(eq(B.tenantId, tenantId), eq(B.objectVersionNumber, version)))
    .returning();
  return r;
};
