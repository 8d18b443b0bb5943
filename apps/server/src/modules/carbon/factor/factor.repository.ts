import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { carbonFactors, carbonSettings } from './factor.tables.js';

export type FactorRow = typeof carbonFactors.$inferSelect;
export type FactorValues = Omit<
  typeof carbonFactors.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'creationDate'
  | 'lastUpdatedBy'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;
export type SettingsRow = typeof carbonSettings.$inferSelect;

const F = carbonFactors;

/** All of a tenant's factors (a registry holds tens to hundreds; the merge with defaults is in memory). */
export const tenantFactors = (db: Db, tenantId: number): Promise<FactorRow[]> =>
  db.select().from(F).where(eq(F.tenantId, tenantId)).orderBy(F.factorCode, F.region, F.validYear, F.id);

export const findFactor = async (db: Db, tenantId: number, id: number): Promise<FactorRow | undefined> => {
  const [r] = await db
    .select()
    .from(F)
    .where(and(eq(F.tenantId, tenantId), eq(F.id, id)));
  return r;
};

export const insertFactor = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: FactorValues,
): Promise<FactorRow | undefined> => {
  const [r] = await db
    .insert(F)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  return r;
};

/** Saves when the version still matches; undefined when it did not (stale or gone). */
export const updateFactor = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
  version: number,
  v: FactorValues,
): Promise<FactorRow | undefined> => {
  const [r] = await db
    .update(F)
    .set({ ...v, ...bump(userId, F.objectVersionNumber) })
    .where(and(eq(F.tenantId, tenantId), eq(F.id, id), eq(F.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteFactor = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
): Promise<boolean> => {
  const r = await db
    .delete(F)
    .where(and(eq(F.tenantId, tenantId), eq(F.id, id), eq(F.objectVersionNumber, version)))
    .returning({ id: F.id });
  return r.length > 0;
};

export const findSettings = async (db: Db, tenantId: number): Promise<SettingsRow | undefined> => {
  const [r] = await db.select().from(carbonSettings).where(eq(carbonSettings.tenantId, tenantId));
  return r;
};

export const insertSettings = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: { gridRegion: string; dashboardYear: number | null },
): Promise<SettingsRow | undefined> => {
  const [r] = await db
    .insert(carbonSettings)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

export const updateSettings = async (
  db: Db,
  tenantId: number,
  userId: number,
  version: number,
  v: { gridRegion: string; dashboardYear: number | null },
): Promise<SettingsRow | undefined> => {
  const [r] = await db
    .update(carbonSettings)
    .set({ ...v, ...bump(userId, carbonSettings.objectVersionNumber) })
    .where(and(eq(carbonSettings.tenantId, tenantId), eq(carbonSettings.objectVersionNumber, version)))
    .returning();
  return r;
};
