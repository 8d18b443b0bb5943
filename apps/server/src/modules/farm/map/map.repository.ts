import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { cropLabel, crops } from '../crop/index.js';
import { lands, type Ring } from '../land/index.js';
import { tasks } from '../task/index.js';

// Read-only queries over the farm tables (areas, lands, batches, crops, tasks) for the map screens. Each
// answer is one statement, whatever the number of plots: no query per plot or base.

const GROWING = 'growing';
const BASE = 'area';
/** Task states that no longer need work today. */
const DONE_TASKS = ['finished', 'closed', 'canceled'];

export interface BaseRow {
  areaId: number;
  areaName: string;
  areaNum: string | null;
  areaCenter: string | null;
  areaUsage: string;
  landCount: number;
  areaMu: string | null;
}

export interface PlotRow {
  landId: number;
  landName: string;
  landNum: string | null;
  areaId: number;
  boundary: Ring[] | null;
  landCenter: string | null;
  areaM2: string | null;
  areaMu: string | null;
  landUsage: string;
  enabledFlag: number;
  batchId: number | null;
  batchName: string | null;
  cropName: string | null;
}

/** Bases with their plot count and plotted area (all bases, or one). */
export const mapBases = async (db: Db, tenantId: number, areaId?: number): Promise<BaseRow[]> => {
  const parts: SQL[] = [eq(areas.tenantId, tenantId), eq(areas.organizationType, BASE)];
  if (areaId !== undefined) parts.push(eq(areas.id, areaId));
  return db
    .select({
      areaId: areas.id,
      areaName: areas.areaName,
      areaNum: areas.areaNum,
      areaCenter: areas.areaCenter,
      areaUsage: areas.areaUsage,
      landCount: count(lands.id),
      areaMu: sql<string | null>`sum(${lands.areaMu})`,
    })
    .from(areas)
    .leftJoin(lands, and(eq(lands.tenantId, areas.tenantId), eq(lands.areaId, areas.id)))
    .where(and(...parts))
    .groupBy(areas.id, areas.areaName, areas.areaNum, areas.areaCenter, areas.areaUsage)
    .orderBy(asc(areas.areaName), asc(areas.id));
};

/** Plots with their boundary and the batch growing on them, joined in the same statement. */
export const mapPlots = async (db: Db, tenantId: number, lang: Lang, areaId?: number): Promise<PlotRow[]> => {
  const parts: SQL[] = [eq(lands.tenantId, tenantId)];
  if (areaId !== undefined) parts.push(eq(lands.areaId, areaId));
  return (
    db
      .select({
        landId: lands.id,
        landName: lands.landName,
        landNum: lands.landNum,
        areaId: lands.areaId,
        boundary: lands.boundary,
        landCenter: lands.landCenter,
        areaM2: lands.areaM2,
        areaMu: lands.areaMu,
        landUsage: lands.landUsage,
        enabledFlag: lands.enabledFlag,
        batchId: batches.id,
        batchName: batches.batchName,
        cropName: cropLabel(lang),
      })
      .from(lands)
      // At most one growing batch per plot (batches_growing_land_uq), so the join never repeats a plot.
      .leftJoin(
        batches,
        and(eq(batches.tenantId, lands.tenantId), eq(batches.landId, lands.id), eq(batches.status, GROWING)),
      )
      .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
      .where(and(...parts))
      .orderBy(asc(lands.areaId), asc(lands.id))
  );
};

export interface DigitalTotals {
  baseCount: number;
  plotCount: number;
  totalAreaMu: string | null;
  growingBatchCount: number;
  plotsInUse: number;
  tasksToday: number;
}

/** The key figures of the overview, one statement of scalar sub-queries. */
export const digitalTotals = async (db: Db, tenantId: number, today: string): Promise<DigitalTotals> => {
  const baseCount = db
    .select({ n: count() })
    .from(areas)
    .where(and(eq(areas.tenantId, tenantId), eq(areas.organizationType, BASE)));
  const plotCount = db.select({ n: count() }).from(lands).where(eq(lands.tenantId, tenantId));
  const area = db
    .select({ n: sql`sum(${lands.areaMu})` })
    .from(lands)
    .where(eq(lands.tenantId, tenantId));
  const growing = and(eq(batches.tenantId, tenantId), eq(batches.status, GROWING));
  const growingCount = db.select({ n: count() }).from(batches).where(growing);
  const inUse = db
    .select({ n: countDistinct(batches.landId) })
    .from(batches)
    .where(and(growing, isNotNull(batches.landId)));
  const todays = db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        lte(tasks.startDate, today),
        gte(tasks.endDate, today),
        notInArray(tasks.status, DONE_TASKS),
      ),
    );
  type Cell = string | number | null;
  const res = (await db.execute(sql`
    select (${baseCount}) as "baseCount", (${plotCount}) as "plotCount", (${area}) as "totalAreaMu",
      (${growingCount}) as "growingBatchCount", (${inUse}) as "plotsInUse", (${todays}) as "tasksToday"`)) as unknown as {
    rows: Record<keyof DigitalTotals, Cell>[];
  };
  const r = res.rows[0];
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    baseCount: n(r?.baseCount),
    plotCount: n(r?.plotCount),
    totalAreaMu: r?.totalAreaMu === null || r?.totalAreaMu === undefined ? null : String(r.totalAreaMu),
    growingBatchCount: n(r?.growingBatchCount),
    plotsInUse: n(r?.plotsInUse),
    tasksToday: n(r?.tasksToday),
  };
};

/** Mu under each crop of the growing batches, largest first. */
export const areaByCrop = async (
  db: Db,
  tenantId: number,
  lang: Lang,
): Promise<{ name: string; value: string | null }[]> => {
  const name = cropLabel(lang);
  const mu = sql<string>`coalesce(sum(${lands.areaMu}), 0)`;
  return db
    .select({ name, value: mu })
    .from(batches)
    .innerJoin(lands, and(eq(lands.tenantId, batches.tenantId), eq(lands.id, batches.landId)))
    .innerJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .where(and(eq(batches.tenantId, tenantId), eq(batches.status, GROWING)))
    .groupBy(name)
    .orderBy(desc(mu), asc(name));
};

/** Plot count per base, most first (bases without plots too). */
export const plotsByBase = async (
  db: Db,
  tenantId: number,
  limit: number,
): Promise<{ name: string; value: number }[]> => {
  const n = count(lands.id);
  return db
    .select({ name: areas.areaName, value: n })
    .from(areas)
    .leftJoin(lands, and(eq(lands.tenantId, areas.tenantId), eq(lands.areaId, areas.id)))
    .where(and(eq(areas.tenantId, tenantId), eq(areas.organizationType, BASE)))
    .groupBy(areas.id, areas.areaName)
    .orderBy(desc(n), asc(areas.areaName))
    .limit(limit);
};

/** Batches started per month ('YYYY-MM') from `since` on. */
export const batchesByMonth = async (
  db: Db,
  tenantId: number,
  since: string,
): Promise<{ name: string; value: number }[]> => {
  const month = sql<string>`to_char(${batches.startDate}, 'YYYY-MM')`;
  return db
    .select({ name: month, value: count() })
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), gte(batches.startDate, since)))
    .groupBy(month)
    .orderBy(month);
};
