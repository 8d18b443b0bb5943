import { index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Emission factors of a tenant (issue 18 item 5), on top of the shipped, cited default set (contracts
// carbon.defaults.ts). A row whose factorCode is a default's overrides it for this tenant; any other row is
// the tenant's own factor. Every factor says what it is valid for and where it comes from.

export const carbonFactors = pgTable(
  'carbon_factors',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    factorCode: text('factor_code').notNull(),
    /** fuel | fertilizer | water | electricity | charcoal | gas | removal | other */
    category: text('category').notNull(),
    factorName: text('factor_name').notNull(),
    factorEnName: text('factor_en_name'),
    /** CO2 | CH4 | N2O | CO2e */
    gas: text('gas').notNull(),
    /** AR5 | AR6 (IPCC assessment report whose GWP100 converts the gas to CO2e). */
    gwpBasis: text('gwp_basis').notNull().default('AR5'),
    value: numeric('value', { precision: 18, scale: 6 }).notNull(),
    /** Unit of the factor, e.g. kgCO2e/kWh. */
    unit: text('unit').notNull(),
    /** Unit of the activity it multiplies, e.g. kWh. */
    activityUnit: text('activity_unit').notNull(),
    source: text('source').notNull(),
    /** Region it applies to: CN, a province code (CN-ZJ), or GLOBAL. */
    region: text('region').notNull().default('CN'),
    /** The year the factor is meant for, and the year of the data it was calculated from. */
    validYear: integer('valid_year'),
    calcYear: integer('calc_year'),
    /** ± percent (95 % interval), when the source gives one. */
    uncertaintyPct: numeric('uncertainty_pct', { precision: 6, scale: 2 }),
    /** Tea life-cycle stage it belongs to by default (planting … scrap), or null. */
    stage: text('stage'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('carbon_factors_code_uq').on(t.tenantId, t.factorCode, t.region, t.validYear),
    index('carbon_factors_category_idx').on(t.tenantId, t.category),
    tenantIsolation(),
  ],
);

/** Per-tenant carbon settings: the grid region for electricity and the dashboard's fixed year. */
export const carbonSettings = pgTable(
  'carbon_settings',
  {
    tenantId: tenantIdColumn(),
    /** Province grid region code (CN-ZJ…) or CN for the national average. */
    gridRegion: text('grid_region').notNull().default('CN'),
    /** The year the dashboard shows (spec 03 §3 'a fixed year display'); null: the current year. */
    dashboardYear: integer('dashboard_year'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), tenantIsolation()],
);
