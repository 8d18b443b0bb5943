import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { containsFilter, escapeLike } from '../../../platform/db/like.js';
import { userRoles } from '../access/index.js';
import { orgUnitMembers, subtreeIdsSql } from '../organization/index.js';
import { authSessions, memberships, users } from './identity.tables.js';

// The users of one tenant as its administrator sees them: accounts (global) joined to memberships.

export interface MemberFilter {
  realName?: string | undefined;
  phone?: string | undefined;
  roleId?: number | undefined;
  enabled?: boolean | undefined;
  /** Staff of this unit or of any unit under it. */
  unitId?: number | undefined;
}

const columns = {
  id: users.id,
  loginName: users.loginName,
  realName: users.realName,
  phone: users.phone,
  platformAdmin: users.platformAdmin,
  enabled: memberships.enabled,
  joinedAt: memberships.creationDate,
  objectVersionNumber: users.objectVersionNumber,
  lastSignInAt: sql<
    Date | string | null
  >`(select max(${authSessions.creationDate}) from ${authSessions} where ${authSessions.userId} = ${users.id})`,
  otherTenants: sql<number>`(select count(*)::int from ${memberships} m2 where m2.user_id = ${users.id} and m2.tenant_id <> ${memberships.tenantId})`,
};
export type MemberRow = {
  id: number;
  loginName: string;
  realName: string;
  phone: string | null;
  platformAdmin: boolean;
  enabled: boolean;
  joinedAt: Date;
  objectVersionNumber: number;
  lastSignInAt: Date | string | null;
  otherTenants: number;
};

const whereOf = (tenantId: number, f: MemberFilter) => {
  const name = containsFilter(f.realName);
  const phone = containsFilter(f.phone);
  return and(
    eq(memberships.tenantId, tenantId),
    name ? ilike(users.realName, `%${escapeLike(name)}%`) : undefined,
    phone ? ilike(users.phone, `%${escapeLike(phone)}%`) : undefined,
    f.enabled === undefined ? undefined : eq(memberships.enabled, f.enabled),
    f.roleId === undefined
      ? undefined
      : sql`exists (select 1 from ${userRoles} where ${userRoles.tenantId} = ${tenantId} and ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${f.roleId})`,
    // The subtree is expanded in the same statement (no id list sent back and forth).
    f.unitId === undefined
      ? undefined
      : sql`${users.id} in (select ${orgUnitMembers.userId} from ${orgUnitMembers} where ${orgUnitMembers.tenantId} = ${tenantId} and ${orgUnitMembers.unitId} in (${subtreeIdsSql(tenantId, f.unitId)}))`,
  );
};

export const listMemberRows = async (
  db: Db,
  tenantId: number,
  f: MemberFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: MemberRow[]; total: number }> => {
  const where = whereOf(tenantId, f);
  const joined = <S extends SelectedFields>(fields: S) =>
    db.select(fields).from(memberships).innerJoin(users, eq(users.id, memberships.userId));
  if (limit === undefined) {
    const rows = await joined(columns).where(where).orderBy(asc(users.id));
    return { rows, total: rows.length };
  }
  // The page's ids first, then the columns of those rows only: the per-row subqueries (last sign-in,
  // other tenants) would otherwise run for every row the offset skips (page 200 of 5,000 users).
  const page = joined({ userId: memberships.userId })
    .where(where)
    .orderBy(asc(memberships.userId))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await joined(columns)
    .innerJoin(page, eq(page.userId, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(users.id));
  const [c] = await joined({ n: count() }).where(where);
  return { rows, total: c?.n ?? 0 };
};

export const findMemberRow = async (
  db: Db,
  tenantId: number,
  userId: number,
): Promise<MemberRow | undefined> => {
  const [r] = await db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return r;
};

/** Locks the membership row, so concurrent changes of one member run one after the other. */
export const lockMembership = async (db: Db, tenantId: number, userId: number): Promise<boolean> => {
  const rows = await db
    .select({ u: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .for('update');
  return rows.length === 1;
};

export const setMembershipEnabled = async (db: Db, tenantId: number, userId: number, enabled: boolean) => {
  await db
    .update(memberships)
    .set({ enabled })
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
};

export const deleteMembership = async (db: Db, tenantId: number, userId: number) => {
  await db.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
};

/** Optimistic update of the account's name and phone (the login name follows a phone login). */
export const updateAccount = async (
  db: Db,
  id: number,
  version: number,
  v: { realName: string; phone: string; loginName: string },
): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ ...v, lastUpdateDate: new Date(), objectVersionNumber: sql`${users.objectVersionNumber} + 1` })
    .where(and(eq(users.id, id), eq(users.objectVersionNumber, version)))
    .returning({ id: users.id });
  return rows.length === 1;
};

/** Another account already using this phone or login name. */
export const phoneTakenByOther = async (db: Db, phone: string, userId: number): Promise<boolean> => {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        sql`(${users.phone} = ${phone} or lower(${users.loginName}) = lower(${phone}))`,
      ),
    )
    .limit(1);
  return r !== undefined;
};

/** Accounts using any of these phones as phone or login name (the import refuses those rows). */
export const accountsByPhones = async (db: Db, phones: readonly string[]): Promise<Set<string>> => {
  if (phones.length === 0) return new Set();
  const rows = await db
    .select({ phone: users.phone, loginName: users.loginName })
    .from(users)
    .where(
      or(
        inArray(users.phone, [...phones]),
        inArray(
          sql`lower(${users.loginName})`,
          phones.map((p) => p.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.flatMap((r) => [r.phone ?? '', r.loginName.toLowerCase()]));
};
