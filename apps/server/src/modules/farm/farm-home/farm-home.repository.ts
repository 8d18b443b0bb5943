import { and, asc, desc, eq, gte, inArray, lt, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { users } from '../../identity/identity/index.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { cropLabel, crops, taskTypeLabel, taskTypes } from '../crop/index.js';
import { farmLogs } from '../farm-log/index.js';
import { lands } from '../land/index.js';
import { tasks } from '../task/index.js';
import { workers } from '../worker/index.js';

// Read-only aggregates for the farm home. Every figure is one SQL statement over the whole set (no query
// per row); the statement count is fixed whatever the farm's size.

const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);
const num = (v: string | number | null | undefined): number =>
  v === null || v === undefined ? 0 : Number(v);

export interface LandFigures {
  total: number;
  enabled: number;
  totalAreaMu: number;
  inUse: number;
}

export const landFigures = async (db: Db, tenantId: number, areaId?: number): Promise<LandFigures> => {
  const parts: SQL[] = [eq(lands.tenantId, tenantId)];
  if (areaId !== undefined) parts.push(eq(lands.areaId, areaId));
  const growing = sql`exists (select 1 from ${batches} where ${batches.tenantId} = ${lands.tenantId}
    and ${batches.landId} = ${lands.id} and ${batches.status} = 'growing')`;
  const [r] = await db
    .select({
      total: n(sql`count(*)`),
      enabled: n(sql`count(*) filter (where ${lands.enabledFlag} = 1)`),
      mu: sql<string | null>`sum(${lands.areaMu}) filter (where ${lands.enabledFlag} = 1)`,
      inUse: n(sql`count(*) filter (where ${lands.enabledFlag} = 1 and ${growing})`),
    })
    .from(lands)
    .where(and(...parts));
  return {
    total: r?.total ?? 0,
    enabled: r?.enabled ?? 0,
    totalAreaMu: Math.round(num(r?.mu) * 100) / 100,
    inUse: r?.inUse ?? 0,
  };
};

export interface CropFigure {
  cropId: number;
  cropName: string | null;
  batchCount: number;
  areaMu: number;
}

/** Growing batches by crop, with the mu of their plots; most batches first. */
export const growingByCrop = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  areaId?: number,
): Promise<CropFigure[]> => {
  const cropName = cropLabel(lang);
  const parts: SQL[] = [eq(batches.tenantId, tenantId), eq(batches.status, 'growing')];
  if (areaId !== undefined) parts.push(eq(batches.areaId, areaId));
  const rows = await db
    .select({
      cropId: batches.cropId,
      cropName,
      batchCount: n(sql`count(*)`),
      mu: sql<string | null>`sum(${lands.areaMu})`,
    })
    .from(batches)
    .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .leftJoin(lands, and(eq(lands.tenantId, batches.tenantId), eq(lands.id, batches.landId)))
    .where(and(...parts))
    .groupBy(batches.cropId, cropName)
    .orderBy(desc(sql`count(*)`), asc(cropName));
  return rows.map((r) => ({
    cropId: r.cropId,
    cropName: r.cropName,
    batchCount: r.batchCount,
    areaMu: Math.round(num(r.mu) * 100) / 100,
  }));
};

/** Batches harvested on a day within from..to (inclusive). */
export const harvestedBetween = async (
  db: Db,
  tenantId: number,
  from: string,
  to: string,
  areaId?: number,
): Promise<number> => {
  const parts: SQL[] = [
    eq(batches.tenantId, tenantId),
    eq(batches.status, 'harvested'),
    gte(batches.harvestDate, from),
    lte(batches.harvestDate, to),
  ];
  if (areaId !== undefined) parts.push(eq(batches.areaId, areaId));
  const [r] = await db
    .select({ n: n(sql`count(*)`) })
    .from(batches)
    .where(and(...parts));
  return r?.n ?? 0;
};

export const workerCount = async (db: Db, tenantId: number, areaId?: number): Promise<number> => {
  const parts: SQL[] = [eq(workers.tenantId, tenantId), eq(workers.enabledFlag, 1)];
  if (areaId !== undefined) parts.push(eq(workers.organizationId, areaId));
  const [r] = await db
    .select({ n: n(sql`count(*)`) })
    .from(workers)
    .where(and(...parts));
  return r?.n ?? 0;
};

const openTasks = (tenantId: number, done: readonly string[], areaId?: number): SQL[] => {
  const parts: SQL[] = [eq(tasks.tenantId, tenantId), notInArray(tasks.status, [...done])];
  if (areaId !== undefined) parts.push(eq(tasks.areaId, areaId));
  return parts;
};

export interface TaskCounts {
  today: number;
  overdue: number;
  inProgress: number;
}

/** Open (not done) tasks: covering today, past their end, in progress. */
export const taskCounts = async (
  db: Db,
  tenantId: number,
  today: string,
  done: readonly string[],
  areaId?: number,
): Promise<TaskCounts> => {
  const [r] = await db
    .select({
      today: n(sql`count(*) filter (where ${tasks.startDate} <= ${today} and ${tasks.endDate} >= ${today})`),
      overdue: n(sql`count(*) filter (where ${tasks.endDate} < ${today})`),
      inProgress: n(sql`count(*) filter (where ${tasks.status} = 'in_progress')`),
    })
    .from(tasks)
    .where(and(...openTasks(tenantId, done, areaId)));
  return { today: r?.today ?? 0, overdue: r?.overdue ?? 0, inProgress: r?.inProgress ?? 0 };
};

export interface TaskRow {
  taskId: number;
  taskName: string;
  status: string;
  startDate: string;
  endDate: string;
  taskTypeName: string | null;
  taskTypeColor: string | null;
  areaName: string | null;
  landName: string | null;
  leaderWorkerId: number | null;
  leaderName: string | null;
}

/** Open tasks of today ('today') or past their end ('overdue'), names joined in the same statement. */
export const taskRows = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  which: 'today' | 'overdue',
  today: string,
  done: readonly string[],
  limit: number,
  areaId?: number,
): Promise<TaskRow[]> => {
  const parts = openTasks(tenantId, done, areaId);
  if (which === 'today') parts.push(lte(tasks.startDate, today), gte(tasks.endDate, today));
  else parts.push(lt(tasks.endDate, today));
  return db
    .select({
      taskId: tasks.id,
      taskName: tasks.taskName,
      status: tasks.status,
      startDate: tasks.startDate,
      endDate: tasks.endDate,
      taskTypeName: taskTypeLabel(lang),
      taskTypeColor: taskTypes.color,
      areaName: areas.areaName,
      landName: lands.landName,
      leaderWorkerId: tasks.leaderWorkerId,
      leaderName: workers.workerName,
    })
    .from(tasks)
    .leftJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.taskTypeId)))
    .leftJoin(areas, and(eq(areas.tenantId, tasks.tenantId), eq(areas.id, tasks.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, tasks.tenantId), eq(lands.id, tasks.landId)))
    .leftJoin(workers, and(eq(workers.tenantId, tasks.tenantId), eq(workers.id, tasks.leaderWorkerId)))
    .where(and(...parts))
    .orderBy(asc(tasks.endDate), asc(tasks.startDate), asc(tasks.id))
    .limit(limit);
};

export type LogRow = typeof farmLogs.$inferSelect & {
  areaName: string | null;
  landName: string | null;
  createdByName: string | null;
};

export const latestLogs = async (
  db: Db,
  tenantId: number,
  limit: number,
  areaId?: number,
): Promise<LogRow[]> => {
  const parts: SQL[] = [eq(farmLogs.tenantId, tenantId)];
  if (areaId !== undefined) parts.push(eq(farmLogs.areaId, areaId));
  const rows = await db
    .select({
      log: farmLogs,
      areaName: areas.areaName,
      landName: lands.landName,
      createdByName: users.realName,
    })
    .from(farmLogs)
    .leftJoin(areas, and(eq(areas.tenantId, farmLogs.tenantId), eq(areas.id, farmLogs.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, farmLogs.tenantId), eq(lands.id, farmLogs.landId)))
    .leftJoin(users, eq(users.id, farmLogs.createdBy))
    .where(and(...parts))
    .orderBy(desc(farmLogs.logTime), desc(farmLogs.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.log,
    areaName: r.areaName,
    landName: r.landName,
    createdByName: r.createdByName,
  }));
};

/** Logs per level since a moment (warning and emergency counts of the home card). */
export const logLevelCounts = async (
  db: Db,
  tenantId: number,
  since: Date,
  levels: readonly string[],
  areaId?: number,
): Promise<Record<string, number>> => {
  const parts: SQL[] = [
    eq(farmLogs.tenantId, tenantId),
    gte(farmLogs.logTime, since),
    inArray(farmLogs.level, [...levels]),
  ];
  if (areaId !== undefined) parts.push(eq(farmLogs.areaId, areaId));
  const rows = await db
    .select({ level: farmLogs.level, n: n(sql`count(*)`) })
    .from(farmLogs)
    .where(and(...parts))
    .groupBy(farmLogs.level);
  return Object.fromEntries(rows.map((r) => [r.level, r.n]));
};
