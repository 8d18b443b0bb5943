import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { memberships, users } from '../identity/index.js';
import { rolePermissions, roles, userRoles } from './access.tables.js';

export type RoleRow = typeof roles.$inferSelect;

export const listRoles = async (db: Db): Promise<(RoleRow & { permissions: string[] })[]> => {
  const rs = await db.select().from(roles).orderBy(asc(roles.id));
  const perms = await db.select().from(rolePermissions);
  return rs.map((r) => ({
    ...r,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.permissionCode),
  }));
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
  v: { code: string; nameZh: string; nameEn: string; builtIn: boolean; createdBy: number | null },
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
  v: { nameZh: string; nameEn: string; lastUpdatedBy: number },
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

export const deleteRole = async (db: Db, id: number): Promise<void> => {
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

export const countUsersWithRole = async (db: Db, roleId: number): Promise<number> => {
  const rows = await db.select({ u: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.length;
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
