import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { memberships, users } from '../identity/index.js';
import { roleBases, rolePermissions, roles, userRoles } from './access.tables.js';

export type RoleRow = typeof roles.$inferSelect;

export const listRoles = async (
  db: Db,
): Promise<(RoleRow & { permissions: string[]; baseIds: number[]; holderCount: number })[]> => {
  const rs = await db.select().from(roles).orderBy(asc(roles.id));
  // Ordered: a role's codes read the same before and after a save that rewrote its rows.
  const perms = await db
    .select()
    .from(rolePermissions)
    .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionCode));
  const bases = await db.select().from(roleBases).orderBy(asc(roleBases.areaId));
  // Holders are members of the tenant (user_roles rows of a removed member are deleted with the membership).
  const holders = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, userRoles.userId), eq(memberships.tenantId, userRoles.tenantId)),
    )
    .groupBy(userRoles.roleId);
  const byRole = new Map<number, string[]>();
  for (const p of perms) byRole.set(p.roleId, [...(byRole.get(p.roleId) ?? []), p.permissionCode]);
  return rs.map((r) => ({
    ...r,
    permissions: byRole.get(r.id) ?? [],
    baseIds: bases.filter((b) => b.roleId === r.id).map((b) => b.areaId),
    holderCount: holders.find((h) => h.roleId === r.id)?.n ?? 0,
  }));
};

/** Up to `limit` names of the members holding a role (the refusal to delete it names them). */
export const roleHolderNames = async (db: Db, roleId: number, limit: number): Promise<string[]> => {
  const rows = await db
    .select({ name: users.realName })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.name);
};

/**
 * Locks the tenant's administrator role row (`for update`), so two concurrent changes that each leave
 * one other administrator cannot both pass and leave none; answers its id.
 */
export const lockAdminRole = async (db: Db): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.code, 'tenant-admin'))
    .for('update');
  return r?.id;
};

/** Enabled members holding the role, other than `exceptUserId`. */
export const countEnabledHolders = async (
  db: Db,
  tenantId: number,
  roleId: number,
  exceptUserId: number,
): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, userRoles.userId),
        eq(memberships.tenantId, tenantId),
        eq(memberships.enabled, true),
      ),
    )
    .where(and(eq(userRoles.roleId, roleId), ne(userRoles.userId, exceptUserId)));
  return r?.n ?? 0;
};

/** Roles of a set of users in the transaction's tenant. */
export const rolesOfUsers = async (db: Db, userIds: readonly number[]) =>
  userIds.length === 0
    ? []
    : db
        .select({ userId: userRoles.userId, roleId: roles.id, nameZh: roles.nameZh, nameEn: roles.nameEn })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
        .where(inArray(userRoles.userId, userIds))
        .orderBy(asc(roles.id));

export const deleteUserRoles = async (db: Db, userId: number): Promise<void> => {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
};

export const findRole = async (db: Db, id: number): Promise<RoleRow | undefined> => {
  const [r] = await db.select().from(roles).where(eq(roles.id, id));
  return r;
};

export const findRoleByCode = async (db: Db, code: string): Promise<RoleRow | undefined> => {
  const [r] = await db.select().from(roles).where(eq(roles.code, code));
  return r;
};

export const insertRole = async (
  db: Db,
  tenantId: number,
  v: {
    code: string;
    nameZh: string;
    nameEn: string;
    builtIn: boolean;
    createdBy: number | null;
    dataScope?: RoleRow['dataScope'];
  },
): Promise<RoleRow> => {
  const [r] = await db
    .insert(roles)
    .values({ tenantId, ...v, lastUpdatedBy: v.createdBy })
    .returning();
  if (!r) throw new Error('role insert returned nothing');
  return r;
};

/** Optimistic update: answers undefined when the version no longer matches. */
export const updateRole = async (
  db: Db,
  id: number,
  version: number,
  v: { nameZh: string; nameEn: string; dataScope: RoleRow['dataScope']; lastUpdatedBy: number },
): Promise<RoleRow | undefined> => {
  const [r] = await db
    .update(roles)
    .set({
      ...v,
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${roles.objectVersionNumber} + 1`,
    })
    .where(and(eq(roles.id, id), eq(roles.objectVersionNumber, version)))
    .returning();
  return r;
};

export const setRolePermissions = async (
  db: Db,
  tenantId: number,
  roleId: number,
  codes: readonly string[],
): Promise<void> => {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length === 0) return;
  await db
    .insert(rolePermissions)
    .values([...new Set(codes)].map((permissionCode) => ({ tenantId, roleId, permissionCode })));
};

export const addRolePermissions = async (
  db: Db,
  tenantId: number,
  roleId: number,
  codes: readonly string[],
) => {
  await db
    .insert(rolePermissions)
    .values(codes.map((permissionCode) => ({ tenantId, roleId, permissionCode })))
    .onConflictDoNothing();
};

/** Replaces the named bases of a role. */
export const setRoleBases = async (
  db: Db,
  tenantId: number,
  roleId: number,
  areaIds: readonly number[],
): Promise<void> => {
  await db.delete(roleBases).where(eq(roleBases.roleId, roleId));
  if (areaIds.length === 0) return;
  await db.insert(roleBases).values([...new Set(areaIds)].map((areaId) => ({ tenantId, roleId, areaId })));
};

/** Which of these ids are bases of the tenant (the units table is organisation's; read by name here). */
export const existingBaseIds = async (db: Db, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db.execute(
    sql`select id from areas where organization_type = 'area' and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Set(rowsOf<{ id: string | number }>(rows).map((r) => Number(r.id)));
};

export const deleteRole = async (db: Db, id: number): Promise<void> => {
  await db.delete(roleBases).where(eq(roleBases.roleId, id));
  await db.delete(userRoles).where(eq(userRoles.roleId, id));
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
  await db.delete(roles).where(eq(roles.id, id));
};

export const setUserRoles = async (
  db: Db,
  tenantId: number,
  userId: number,
  roleIds: readonly number[],
): Promise<void> => {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length === 0) return;
  await db.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ tenantId, userId, roleId })));
};

export const addUserRole = async (db: Db, tenantId: number, userId: number, roleId: number) => {
  await db.insert(userRoles).values({ tenantId, userId, roleId }).onConflictDoNothing();
};

export const listMembers = async (db: Db, tenantId: number) => {
  const ms = await db
    .select({ userId: users.id, loginName: users.loginName, realName: users.realName, phone: users.phone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(users.id));
  const ids = ms.map((m) => m.userId);
  const assigned =
    ids.length === 0
      ? []
      : await db
          .select({ userId: userRoles.userId, roleId: roles.id, code: roles.code })
          .from(userRoles)
          .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
          .where(inArray(userRoles.userId, ids));
  return ms.map((m) => {
    const mine = assigned.filter((a) => a.userId === m.userId);
    return { ...m, roleIds: mine.map((a) => a.roleId), roleCodes: mine.map((a) => a.code) };
  });
};
