import { and, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { rolePermissions, roles, userRoles } from './access.tables.js';

// Access's share of the platform's SessionStore (wired in app/server.ts): what a member may do.

/** Codes of the user's roles in the transaction's tenant (row-level security picks the tenant). */
export const permissionCodes = async (db: Db, userId: number): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(
            and(
              eq(userRoles.tenantId, rolePermissions.tenantId),
              eq(userRoles.roleId, rolePermissions.roleId),
              eq(userRoles.userId, userId),
            ),
          ),
      ),
    );
  return rows.map((r) => r.code);
};

/**
 * The bases a member may see (ADR 0012): undefined for every base (a role with scope 'all'), else the ids
 * from their 'units' roles (bases in the units they are staff of, and below) and 'bases' roles. Runs before
 * the request's scope is set, so it reads the whole tree.
 */
export const dataScopeOf = async (db: Db, userId: number): Promise<number[] | undefined> => {
  const held = await db
    .selectDistinct({ scope: roles.dataScope })
    .from(roles)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, roles.tenantId), eq(userRoles.roleId, roles.id)))
    .where(eq(userRoles.userId, userId));
  if (held.some((r) => r.scope === 'all')) return undefined;
  if (held.length === 0) return [];
  const rows = await db.execute(sql`
    with recursive mine as (
      select m.tenant_id, m.unit_id as id from org_unit_members m where m.user_id = ${userId}
        and exists (select 1 from roles r join user_roles ur on ur.tenant_id = r.tenant_id and ur.role_id = r.id
                    where ur.tenant_id = m.tenant_id and ur.user_id = ${userId} and r.data_scope = 'units')
      union
      select a.tenant_id, a.id from areas a join mine on a.tenant_id = mine.tenant_id and a.parent_id = mine.id
    )
    select a.id from areas a join mine on mine.tenant_id = a.tenant_id and mine.id = a.id
      where a.organization_type = 'area'
    union
    select rb.area_id from role_bases rb
      join roles r on r.tenant_id = rb.tenant_id and r.id = rb.role_id and r.data_scope = 'bases'
      join user_roles ur on ur.tenant_id = r.tenant_id and ur.role_id = r.id and ur.user_id = ${userId}
    order by 1`);
  return rowsOf<{ id: string | number }>(rows).map((r) => Number(r.id));
};

/** Members of the transaction's tenant whose roles hold this code (row-level security picks the tenant). */
export const usersHolding = async (db: Db, code: string, limit = 500): Promise<number[]> => {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(
      rolePermissions,
      and(eq(rolePermissions.tenantId, userRoles.tenantId), eq(rolePermissions.roleId, userRoles.roleId)),
    )
    .where(eq(rolePermissions.permissionCode, code))
    .limit(limit);
  return rows.map((r) => r.userId);
};
