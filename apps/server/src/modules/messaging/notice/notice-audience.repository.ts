import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { notices } from './notice.tables.js';

// Who an announcement addresses (issue 19 item 1): the whole tenant, or chosen roles and / or organisation
// units with every unit under them. Platform announcements (tenant 0) address everyone of every tenant.
// Membership is evaluated when read, so a user given the role (or moved into the unit) later sees it too.

/** A bigint[] literal of ids (numbers only, so a bound text parameter is safe). */
const idArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]`;

/** Whether the reader (tenant, user) is in the audience of the `notices` row of the enclosing query. */
export const inAudience = (tenantId: number, userId: number): SQL => sql`(
  (cardinality(${notices.audienceRoleIds}) = 0 and cardinality(${notices.audienceUnitIds}) = 0)
  or (${notices.tenantId} = ${tenantId} and (
    ${notices.audienceRoleIds} && array(
      select ur.role_id from user_roles ur where ur.tenant_id = ${tenantId} and ur.user_id = ${userId})
    or ${notices.audienceUnitIds} && array(
      with recursive up(id, parent_id) as (
        select a.id, a.parent_id from areas a
          join org_unit_members m on m.tenant_id = a.tenant_id and m.unit_id = a.id
          where m.tenant_id = ${tenantId} and m.user_id = ${userId}
        union
        select a.id, a.parent_id from areas a join up on a.id = up.parent_id where a.tenant_id = ${tenantId}
      ) select id from up)
  ))
)`;

export interface AudienceOf {
  tenantId: number;
  id: number;
  audienceRoleIds: readonly number[];
  audienceUnitIds: readonly number[];
}

/** The enabled members an announcement addresses now, each with its read time (null = unread). */
const audienceSql = (n: AudienceOf): SQL => {
  const platform = n.tenantId === PLATFORM_TENANT_ID;
  const everyone = n.audienceRoleIds.length === 0 && n.audienceUnitIds.length === 0;
  const who = platform
    ? sql`true`
    : everyone
      ? sql`m.tenant_id = ${n.tenantId}`
      : sql`m.tenant_id = ${n.tenantId} and (
          exists (select 1 from user_roles ur where ur.tenant_id = m.tenant_id and ur.user_id = m.user_id
                  and ur.role_id = any(${idArray(n.audienceRoleIds)}))
          or exists (
            with recursive sub(id) as (
              select id from areas where tenant_id = ${n.tenantId} and id = any(${idArray(n.audienceUnitIds)})
              union
              select a.id from areas a join sub on a.parent_id = sub.id where a.tenant_id = ${n.tenantId}
            )
            select 1 from org_unit_members om join sub on om.unit_id = sub.id
            where om.tenant_id = m.tenant_id and om.user_id = m.user_id))`;
  return sql`select m.tenant_id, m.user_id, u.login_name, u.real_name, nr.read_date
    from memberships m
    join users u on u.id = m.user_id
    left join notice_reads nr on nr.tenant_id = m.tenant_id and nr.user_id = m.user_id
      and nr.notice_tenant_id = ${n.tenantId} and nr.notice_id = ${n.id}
    where m.enabled and u.enabled and ${who}`;
};

export interface AudienceStats {
  readCount: number;
  audienceCount: number;
}

export const audienceStats = async (db: Db, n: AudienceOf): Promise<AudienceStats> => {
  const [r] = rowsOf<{ a: string | number; r: string | number }>(
    await db.execute(sql`select count(*) as a, count(x.read_date) as r from (${audienceSql(n)}) x`),
  );
  return { audienceCount: Number(r?.a ?? 0), readCount: Number(r?.r ?? 0) };
};

export interface ReaderRow {
  tenantId: number;
  userId: number;
  loginName: string;
  realName: string;
  readDate: Date | null;
}

export interface ReadersFilter {
  readFlag?: number | undefined;
  keyword?: string | undefined;
}

/** Readers first (latest first), then the unread, by user id. */
export const listAudience = async (
  db: Db,
  n: AudienceOf,
  f: ReadersFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ReaderRow[]; total: number }> => {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = sql.join(
    [
      sql`true`,
      f.readFlag === 1 ? sql`x.read_date is not null` : undefined,
      f.readFlag === 0 ? sql`x.read_date is null` : undefined,
      like ? sql`(x.login_name ilike ${like} or x.real_name ilike ${like})` : undefined,
    ].filter((s): s is SQL => s !== undefined),
    sql` and `,
  );
  const raw = rowsOf<{
    tenant_id: string | number;
    user_id: string | number;
    login_name: string;
    real_name: string;
    read_date: string | Date | null;
  }>(
    await db.execute(sql`select * from (${audienceSql(n)}) x where ${where}
      order by x.read_date desc nulls last, x.tenant_id, x.user_id limit ${limit} offset ${offset}`),
  );
  const [c] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from (${audienceSql(n)}) x where ${where}`),
  );
  return {
    rows: raw.map((r) => ({
      tenantId: Number(r.tenant_id),
      userId: Number(r.user_id),
      loginName: r.login_name,
      realName: r.real_name,
      readDate: r.read_date === null ? null : new Date(r.read_date),
    })),
    total: Number(c?.n ?? 0),
  };
};

/** Which of `ids` are not roles (or units) of the tenant. */
export const missingIds = async (
  db: Db,
  kind: 'roles' | 'units',
  tenantId: number,
  ids: readonly number[],
): Promise<number[]> => {
  if (ids.length === 0) return [];
  const table = kind === 'roles' ? sql`roles` : sql`areas`;
  const found = new Set(
    rowsOf<{ id: string | number }>(
      await db.execute(
        sql`select id from ${table} where tenant_id = ${tenantId} and id = any(${idArray(ids)})`,
      ),
    ).map((r) => Number(r.id)),
  );
  return ids.filter((i) => !found.has(i));
};

export interface AudienceOptions {
  roles: { id: number; code: string; nameZh: string; nameEn: string }[];
  units: { id: number; name: string; parentId: number | null; organizationType: string }[];
}

/** The tenant's roles and organisation units, for the announcement form's audience picker. */
export const audienceOptions = async (db: Db, tenantId: number): Promise<AudienceOptions> => {
  const roles = rowsOf<{ id: string | number; code: string; name_zh: string; name_en: string }>(
    await db.execute(
      sql`select id, code, name_zh, name_en from roles where tenant_id = ${tenantId} order by id`,
    ),
  );
  const units = rowsOf<{
    id: string | number;
    area_name: string;
    parent_id: string | number | null;
    organization_type: string;
  }>(
    await db.execute(sql`select id, area_name, parent_id, organization_type from areas
      where tenant_id = ${tenantId} order by sort, id`),
  );
  return {
    roles: roles.map((r) => ({ id: Number(r.id), code: r.code, nameZh: r.name_zh, nameEn: r.name_en })),
    units: units.map((u) => ({
      id: Number(u.id),
      name: u.area_name,
      parentId: u.parent_id === null ? null : Number(u.parent_id),
      organizationType: u.organization_type,
    })),
  };
};
