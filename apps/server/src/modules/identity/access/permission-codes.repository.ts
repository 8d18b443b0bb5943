import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rolePermissions, userRoles } from './access.tables.js';

// Access's share of the platform's SessionStore (wired in app/server.ts): what a member may do.

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
