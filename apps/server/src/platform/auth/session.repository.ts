import { and, eq, inArray } from 'drizzle-orm';
import { rolePermissions, userRoles } from '../../modules/identity/access/access.tables.js';
import { authSessions, memberships, users } from '../../modules/identity/identity/identity.tables.js';
import type { Db } from '../db/client.js';

export interface SessionRow {
  userId: number;
  loginName: string;
  realName: string;
  platformAdmin: boolean;
  enabled: boolean;
  revokedAt: Date | null;
  expiresAt: Date;
}

export const findSession = async (db: Db, sessionId: string): Promise<SessionRow | undefined> => {
  const [row] = await db
    .select({
      userId: users.id,
      loginName: users.loginName,
      realName: users.realName,
      platformAdmin: users.platformAdmin,
      enabled: users.enabled,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  return row;
};

export const isMember = async (db: Db, userId: number, tenantId: number): Promise<boolean> => {
  const rows = await db
    .select({ t: memberships.tenantId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)));
  return rows.length > 0;
};

/** Codes of the user's roles in the transaction's tenant (row-level security picks the tenant). */
export const permissionCodes = async (db: Db, userId: number): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(
      inArray(
        rolePermissions.roleId,
        db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
      ),
    );
  return rows.map((r) => r.code);
};
