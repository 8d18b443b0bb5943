import type { DataScope } from '@tilth/contracts/access.types';
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    /** Which bases the role's holders see (ADR 0012): 'all', 'units' (their units and below) or 'bases'. */
    dataScope: text('data_scope').$type<DataScope>().notNull().default('all'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_code_uq').on(t.tenantId, t.code),
    tenantIsolation(),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    permissionCode: text('permission_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.permissionCode] }), tenantIsolation()],
);

/** The named bases of a role whose data scope is 'bases'. */
export const roleBases = pgTable(
  'role_bases',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.areaId] }),
    index('role_bases_area_idx').on(t.tenantId, t.areaId),
    tenantIsolation(),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.tenantId, t.roleId),
    tenantIsolation(),
  ],
);
