import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { users } from '../../identity/identity/index.js';
import { areas } from '../area/index.js';
import { lands } from '../land/index.js';
import { farmLogs } from './farm-log.tables.js';

export type FarmLogRow = typeof farmLogs.$inferSelect;
/** A log with the names of its base, plot and author (null when gone). */
export type FarmLogView = FarmLogRow & {
  areaName: string | null;
  landName: string | null;
  createdByName: string | null;
};

export interface FarmLogValues {
  title: string;
  level: string;
  description: string | null;
  pictures: string[];
  areaId: number | null;
  landId: number | null;
  source: string;
  sourceId: number | null;
  logTime: Date;
}

const byTenant = (tenantId: number): SQL => eq(farmLogs.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(farmLogs.id, id)) as SQL;

// ---- Logs. ----

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectView = (db: Db) =>
  db
    .select({
      log: farmLogs,
      areaName: areas.areaName,
      landName: lands.landName,
      createdByName: users.realName,
    })
    .from(farmLogs)
    .leftJoin(areas, and(eq(areas.tenantId, farmLogs.tenantId), eq(areas.id, farmLogs.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, farmLogs.tenantId), eq(lands.id, farmLogs.landId)))
    .leftJoin(users, eq(users.id, farmLogs.createdBy));

interface ViewRecord {
  log: FarmLogRow;
  areaName: string | null;
  landName: string | null;
  createdByName: string | null;
}

const toView = (r: ViewRecord): FarmLogView => ({
  ...r.log,
  areaName: r.areaName,
  landName: r.landName,
  createdByName: r.createdByName,
});

export interface FarmLogFilter {
  title?: string | undefined;
  level?: string | undefined;
  areaId?: number | undefined;
  landId?: number | undefined;
  source?: string | undefined;
  /** log_time ≥ from */
  from?: Date | undefined;
  /** log_time < to */
  to?: Date | undefined;
}

const filterSql = (tenantId: number, f: FarmLogFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.title) parts.push(ilike(farmLogs.title, `%${escapeLike(f.title)}%`));
  if (f.level) parts.push(eq(farmLogs.level, f.level));
  if (f.areaId !== undefined) parts.push(eq(farmLogs.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(farmLogs.landId, f.landId));
  if (f.source) parts.push(eq(farmLogs.source, f.source));
  if (f.from) parts.push(gte(farmLogs.logTime, f.from));
  if (f.to) parts.push(lt(farmLogs.logTime, f.to));
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total count, newest first. */
export const listFarmLogs = async (
  db: Db,
  tenantId: number,
  f: FarmLogFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: FarmLogView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db).where(where).orderBy(desc(farmLogs.logTime), desc(farmLogs.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(farmLogs).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findFarmLog = async (db: Db, tenantId: number, id: number): Promise<FarmLogView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

export const insertFarmLog = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: FarmLogValues,
): Promise<FarmLogRow> => {
  const [r] = await db
    .insert(farmLogs)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('farm log insert returned nothing');
  return r;
};

/** Optimistic update: undefined when no row has this id and version (the caller tells 404 from 409). */
export const updateFarmLog = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<FarmLogValues>,
): Promise<FarmLogRow | undefined> => {
  const [r] = await db
    .update(farmLogs)
    .set({ ...v, ...bump(userId, farmLogs.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(farmLogs.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Deletes one log (only at this version when one is given); answers whether it went. */
export const deleteFarmLog = async (
  db: Db,
  tenantId: number,
  id: number,
  version?: number,
): Promise<boolean> => {
  const parts = [byId(tenantId, id)];
  if (version !== undefined) parts.push(eq(farmLogs.objectVersionNumber, version));
  const gone = await db
    .delete(farmLogs)
    .where(and(...parts))
    .returning({ id: farmLogs.id });
  return gone.length > 0;
};
