import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique } from '../../../platform/db/writes.js';
import { containsText, type Written } from './crop.repository.js';
import { taskTypes } from './crop.tables.js';

export type TaskTypeRow = typeof taskTypes.$inferSelect;

export interface TaskTypeValues {
  typeName: string;
  typeEnName: string | null;
  typeCode: string | null;
  color: string | null;
  description: string | null;
  enabledFlag: number;
}

export type TaskTypeClash = 'name' | 'code';

const byTenant = (tenantId: number): SQL => eq(taskTypes.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(taskTypes.id, id)) as SQL;

export interface TaskTypeFilter {
  typeName?: string | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: TaskTypeFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.typeName) parts.push(ilike(taskTypes.typeName, containsText(f.typeName)));
  if (f.enabledFlag !== undefined) parts.push(eq(taskTypes.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

/** One page in creation order (limit undefined = all) and the total count. */
export const listTaskTypes = async (
  db: Db,
  tenantId: number,
  f: TaskTypeFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: TaskTypeRow[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = db.select().from(taskTypes).where(where).orderBy(asc(taskTypes.id));
  return pageRows(q, () => db.select({ n: count() }).from(taskTypes).where(where), limit, offset);
};

export const findTaskType = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<TaskTypeRow | undefined> => {
  const [r] = await db.select().from(taskTypes).where(byId(tenantId, id));
  return r;
};

/** Which rule another task type already holds: its name or its code, within the tenant. */
export const findTaskTypeClash = async (
  db: Db,
  tenantId: number,
  v: { typeName: string; typeCode: string | null },
  exceptId?: number,
): Promise<TaskTypeClash | undefined> => {
  const others =
    exceptId === undefined ? byTenant(tenantId) : and(byTenant(tenantId), ne(taskTypes.id, exceptId));
  const [byName] = await db
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(and(others, eq(taskTypes.typeName, v.typeName)))
    .limit(1);
  if (byName) return 'name';
  if (v.typeCode === null) return undefined;
  const [byCode] = await db
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(and(others, eq(taskTypes.typeCode, v.typeCode)))
    .limit(1);
  return byCode ? 'code' : undefined;
};

export const insertTaskType = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: TaskTypeValues,
): Promise<Written<TaskTypeRow>> => {
  const res = await guardUnique({ task_types_name_uq: 'name' }, async () => {
    const [r] = await db
      .insert(taskTypes)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('task type insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateTaskType = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<TaskTypeValues>,
): Promise<Written<TaskTypeRow> | undefined> =>
  guardUnique({ task_types_name_uq: 'name' }, async () => {
    const [r] = await db
      .update(taskTypes)
      .set({ ...v, ...bump(userId, taskTypes.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(taskTypes.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteTaskType = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(taskTypes).where(byId(tenantId, id)).returning({ id: taskTypes.id });
  return gone.length > 0;
};
