import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { cropLabel, crops, taskTypeLabel, taskTypes } from '../crop/index.js';
import { type PlannedInput, planPackages, planPackageTasks } from './plan.tables.js';

export type PackageRow = typeof planPackages.$inferSelect;
export type PackageTaskRow = typeof planPackageTasks.$inferSelect;

/** A package with its crop's name and the figures of its task list. */
export type PackageView = PackageRow & { cropName: string | null; taskCount: number; totalDays: number };
export type PackageTaskView = PackageTaskRow & { taskTypeName: string | null };

export interface PackageValues {
  packageName: string;
  cropId: number | null;
  description: string | null;
  enabledFlag: number;
}

export interface PackageTaskValues {
  taskName: string;
  taskTypeId: number;
  dayOffset: number;
  durationDays: number;
  inputs: PlannedInput[];
  description: string | null;
}

const byTenant = (tenantId: number): SQL => eq(planPackages.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(planPackages.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const UNIQUE = { plan_packages_name_uq: 'name' } as const;

/** Serialises package writes of a tenant so the duplicate-name check that precedes them cannot race. */
export const lockPackages = async (db: Db, tenantId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan_packages:${tenantId}`}, 0))`);
};

// ---- existence checks on other modules' tables ----

/** Which of ids are task types of the tenant. */
export const existingTaskTypes = async (db: Db, tenantId: number, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, tenantId), inArray(taskTypes.id, ids)));
  return new Set(rows.map((r) => r.id));
};

// ---- packages ----

export const packageNameTaken = async (
  db: Db,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [byTenant(tenantId), eq(planPackages.packageName, name)];
  if (exceptId !== undefined) parts.push(ne(planPackages.id, exceptId));
  const [r] = await db
    .select({ id: planPackages.id })
    .from(planPackages)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

export interface PackageFilter {
  packageName?: string | undefined;
  cropId?: number | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: PackageFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.packageName) parts.push(ilike(planPackages.packageName, `%${escapeLike(f.packageName)}%`));
  if (f.cropId !== undefined) parts.push(eq(planPackages.cropId, f.cropId));
  if (f.enabledFlag !== undefined) parts.push(eq(planPackages.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

const sameTasks = sql`from plan_package_tasks t where t.tenant_id = ${planPackages.tenantId} and t.package_id = ${planPackages.id}`;

const selectView = (db: Db, lang: Lang) =>
  db
    .select({
      pkg: planPackages,
      cropName: cropLabel(lang),
      taskCount: sql<number>`(select count(*) ${sameTasks})`.mapWith(Number),
      totalDays: sql<number>`(select coalesce(max(t.day_offset + t.duration_days), 0) ${sameTasks})`.mapWith(
        Number,
      ),
    })
    .from(planPackages)
    .leftJoin(crops, and(eq(crops.tenantId, planPackages.tenantId), eq(crops.id, planPackages.cropId)));

const toView = (r: { pkg: PackageRow; cropName: string | null; taskCount: number; totalDays: number }) => ({
  ...r.pkg,
  cropName: r.cropName,
  taskCount: r.taskCount,
  totalDays: r.totalDays,
});

/** One page in creation order (limit undefined = all) and the total count. */
export const listPackages = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  f: PackageFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PackageView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db, lang).where(where).orderBy(asc(planPackages.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(planPackages).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findPackage = async (
  db: Db,
  tenantId: number,
  id: number,
  lang: Lang = 'zh-CN',
): Promise<PackageView | undefined> => {
  const [r] = await selectView(db, lang).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

/** The package's tasks by day offset then their order in the package. */
export const packageTasks = async (
  db: Db,
  tenantId: number,
  packageId: number,
  lang: Lang,
): Promise<PackageTaskView[]> => {
  const rows = await db
    .select({ task: planPackageTasks, taskTypeName: taskTypeLabel(lang) })
    .from(planPackageTasks)
    .leftJoin(
      taskTypes,
      and(eq(taskTypes.tenantId, planPackageTasks.tenantId), eq(taskTypes.id, planPackageTasks.taskTypeId)),
    )
    .where(and(eq(planPackageTasks.tenantId, tenantId), eq(planPackageTasks.packageId, packageId)))
    .orderBy(asc(planPackageTasks.dayOffset), asc(planPackageTasks.sortNo), asc(planPackageTasks.id));
  return rows.map((r) => ({ ...r.task, taskTypeName: r.taskTypeName }));
};

export const insertPackage = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: PackageValues,
): Promise<Written<PackageRow, 'name'>> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(planPackages)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('plan package insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updatePackage = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<PackageValues>,
): Promise<Written<PackageRow, 'name'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(planPackages)
      .set({ ...v, ...bump(userId, planPackages.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(planPackages.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Replaces the package's task list with tasks (one delete, one multi-row insert); sortNo is list order. */
export const replacePackageTasks = async (
  db: Db,
  tenantId: number,
  packageId: number,
  tasks: PackageTaskValues[],
): Promise<void> => {
  await db
    .delete(planPackageTasks)
    .where(and(eq(planPackageTasks.tenantId, tenantId), eq(planPackageTasks.packageId, packageId)));
  if (tasks.length === 0) return;
  await db.insert(planPackageTasks).values(tasks.map((t, i) => ({ tenantId, packageId, ...t, sortNo: i })));
};

export const deletePackage = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await db
    .delete(planPackageTasks)
    .where(and(eq(planPackageTasks.tenantId, tenantId), eq(planPackageTasks.packageId, id)));
  const gone = await db.delete(planPackages).where(byId(tenantId, id)).returning({ id: planPackages.id });
  return gone.length > 0;
};
