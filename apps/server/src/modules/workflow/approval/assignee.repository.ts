import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';

// Who may receive a task: enabled users with an enabled membership of the tenant. Reads identity and
// organisation tables by SQL (read only; they are the source of truth for people and units).

/** A bigint[] literal of ids (numbers only, so nothing to escape). */
export const idArray = (a: Iterable<number>): string =>
  `{${[...a].map((n) => Math.trunc(Number(n))).join(',')}}`;

const ids = (r: unknown): number[] => rowsOf<{ id: string | number }>(r).map((x) => Number(x.id));

/** The given users that are active members of the tenant, in the order given. */
export const activeMembers = async (
  db: Db,
  tenantId: number,
  userIds: readonly number[],
): Promise<number[]> => {
  if (userIds.length === 0) return [];
  const found = new Set(
    ids(
      await db.execute(sql`select u.id from users u
        join memberships m on m.user_id = u.id and m.tenant_id = ${tenantId} and m.enabled
        where u.enabled and u.id = any(${idArray(userIds)}::bigint[])`),
    ),
  );
  return userIds.filter((id) => found.has(id));
};

/** Active holders of any of the roles, by user id. */
export const roleHolders = async (db: Db, tenantId: number, roleIds: readonly number[]): Promise<number[]> =>
  ids(
    await db.execute(sql`select distinct ur.user_id as id from user_roles ur
      join users u on u.id = ur.user_id and u.enabled
      join memberships m on m.user_id = ur.user_id and m.tenant_id = ${tenantId} and m.enabled
      where ur.tenant_id = ${tenantId} and ur.role_id = any(${idArray(roleIds)}::bigint[])
      order by ur.user_id`),
  );

/** Active holders of the seeded tenant-admin role: who gets a step nobody else matches. */
export const tenantAdmins = async (db: Db, tenantId: number): Promise<number[]> =>
  ids(
    await db.execute(sql`select distinct ur.user_id as id from user_roles ur
      join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.code = 'tenant-admin'
      join users u on u.id = ur.user_id and u.enabled
      join memberships m on m.user_id = ur.user_id and m.tenant_id = ${tenantId} and m.enabled
      where ur.tenant_id = ${tenantId} order by ur.user_id`),
  );

/** The applicant's unit and the units above it, nearest first, with their heads. */
export const unitChain = async (
  db: Db,
  tenantId: number,
  unitId: number,
): Promise<{ id: number; headUserId: number | null }[]> => {
  const r = await db.execute(sql`
    with recursive up(id, parent_id, head_user_id, depth) as (
      select id, parent_id, head_user_id, 0 from areas where tenant_id = ${tenantId} and id = ${unitId}
      union all
      select a.id, a.parent_id, a.head_user_id, up.depth + 1
      from areas a join up on a.id = up.parent_id
      where a.tenant_id = ${tenantId} and up.depth < 100
    )
    select id, head_user_id from up order by depth`);
  return rowsOf<{ id: string | number; head_user_id: string | number | null }>(r).map((x) => ({
    id: Number(x.id),
    headUserId: x.head_user_id === null ? null : Number(x.head_user_id),
  }));
};

/** The unit a user works in (their first by id), or null. */
export const firstUnitOf = async (db: Db, tenantId: number, userId: number): Promise<number | null> => {
  const r = await db.execute(sql`select unit_id as id from org_unit_members
    where tenant_id = ${tenantId} and user_id = ${userId} order by unit_id limit 1`);
  return ids(r)[0] ?? null;
};

/** Whom each user's new tasks go to now (an active delegation to an active member), by user id. */
export const delegatesNow = async (
  db: Db,
  tenantId: number,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> => {
  if (userIds.length === 0) return new Map();
  const r = await db.execute(sql`select distinct on (d.user_id) d.user_id, d.delegate_id
    from approval_delegations d
    join users u on u.id = d.delegate_id and u.enabled
    join memberships m on m.user_id = d.delegate_id and m.tenant_id = ${tenantId} and m.enabled
    where d.tenant_id = ${tenantId} and d.user_id = any(${idArray(userIds)}::bigint[])
      and d.start_time <= ${now} and d.end_time > ${now}
    order by d.user_id, d.start_time desc`);
  return new Map(
    rowsOf<{ user_id: string | number; delegate_id: string | number }>(r).map((x) => [
      Number(x.user_id),
      Number(x.delegate_id),
    ]),
  );
};

/** Display names of users (real name, else login name). */
export const userNames = async (db: Db, userIds: readonly number[]): Promise<Map<number, string>> => {
  if (userIds.length === 0) return new Map();
  const r = await db.execute(sql`select id, coalesce(nullif(real_name, ''), login_name) as name from users
    where id = any(${idArray(userIds)}::bigint[])`);
  return new Map(rowsOf<{ id: string | number; name: string }>(r).map((x) => [Number(x.id), x.name]));
};
