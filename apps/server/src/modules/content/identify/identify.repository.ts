import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { pestIdentifications } from './identify.tables.js';

// Identification rows: one per (tenant, image SHA-256, model key).

export type IdentificationRow = typeof pestIdentifications.$inferSelect;
export type IdentificationValues = Pick<
  typeof pestIdentifications.$inferInsert,
  'sha256' | 'modelKey' | 'provider' | 'status' | 'candidates' | 'photoFileId' | 'width' | 'height' | 'cropId'
>;

export const findByImage = async (
  db: Db,
  tenantId: number,
  sha256: string,
  modelKey: string,
): Promise<IdentificationRow | undefined> => {
  const [r] = await db
    .select()
    .from(pestIdentifications)
    .where(
      and(
        eq(pestIdentifications.tenantId, tenantId),
        eq(pestIdentifications.sha256, sha256),
        eq(pestIdentifications.modelKey, modelKey),
      ),
    );
  return r;
};

/** Counts another run of a stored answer (the answer itself never changes). */
export const touchIdentification = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<IdentificationRow | undefined> => {
  const [r] = await db
    .update(pestIdentifications)
    .set({ runCount: sql`${pestIdentifications.runCount} + 1`, lastIdentifiedAt: new Date() })
    .where(and(eq(pestIdentifications.tenantId, tenantId), eq(pestIdentifications.id, id)))
    .returning();
  return r;
};

/** Inserts the answer; undefined when a concurrent request stored the same image first. */
export const insertIdentification = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: IdentificationValues,
): Promise<IdentificationRow | undefined> => {
  const [r] = await db
    .insert(pestIdentifications)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return r;
};

export const findIdentification = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<IdentificationRow | undefined> => {
  const [r] = await db
    .select()
    .from(pestIdentifications)
    .where(and(eq(pestIdentifications.tenantId, tenantId), eq(pestIdentifications.id, id)));
  return r;
};

export const listIdentifications = async (
  db: Db,
  tenantId: number,
  f: { status?: string | undefined; createdBy?: number | undefined },
  limit: number | undefined,
  offset: number,
): Promise<{ rows: IdentificationRow[]; total: number }> => {
  const parts: SQL[] = [eq(pestIdentifications.tenantId, tenantId)];
  if (f.status) parts.push(eq(pestIdentifications.status, f.status));
  if (f.createdBy !== undefined) parts.push(eq(pestIdentifications.createdBy, f.createdBy));
  const where = and(...parts) as SQL;
  return pageRows(
    db
      .select()
      .from(pestIdentifications)
      .where(where)
      .orderBy(desc(pestIdentifications.lastIdentifiedAt), desc(pestIdentifications.id)),
    () => db.select({ n: count() }).from(pestIdentifications).where(where),
    limit,
    offset,
  );
};
