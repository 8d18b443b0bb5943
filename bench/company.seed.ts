// Seeds the company-administration benchmark's tenant straight into the real tables (one SQL statement per
// table, generate_series): 5,000 users, 500 organisation units, 50 roles, plus a second tenant sharing
// some of the users, so every query has other tenants' rows to skip. Used by bench/company.bench.ts.
import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/platform/db/client.js';

export const USERS = 5000;
export const UNITS = 500;
export const ROLES = 50;
const LOGIN_PREFIX = 'bench-u';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明'];
const SUFFIX = ['', '华', '平', '东', '霞', '国', '玉'];

const pgArray = (xs: readonly string[]): SQL => sql`string_to_array(${xs.join(',')}, ',')`;

/** Users numbered 1…n by id (the seed's numbering: n decides every user's roles, units and state). */
const seededUsers = sql.raw(
  `(select id, row_number() over (order by id) as n from users where login_name like '${LOGIN_PREFIX}%')`,
);

const exec = async (tx: Db, q: SQL): Promise<number> => {
  const r = (await tx.execute(q)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

export interface Seeded {
  /** A company (with its bases and departments): the unit filter's subtree. */
  companyId: number;
  /** The enterprise root (its subtree is the whole tree). */
  rootId: number;
  /** A custom role held by about 1 user in 50. */
  roleId: number;
}

/** Seeds tenant t (which already has its root unit and seeded roles) and a neighbour tenant. */
export const seedCompany = async (database: Database, t: number, neighbour: number): Promise<Seeded> => {
  // Global tables: accounts and memberships (no row-level security).
  await database.transaction(async (tx) => {
    await exec(
      tx,
      sql`insert into users (login_name, phone, real_name, password_hash, default_tenant_id)
        select ${LOGIN_PREFIX} || g, '139' || lpad(g::text, 8, '0'),
          (${pgArray(SURNAMES)})[1 + g % ${SURNAMES.length}]
            || (${pgArray(GIVEN)})[1 + (g / ${SURNAMES.length}) % ${GIVEN.length}]
            || coalesce((${pgArray(SUFFIX)})[1 + (g / 150) % ${SUFFIX.length}], ''),
          'bench-no-sign-in', ${t}
        from generate_series(1, ${USERS}) g`,
    );
    // One member in ten is disabled; one in ten also belongs to the neighbour tenant.
    await exec(
      tx,
      sql`insert into memberships (user_id, tenant_id, enabled, creation_date)
        select id, ${t}, n % 10 <> 0, now() - (n % 700) * interval '1 day' from ${seededUsers} u`,
    );
    await exec(
      tx,
      sql`insert into memberships (user_id, tenant_id) select id, ${neighbour} from ${seededUsers} u where n % 10 = 5`,
    );
    // Sign-ins (the list's "last sign-in" column): four users in five signed in once, half of them twice.
    await exec(
      tx,
      sql`insert into auth_sessions (id, user_id, source_type, creation_date, expires_at, revoked_at)
        select gen_random_uuid(), id, 'web', now() - (n % 90 + k) * interval '1 day',
          now() - (n % 90 + k - 30) * interval '1 day', now() - (n % 90 + k) * interval '1 day'
        from ${seededUsers} u cross join generate_series(0, 1) k
        where n % 5 <> 0 and (k = 0 or n % 2 = 0)`,
    );
  });

  return database.withTenant(t, async (tx) => {
    // The tree: root → 10 companies → 9 bases each (3 departments each) and 4 departments each (2 groups
    // each, the first 9 groups with a team under them): 1 + 10 + 90 + 270 + 40 + 80 + 9 = 500 units.
    const addUnits = (select: SQL) =>
      exec(
        tx,
        sql`insert into areas (tenant_id, area_name, organization_type, parent_id, sort, default_flag) ${select}`,
      );
    const unitsOf = (type: string, where = sql`true`) =>
      sql`(select id, row_number() over (order by id) as n from areas
        where tenant_id = ${t} and organization_type = ${type} and ${where})`;
    await addUnits(sql`select ${t}, '分公司 ' || g, 'company', r.id, g, 0
      from generate_series(1, 10) g, (select id from areas where tenant_id = ${t} and parent_id is null) r`);
    await addUnits(sql`select ${t}, '基地 ' || c.n || '-' || b, 'area', c.id, b, (c.n = 1 and b = 1)::int
      from ${unitsOf('company')} c cross join generate_series(1, 9) b`);
    await addUnits(sql`select ${t}, (array['生产部', '技术部', '综合部'])[d], 'department', a.id, d, 0
      from ${unitsOf('area')} a cross join generate_series(1, 3) d`);
    const companyDept = sql`parent_id in (select id from areas where tenant_id = ${t} and organization_type = 'company')`;
    await addUnits(sql`select ${t}, (array['财务部', '人事部', '销售部', '采购部'])[d], 'department', c.id, d, 0
      from ${unitsOf('company')} c cross join generate_series(1, 4) d`);
    await addUnits(sql`select ${t}, (array['一组', '二组'])[d], 'department', p.id, d, 0
      from ${unitsOf('department', companyDept)} p cross join generate_series(1, 2) d`);
    const groups = sql`parent_id in (select id from areas where tenant_id = ${t} and ${companyDept})`;
    await addUnits(sql`select ${t}, '小队', 'department', p.id, 1, 0
      from ${unitsOf('department', groups)} p where p.n <= 9`);

    // Staff: every member works in one unit below the root (spread over all 499), one in ten in a second.
    const nonRoot = sql`(select id, row_number() over (order by id) - 1 as k from areas
      where tenant_id = ${t} and parent_id is not null)`;
    await exec(
      tx,
      sql`insert into org_unit_members (tenant_id, unit_id, user_id)
        select ${t}::bigint, a.id, u.id from ${seededUsers} u join ${nonRoot} a on a.k = (u.n * 7919) % ${UNITS - 1}
        union
        select ${t}::bigint, a.id, u.id from ${seededUsers} u join ${nonRoot} a on a.k = (u.n * 104729) % ${UNITS - 1}
        where u.n % 10 = 3`,
    );
    // Each unit's head is one of the members.
    await exec(
      tx,
      sql`update areas set head_user_id = u.id from ${nonRoot} a, ${seededUsers} u
        where areas.tenant_id = ${t} and areas.id = a.id and u.n = a.k * 10 + 1`,
    );

    // Roles: the 3 seeded ones and 47 more, each with about a third of the catalogue.
    await exec(
      tx,
      sql`insert into roles (tenant_id, code, name_zh, name_en)
        select ${t}, 'bench-role-' || g, '角色 ' || g, 'Role ' || g from generate_series(1, ${ROLES - 3}) g`,
    );
    await exec(
      tx,
      sql`insert into role_permissions (tenant_id, role_id, permission_code)
        select ${t}, r.id, c.code from roles r
        cross join unnest(${pgArray(PERMISSION_CODES)}) with ordinality as c(code, i)
        where r.tenant_id = ${t} and r.code like 'bench-role-%' and (c.i + r.id) % 3 = 0`,
    );
    // Every member holds one role (one in 50 each), a quarter of them a second one.
    const allRoles = sql`(select id, row_number() over (order by id) - 1 as k from roles where tenant_id = ${t})`;
    await exec(
      tx,
      sql`insert into user_roles (tenant_id, user_id, role_id)
        select ${t}::bigint, u.id, r.id from ${seededUsers} u join ${allRoles} r on r.k = u.n % ${ROLES}
        union
        select ${t}::bigint, u.id, r.id from ${seededUsers} u join ${allRoles} r on r.k = (u.n * 7) % ${ROLES}
        where u.n % 4 = 0`,
    );
    // 60 plots on the first base: the hot farm list of the permission-check measurement.
    await exec(
      tx,
      sql`insert into lands (tenant_id, area_id, land_name, land_center, area_m2, area_mu)
        select ${t}, b.id, '地块 ' || g, '22.96,113.34', 3600, 5.4
        from generate_series(1, 60) g, (select id from areas where tenant_id = ${t} and default_flag = 1) b`,
    );
    const one = async (q: SQL) =>
      Number(((await tx.execute(q)) as unknown as { rows: { id: number | string }[] }).rows[0]?.id);
    return {
      rootId: await one(sql`select id from areas where tenant_id = ${t} and parent_id is null`),
      companyId: await one(
        sql`select id from areas where tenant_id = ${t} and organization_type = 'company' order by id limit 1`,
      ),
      roleId: await one(sql`select id from roles where tenant_id = ${t} and code = 'bench-role-7'`),
    };
  });
};

/** What the database itself counts for a filter (the answers are checked against it). */
export const countMembers = async (database: Database, t: number, where: SQL): Promise<number> =>
  database.withTenant(t, async (tx) => {
    const r =
      (await tx.execute(sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id
      where m.tenant_id = ${t} and ${where}`)) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]?.n ?? -1);
  });

export const countUnits = async (database: Database, t: number): Promise<number> =>
  database.withTenant(t, async (tx) => {
    const r = (await tx.execute(
      sql`select count(*)::int as n from areas where tenant_id = ${t}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]?.n ?? -1);
  });
