import { and, count, desc, eq, gt, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { areas } from '../area/index.js';
import { activities } from './activity.tables.js';

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityView = ActivityRow & { areaName: string | null };

export interface ActivityValues {
  activityName: string;
  activityType: string;
  areaId: number | null;
  startTime: Date;
  endTime: Date;
  location: string | null;
  capacity: number | null;
  coverUrl: string | null;
  description: string | null;
  enabledFlag: number;
}

const byTenant = (tenantId: number): SQL => eq(activities.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(activities.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectView = (db: Db) =>
  db
    .select({ activity: activities, areaName: areas.areaName })
    .from(activities)
    .leftJoin(areas, and(eq(areas.tenantId, activities.tenantId), eq(areas.id, activities.areaId)));

const toView = (r: { activity: ActivityRow; areaName: string | null }): ActivityView => ({
  ...r.activity,
  areaName: r.areaName,
});

export interface ActivityFilter {
  activityName?: string | undefined;
  activityType?: string | undefined;
  areaId?: number | undefined;
  status?: 'upcoming' | 'ongoing' | 'ended' | undefined;
  /** Overlapping [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  now: Date;
}

const filterSql = (tenantId: number, f: ActivityFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.activityName) parts.push(ilike(activities.activityName, `%${escapeLike(f.activityName)}%`));
  if (f.activityType) parts.push(eq(activities.activityType, f.activityType));
  if (f.areaId !== undefined) parts.push(eq(activities.areaId, f.areaId));
  if (f.status === 'upcoming') parts.push(gt(activities.startTime, f.now));
  if (f.status === 'ongoing') parts.push(lte(activities.startTime, f.now), gte(activities.endTime, f.now));
  if (f.status === 'ended') parts.push(lt(activities.endTime, f.now));
  if (f.to) parts.push(lt(activities.startTime, f.to));
  if (f.from) parts.push(gte(activities.endTime, f.from));
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total, latest start first. */
export const listActivities = async (
  db: Db,
  tenantId: number,
  f: ActivityFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: ActivityView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db).where(where).orderBy(desc(activities.startTime), desc(activities.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(activities).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findActivity = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<ActivityView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

export const insertActivity = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: ActivityValues,
): Promise<ActivityRow> => {
  const [r] = await db
    .insert(activities)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('activity insert returned nothing');
  return r;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateActivity = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<ActivityValues>,
): Promise<ActivityRow | undefined> => {
  const [r] = await db
    .update(activities)
    .set({ ...v, ...bump(userId, activities.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(activities.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteActivity = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(activities).where(byId(tenantId, id)).returning({ id: activities.id });
  return gone.length > 0;
};
