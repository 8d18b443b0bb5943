import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { memberships, users } from '../identity/index.js';
import { areas, orgUnitMembers } from './organization.tables.js';

// The unit writes of the tree (ADR 0011): farm/area writes bases through these too.

export type UnitRow = typeof areas.$inferSelect;
export const ENTERPRISE = 'enterprise';

export interface UnitValues {
  areaName: string;
  areaNum: string | null;
  areaCenter: string | null;
  areaSize: string | null;
  organizationType: string;
  parentId: number | null;
  areaUsage: string;
  defaultFlag: number;
  headUserId: number | null;
  sort: number;
}

/** Which unique rule an insert or update broke, if any. */
export type UnitConflict = 'name' | 'num';
export type UnitWrite = Written<UnitRow, UnitConflict>;

const byTenant = (tenantId: number): SQL => eq(areas.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(areas.id, id)) as SQL;
const UNIQUE = { areas_num_uq: 'num', areas_name_uq: 'name', areas_dept_name_uq: 'name' } as const;

/**
 * The tenant's unit lock: every write that counts bases, moves the default flag or changes the tree's
 * shape takes it first (the root row, `for update`; an advisory lock for a tenant without a root yet), so
 * two moves cannot make a cycle and two creates cannot leave two defaults.
 */
export const lockUnits = async (db: Db, tenantId: number): Promise<void> => {
  const root = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, ENTERPRISE)))
    .for('update');
  if (root.length === 0) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`areas:${tenantId}`}, 0))`);
  }
};

export const findUnit = async (db: Db, tenantId: number, id: number): Promise<UnitRow | undefined> => {
  const [r] = await db.select().from(areas).where(byId(tenantId, id));
  return r;
};

export const findRoot = async (db: Db, tenantId: number): Promise<UnitRow | undefined> => {
  const [r] = await db
    .select()
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, ENTERPRISE)));
  return r;
};

/** Makes the tenant's enterprise root (tenant creation; the demo; a no-op when it exists). */
export const insertRootUnit = async (db: Db, tenantId: number, name: string): Promise<UnitRow> => {
  const existing = await findRoot(db, tenantId);
  if (existing) return existing;
  const [r] = await db
    .insert(areas)
    .values({ tenantId, areaName: name.slice(0, 60), organizationType: ENTERPRISE, parentId: null })
    .returning();
  if (!r) throw new Error('root unit insert returned nothing');
  return r;
};

export const insertUnit = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: UnitValues,
): Promise<UnitWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(areas)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('unit insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version (the caller tells 404 from 409). */
export const updateUnit = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<UnitValues>,
): Promise<UnitWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(areas)
      .set({ ...v, ...bump(userId, areas.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(areas.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Makes id the only default base of the tenant; answers the updated row. */
export const makeDefaultBase = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
): Promise<UnitRow | undefined> => {
  const audit = bump(userId, areas.objectVersionNumber);
  await db
    .update(areas)
    .set({ defaultFlag: 0, ...audit })
    .where(and(byTenant(tenantId), eq(areas.defaultFlag, 1), ne(areas.id, id)));
  const [current] = await db.select().from(areas).where(byId(tenantId, id));
  if (!current || current.defaultFlag === 1) return current;
  const [r] = await db
    .update(areas)
    .set({ defaultFlag: 1, ...audit })
    .where(byId(tenantId, id))
    .returning();
  return r;
};

/** Deletes one unit (only at this version when one is given); answers whether a row went. */
export const deleteUnit = async (
  db: Db,
  tenantId: number,
  id: number,
  version?: number,
): Promise<boolean> => {
  const where =
    version === undefined
      ? byId(tenantId, id)
      : and(byId(tenantId, id), eq(areas.objectVersionNumber, version));
  const gone = await db.delete(areas).where(where).returning({ id: areas.id });
  return gone.length > 0;
};

export const countChildUnits = async (db: Db, tenantId: number, id: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.parentId, id)));
  return c?.n ?? 0;
};

/** Whether `candidate` is `unitId` or one of its descendants (one recursive query, under the unit lock). */
export const isSelfOrDescendant = async (
  db: Db,
  tenantId: number,
  unitId: number,
  candidate: number,
): Promise<boolean> => {
  const r = await db.execute(sql`
    with recursive sub(id) as (
      select id from areas where tenant_id = ${tenantId} and id = ${unitId}
      union
      select a.id from areas a join sub on a.parent_id = sub.id where a.tenant_id = ${tenantId}
    )
    select exists (select 1 from sub where id = ${candidate}) as hit`);
  return rowsOf<{ hit: boolean }>(r)[0]?.hit === true;
};

/** The ids of the unit and every unit under it, as a subquery (a filter by subtree in one statement). */
export const subtreeIdsSql = (tenantId: number, unitId: number): SQL => sql`
  with recursive sub(id) as (
    select id from areas where tenant_id = ${tenantId} and id = ${unitId}
    union
    select a.id from areas a join sub on a.parent_id = sub.id where a.tenant_id = ${tenantId}
  )
  select id from sub`;

/** The unit and every unit under it (exported: data scopes and announcements address subtrees). */
export const unitAndDescendants = async (db: Db, tenantId: number, unitId: number): Promise<number[]> => {
  const r = await db.execute(sql`
    with recursive sub(id) as (
      select id from areas where tenant_id = ${tenantId} and id = ${unitId}
      union
      select a.id from areas a join sub on a.parent_id = sub.id where a.tenant_id = ${tenantId}
    )
    select id from sub order by id`);
  return rowsOf<{ id: string | number }>(r).map((x) => Number(x.id));
};

/** The units each of these users is staff of, by name (the user list's column). */
export const unitsOfUsers = async (
  db: Db,
  tenantId: number,
  userIds: readonly number[],
): Promise<{ userId: number; unitId: number; name: string }[]> => {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: orgUnitMembers.userId, unitId: areas.id, name: areas.areaName })
    .from(orgUnitMembers)
    .innerJoin(areas, and(eq(areas.tenantId, orgUnitMembers.tenantId), eq(areas.id, orgUnitMembers.unitId)))
    .where(and(eq(orgUnitMembers.tenantId, tenantId), inArray(orgUnitMembers.userId, [...userIds])))
    .orderBy(asc(areas.sort), asc(areas.id));
};

/** The head of the unit, or of the nearest unit above it with one (approvals' "department head"). */
export const headOf = async (db: Db, tenantId: number, unitId: number): Promise<number | undefined> => {
  const r = await db.execute(sql`
    with recursive up(id, parent_id, head_user_id, depth) as (
      select id, parent_id, head_user_id, 0 from areas where tenant_id = ${tenantId} and id = ${unitId}
      union all
      select a.id, a.parent_id, a.head_user_id, up.depth + 1
      from areas a join up on a.id = up.parent_id
      where a.tenant_id = ${tenantId} and up.depth < 100
    )
    select head_user_id from up where head_user_id is not null order by depth limit 1`);
  const head = rowsOf<{ head_user_id: string | number | null }>(r)[0]?.head_user_id;
  return head === undefined || head === null ? undefined : Number(head);
};

/** The unit a user works in: the first of their units by id (undefined when they are staff nowhere). */
export const unitOf = async (db: Db, tenantId: number, userId: number): Promise<number | undefined> => {
  const [r] = await db
    .select({ unitId: orgUnitMembers.unitId })
    .from(orgUnitMembers)
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.userId, userId)))
    .orderBy(asc(orgUnitMembers.unitId))
    .limit(1);
  return r?.unitId;
};

/** What the tree shows of a unit: its place, name, head and staff count (not the base-only columns). */
export interface TreeRow {
  id: number;
  areaName: string;
  organizationType: string;
  parentId: number | null;
  headUserId: number | null;
  headName: string | null;
  sort: number;
  staffCount: number;
  objectVersionNumber: number;
}

/**
 * Every unit of the tenant (or only unit `onlyId`) with its head's name and staff count, parents' order
 * (sort, then id). Only the columns the tree shows: 500 units of full rows cost more to decode than to read.
 */
export const listUnitsForTree = async (db: Db, tenantId: number, onlyId?: number): Promise<TreeRow[]> => {
  const staff = db
    .select({ tenantId: orgUnitMembers.tenantId, unitId: orgUnitMembers.unitId, n: count().as('n') })
    .from(orgUnitMembers)
    .where(
      and(
        eq(orgUnitMembers.tenantId, tenantId),
        onlyId === undefined ? undefined : eq(orgUnitMembers.unitId, onlyId),
      ),
    )
    .groupBy(orgUnitMembers.tenantId, orgUnitMembers.unitId)
    .as('staff');
  const rows = await db
    .select({
      id: areas.id,
      areaName: areas.areaName,
      organizationType: areas.organizationType,
      parentId: areas.parentId,
      headUserId: areas.headUserId,
      headName: users.realName,
      sort: areas.sort,
      staffCount: staff.n,
      objectVersionNumber: areas.objectVersionNumber,
    })
    .from(areas)
    .leftJoin(users, eq(users.id, areas.headUserId))
    .leftJoin(staff, and(eq(staff.tenantId, areas.tenantId), eq(staff.unitId, areas.id)))
    .where(onlyId === undefined ? byTenant(tenantId) : byId(tenantId, onlyId))
    .orderBy(asc(areas.sort), asc(areas.id));
  return rows.map((r) => ({ ...r, staffCount: Number(r.staffCount ?? 0) }));
};

export const countStaff = async (db: Db, tenantId: number, unitId: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(orgUnitMembers)
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.unitId, unitId)));
  return c?.n ?? 0;
};

export const listStaff = async (db: Db, tenantId: number, unitId: number) =>
  db
    .select({ userId: users.id, realName: users.realName, loginName: users.loginName, phone: users.phone })
    .from(orgUnitMembers)
    .innerJoin(users, eq(users.id, orgUnitMembers.userId))
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.unitId, unitId)))
    .orderBy(asc(users.id));

/** Which of these users are members of the tenant. */
export const membersAmong = async (db: Db, tenantId: number, userIds: number[]): Promise<Set<number>> => {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
};

/** Replaces the staff of a unit. */
export const setStaff = async (
  db: Db,
  tenantId: number,
  unitId: number,
  userIds: number[],
): Promise<void> => {
  await db
    .delete(orgUnitMembers)
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.unitId, unitId)));
  if (userIds.length > 0) {
    await db.insert(orgUnitMembers).values(userIds.map((userId) => ({ tenantId, unitId, userId })));
  }
};

export const unitsOfUser = async (db: Db, tenantId: number, userId: number) =>
  db
    .select({ unitId: areas.id, name: areas.areaName, organizationType: areas.organizationType })
    .from(orgUnitMembers)
    .innerJoin(areas, and(eq(areas.tenantId, orgUnitMembers.tenantId), eq(areas.id, orgUnitMembers.unitId)))
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.userId, userId)))
    .orderBy(asc(areas.id));

/** Replaces the units a user is staff of. */
export const setUnitsOfUser = async (
  db: Db,
  tenantId: number,
  userId: number,
  unitIds: number[],
): Promise<void> => {
  await db
    .delete(orgUnitMembers)
    .where(and(eq(orgUnitMembers.tenantId, tenantId), eq(orgUnitMembers.userId, userId)));
  if (unitIds.length > 0) {
    await db.insert(orgUnitMembers).values(unitIds.map((unitId) => ({ tenantId, unitId, userId })));
  }
};

export const findUnits = async (db: Db, tenantId: number, ids: number[]): Promise<UnitRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(areas)
        .where(and(byTenant(tenantId), inArray(areas.id, ids)));

/** Demo seeding: adds staff without replacing (ignores ones already there). */
export const addStaff = async (
  db: Db,
  tenantId: number,
  unitId: number,
  userIds: number[],
): Promise<void> => {
  if (userIds.length === 0) return;
  await db
    .insert(orgUnitMembers)
    .values(userIds.map((userId) => ({ tenantId, unitId, userId })))
    .onConflictDoNothing();
};

export const hasBase = async (db: Db, tenantId: number): Promise<boolean> => {
  const [r] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, 'area')))
    .limit(1);
  return r !== undefined;
};

/** The tenant's oldest base (it inherits the default flag). */
export const oldestBase = async (db: Db, tenantId: number): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, 'area')))
    .orderBy(asc(areas.creationDate), asc(areas.id))
    .limit(1);
  return r?.id;
};

/** Members of the tenant (the head and staff pickers). */
export const tenantMembers = async (db: Db, tenantId: number) =>
  db
    .select({ userId: users.id, realName: users.realName, loginName: users.loginName, phone: users.phone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(users.id));
