import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { memberships, users } from '../../identity/identity/index.js';
import { alarmRules, alarmStaff } from './alarm.tables.js';

export type StaffRow = typeof alarmStaff.$inferSelect;
export type StaffView = StaffRow & { userName: string | null };

export interface StaffValues {
  name: string;
  userId: number | null;
  phone: string | null;
  notifyInApp: boolean;
  notifySms: boolean;
  minSeverity: string;
  enabledFlag: number;
}

const byId = (tenantId: number, id: number): SQL =>
  and(eq(alarmStaff.tenantId, tenantId), eq(alarmStaff.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const view = (db: Db) =>
  db
    .select({ staff: alarmStaff, userName: users.realName })
    .from(alarmStaff)
    .leftJoin(users, eq(users.id, alarmStaff.userId));

export const listStaff = async (
  db: Db,
  tenantId: number,
  f: { name?: string | undefined; enabledFlag?: number | undefined },
  limit?: number,
  offset = 0,
): Promise<{ rows: StaffView[]; total: number }> => {
  const parts: SQL[] = [eq(alarmStaff.tenantId, tenantId)];
  if (f.name) parts.push(ilike(alarmStaff.name, `%${escapeLike(f.name)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(alarmStaff.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const { rows, total } = await pageRows(
    view(db).where(where).orderBy(asc(alarmStaff.name), desc(alarmStaff.id)),
    () => db.select({ n: count() }).from(alarmStaff).where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.staff, userName: r.userName })), total };
};

export const findStaff = async (db: Db, tenantId: number, id: number): Promise<StaffView | undefined> => {
  const [r] = await view(db).where(byId(tenantId, id));
  return r ? { ...r.staff, userName: r.userName } : undefined;
};

export const staffByIds = (db: Db, tenantId: number, ids: readonly number[]): Promise<StaffRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(alarmStaff)
        .where(and(eq(alarmStaff.tenantId, tenantId), inArray(alarmStaff.id, [...ids])));

export const staffNameTaken = async (
  db: Db,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> => {
  const [r] = await db
    .select({ id: alarmStaff.id })
    .from(alarmStaff)
    .where(
      and(
        eq(alarmStaff.tenantId, tenantId),
        sql`lower(${alarmStaff.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(alarmStaff.id, exceptId),
      ),
    );
  return r !== undefined;
};

export const insertStaff = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: StaffValues,
): Promise<number> => {
  const [r] = await db
    .insert(alarmStaff)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: alarmStaff.id });
  if (!r) throw new Error('alarm staff insert returned nothing');
  return r.id;
};

export const updateStaff = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: StaffValues,
): Promise<boolean> => {
  const r = await db
    .update(alarmStaff)
    .set({ ...v, ...bump(userId, alarmStaff.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(alarmStaff.objectVersionNumber, version)))
    .returning({ id: alarmStaff.id });
  return r.length > 0;
};

/** Deletes a contact and takes it off every rule that named it. */
export const deleteStaff = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(alarmStaff).where(byId(tenantId, id)).returning({ id: alarmStaff.id });
  if (gone.length === 0) return false;
  await db
    .update(alarmRules)
    .set({
      staffIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${alarmRules.staffIds}) e where e <> to_jsonb(${id}::bigint))`,
    })
    .where(
      and(eq(alarmRules.tenantId, tenantId), sql`${alarmRules.staffIds} @> to_jsonb(array[${id}::bigint])`),
    );
  return true;
};

export const memberUsers = (db: Db, tenantId: number) =>
  db
    .select({ userId: users.id, loginName: users.loginName, realName: users.realName, phone: users.phone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.enabled, true)))
    .orderBy(asc(users.realName), asc(users.id));
