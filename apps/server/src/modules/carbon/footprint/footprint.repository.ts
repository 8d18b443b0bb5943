import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { agriculturalInputs } from '../../farm/agricultural/index.js';
import { areas } from '../../farm/area/index.js';
import { batches } from '../../farm/batch/index.js';
import { lands } from '../../farm/land/index.js';
import { taskInputUsages, tasks } from '../../farm/task/index.js';
import { devices } from '../../iot/device/index.js';
import { telemetryHourly } from '../../iot/telemetry/index.js';
import { carbonEntries } from './footprint.tables.js';

// What monitoring reads from the farm's own records. All reads; every query is the tenant's only.

/** Where and when: a date window (inclusive from, exclusive to) and optional place / batch filters. */
export interface CarbonScope {
  from: string;
  /** Exclusive. */
  to: string;
  areaId?: number | undefined;
  landId?: number | undefined;
  batchIds?: readonly number[] | undefined;
}

export interface FertilizerUseRow {
  taskId: number;
  taskName: string;
  areaId: number;
  landId: number | null;
  batchId: number | null;
  day: string;
  inputId: number;
  inputName: string;
  unit: string;
  specification: string | null;
  quantity: string;
  nPercent: string | null;
  p2o5Percent: string | null;
  k2oPercent: string | null;
  nitrogenSource: string | null;
}

/** Inputs used on finished tasks (task_input_usages), dated by the task's finish (else its end date). */
export const fertilizerUses = async (
  db: Db,
  tenantId: number,
  s: CarbonScope,
): Promise<FertilizerUseRow[]> => {
  const day = sql<string>`coalesce((${tasks.finishedAt} at time zone 'UTC')::date, ${tasks.endDate})::text`;
  const parts: SQL[] = [
    eq(taskInputUsages.tenantId, tenantId),
    eq(tasks.status, 'finished'),
    eq(agriculturalInputs.category, 'fertilizer'),
  ];
  if (s.batchIds) parts.push(inArray(tasks.batchId, [...s.batchIds]));
  else parts.push(sql`${day} >= ${s.from} and ${day} < ${s.to}`);
  if (s.areaId !== undefined) parts.push(eq(taskInputUsages.areaId, s.areaId));
  if (s.landId !== undefined) parts.push(eq(tasks.landId, s.landId));
  return db
    .select({
      taskId: tasks.id,
      taskName: tasks.taskName,
      areaId: taskInputUsages.areaId,
      landId: tasks.landId,
      batchId: tasks.batchId,
      day,
      inputId: agriculturalInputs.id,
      inputName: agriculturalInputs.inputName,
      unit: agriculturalInputs.unit,
      specification: agriculturalInputs.specification,
      quantity: taskInputUsages.quantity,
      nPercent: agriculturalInputs.nPercent,
      p2o5Percent: agriculturalInputs.p2o5Percent,
      k2oPercent: agriculturalInputs.k2oPercent,
      nitrogenSource: agriculturalInputs.nitrogenSource,
    })
    .from(taskInputUsages)
    .innerJoin(tasks, and(eq(tasks.tenantId, taskInputUsages.tenantId), eq(tasks.id, taskInputUsages.taskId)))
    .innerJoin(
      agriculturalInputs,
      and(
        eq(agriculturalInputs.tenantId, taskInputUsages.tenantId),
        eq(agriculturalInputs.id, taskInputUsages.inputId),
      ),
    )
    .where(and(...parts))
    .orderBy(day, tasks.id, agriculturalInputs.id);
};

export interface DeviceRef {
  id: number;
  name: string;
  typeKey: string;
  areaId: number | null;
  landId: number | null;
  config: Record<string, unknown>;
}

/** Devices of these types (optionally of one base / plot). */
export const devicesOf = async (
  db: Db,
  tenantId: number,
  types: readonly string[],
  s: Pick<CarbonScope, 'areaId' | 'landId'>,
): Promise<DeviceRef[]> => {
  const parts: SQL[] = [eq(devices.tenantId, tenantId), inArray(devices.typeKey, [...types])];
  if (s.areaId !== undefined) parts.push(eq(devices.areaId, s.areaId));
  if (s.landId !== undefined) parts.push(eq(devices.landId, s.landId));
  return db
    .select({
      id: devices.id,
      name: devices.name,
      typeKey: devices.typeKey,
      areaId: devices.areaId,
      landId: devices.landId,
      config: devices.config,
    })
    .from(devices)
    .where(and(...parts))
    .orderBy(devices.id);
};

export interface BucketRow {
  deviceId: number;
  metric: string;
  bucket: Date;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** Hourly rollups of these metrics of these devices in [from, to). */
export const hourlyBuckets = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
  metrics: readonly string[],
  from: string,
  to: string,
): Promise<BucketRow[]> => {
  if (deviceIds.length === 0) return [];
  const H = telemetryHourly;
  return db
    .select({
      deviceId: H.deviceId,
      metric: H.metric,
      bucket: H.bucket,
      count: H.count,
      sum: H.sum,
      min: H.min,
      max: H.max,
    })
    .from(H)
    .where(
      and(
        eq(H.tenantId, tenantId),
        inArray(H.deviceId, [...deviceIds]),
        inArray(H.metric, [...metrics]),
        gte(H.bucket, new Date(`${from}T00:00:00Z`)),
        lt(H.bucket, new Date(`${to}T00:00:00Z`)),
      ),
    )
    .orderBy(H.deviceId, H.bucket);
};

export interface BatchWindowRow {
  id: number;
  batchName: string;
  areaId: number;
  landId: number | null;
  startDate: string;
  endDate: string | null;
  harvestDate: string | null;
  harvestQuantity: string | null;
  unit: string | null;
}

const batchCols = {
  id: batches.id,
  batchName: batches.batchName,
  areaId: batches.areaId,
  landId: batches.landId,
  startDate: batches.startDate,
  endDate: batches.endDate,
  harvestDate: batches.harvestDate,
  harvestQuantity: batches.harvestQuantity,
  unit: batches.unit,
};

export const batchesByIds = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<BatchWindowRow[]> =>
  ids.length === 0
    ? []
    : db
        .select(batchCols)
        .from(batches)
        .where(and(eq(batches.tenantId, tenantId), inArray(batches.id, [...ids])));

/** Batches bound to these plots (device lines are given to the batch growing on the plot that day). */
export const batchesOnLands = async (
  db: Db,
  tenantId: number,
  landIds: readonly number[],
): Promise<BatchWindowRow[]> =>
  landIds.length === 0
    ? []
    : db
        .select(batchCols)
        .from(batches)
        .where(and(eq(batches.tenantId, tenantId), inArray(batches.landId, [...landIds])));

export type EntryRow = typeof carbonEntries.$inferSelect;

/** Manual entries in the window (or of these batches). */
export const entriesInScope = async (db: Db, tenantId: number, s: CarbonScope): Promise<EntryRow[]> => {
  const E = carbonEntries;
  const parts: SQL[] = [eq(E.tenantId, tenantId)];
  if (s.batchIds) parts.push(inArray(E.batchId, [...s.batchIds]));
  else parts.push(gte(E.entryDate, s.from), lt(E.entryDate, s.to));
  if (s.areaId !== undefined) parts.push(eq(E.areaId, s.areaId));
  if (s.landId !== undefined) parts.push(eq(E.landId, s.landId));
  return db
    .select()
    .from(E)
    .where(and(...parts))
    .orderBy(E.entryDate, E.id);
};

/** Names of bases, plots and batches for the groups. */
export const namesOf = async (
  db: Db,
  tenantId: number,
  ids: { areas: number[]; lands: number[]; batches: number[] },
): Promise<{
  areas: Map<number, string>;
  lands: Map<number, string>;
  batches: Map<number, BatchWindowRow>;
}> => {
  // One after another: a request's transaction is one connection.
  const a = ids.areas.length
    ? await db
        .select({ id: areas.id, name: areas.areaName })
        .from(areas)
        .where(and(eq(areas.tenantId, tenantId), inArray(areas.id, ids.areas)))
    : [];
  const l = ids.lands.length
    ? await db
        .select({ id: lands.id, name: lands.landName })
        .from(lands)
        .where(and(eq(lands.tenantId, tenantId), inArray(lands.id, ids.lands)))
    : [];
  const b = await batchesByIds(db, tenantId, ids.batches);
  return {
    areas: new Map(a.map((r) => [r.id, r.name])),
    lands: new Map(l.map((r) => [r.id, r.name])),
    batches: new Map(b.map((r) => [r.id, r])),
  };
};

/** Harvested batches of a tenant, latest harvest first (the demo's entries go to one). */
export const harvestedBatches = (db: Db, tenantId: number): Promise<BatchWindowRow[]> =>
  db
    .select(batchCols)
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), eq(batches.status, 'harvested')))
    .orderBy(sql`${batches.harvestDate} desc nulls last`, batches.id);
