import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  baseUnitScope,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * Every unit of a tenant's organisation tree (ADR 0011): one 'enterprise' root, companies, farm bases
 * ('area') and departments. Base-only columns (centre, size, usage, default flag) mean nothing elsewhere.
 */
export const areas = pgTable(
  'areas',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    areaName: text('area_name').notNull(),
    areaNum: text('area_num'),
    areaCenter: text('area_center'),
    areaSize: numeric('area_size', { precision: 14, scale: 2 }),
    defaultFlag: integer('default_flag').notNull().default(0),
    organizationType: text('organization_type').notNull().default('area'),
    parentId: bigint('parent_id', { mode: 'number' }),
    areaUsage: text('area_usage').notNull().default('plant'),
    headUserId: bigint('head_user_id', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('areas_num_uq').on(t.tenantId, t.areaNum).where(sql`${t.areaNum} is not null`),
    // Bases and companies are named once per tenant; departments once per parent (each base its 生产部).
    uniqueIndex('areas_name_uq')
      .on(t.tenantId, t.organizationType, t.areaName)
      .where(sql`${t.organizationType} <> 'department'`),
    uniqueIndex('areas_dept_name_uq')
      .on(t.tenantId, t.parentId, t.areaName)
      .where(sql`${t.organizationType} = 'department'`),
    // Exactly one root per tenant.
    uniqueIndex('areas_enterprise_uq').on(t.tenantId).where(sql`${t.organizationType} = 'enterprise'`),
    index('areas_default_idx').on(t.tenantId, t.defaultFlag),
    index('areas_parent_idx').on(t.tenantId, t.parentId),
    tenantIsolation(),
    baseUnitScope(),
  ],
);

/** Staff of a unit: which users of the tenant work in it (a user may be staff of several units). */
export const orgUnitMembers = pgTable(
  'org_unit_members',
  {
    tenantId: tenantIdColumn(),
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.unitId, t.userId] }),
    index('org_unit_members_user_idx').on(t.tenantId, t.userId),
    tenantIsolation(),
  ],
);

/** Legal-entity data of a company unit (keyed by the unit's id). */
export const corporations = pgTable(
  'corporations',
  {
    tenantId: tenantIdColumn(),
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    creditCode: text('credit_code'),
    legalRepresentative: text('legal_representative'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    logoFileId: bigint('logo_file_id', { mode: 'number' }),
    logoUrl: text('logo_url'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.unitId] }),
    uniqueIndex('corporations_credit_code_uq')
      .on(t.tenantId, t.creditCode)
      .where(sql`${t.creditCode} is not null`),
    tenantIsolation(),
  ],
);
