import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

export interface TenantBrand {
  workLogo?: string;
  loginLogo?: string;
  menuLogo?: string;
  loginBackgroundColor?: string;
  titleLoginLogo?: string;
  subTitle?: string;
  loginImage?: string;
  copyright?: string;
  favicon?: string;
  loginTitle?: string;
}

// Global: a tenant row is the root of its data.
export const tenants = pgTable(
  'tenants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    tenantName: text('tenant_name').notNull(),
    tenantNum: text('tenant_num').notNull(),
    noviceFlag: integer('novice_flag').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** IANA zone of the tenant's calendar (ADR 0010). */
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    objectVersionNumber: integer('object_version_number').notNull().default(1),
  },
  (t) => [uniqueIndex('tenants_num_uq').on(t.tenantNum)],
);

/** Deployment branding looked up by host name before anyone signs in. */
export const tenantDomains = pgTable('tenant_domains', {
  domainName: text('domain_name').primaryKey(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  brand: jsonb('brand').$type<TenantBrand>().notNull(),
  creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  objectVersionNumber: integer('object_version_number').notNull().default(1),
});

export const tenantScreens = pgTable(
  'tenant_screens',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    screenName: text('screen_name').notNull(),
    screenImage: text('screen_image'),
    screenAddress: text('screen_address').notNull(),
    screenType: integer('screen_type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);

export const menuThemes = pgTable(
  'menu_themes',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    open: integer('open').notNull().default(1),
    theme: text('theme').notNull(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), tenantIsolation()],
);
