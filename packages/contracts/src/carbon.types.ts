import { z } from 'zod';
import {
  bodyId,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Carbon registry, monitoring and dashboard (issue 18 items 5–7). Method and sources: docs/carbon.md.

/** Tea life-cycle stages (spec 03 §3; T/CTSS 90-2024). */
export const CARBON_STAGES = [
  'planting',
  'processing',
  'storage',
  'transport_sales',
  'usage',
  'scrap',
] as const;
export type CarbonStage = (typeof CARBON_STAGES)[number];
export const CARBON_CATEGORIES = [
  'fuel',
  'fertilizer',
  'water',
  'electricity',
  'charcoal',
  'gas',
  'removal',
  'other',
] as const;
export type CarbonCategory = (typeof CARBON_CATEGORIES)[number];
export const CARBON_GASES = ['CO2', 'CH4', 'N2O', 'CO2e'] as const;
export const GWP_BASES = ['AR5', 'AR6'] as const;
/** Activity units a factor may multiply (the server refuses others). */
export const CARBON_ACTIVITY_UNITS = [
  'kWh',
  'MWh',
  'kg',
  't',
  'L',
  'm3',
  'km',
  't·km',
  'h',
  'kgN',
  'kgP2O5',
  'kgK2O',
  'kgCO2e',
  'tree',
  'ha',
] as const;
/** Grid regions of the electricity factors: the national average and the regional grids. */
export const CARBON_GRID_REGIONS = [
  'CN',
  'CN-NORTH',
  'CN-NORTHEAST',
  'CN-EAST',
  'CN-CENTRAL',
  'CN-NORTHWEST',
  'CN-SOUTH',
  'CN-SOUTHWEST',
] as const;
export const CARBON_YEAR_MIN = 1990;
export const CARBON_YEAR_MAX = 2100;

/** A factor as the registry holds it (defaults in carbon.defaults.ts have this shape). */
export type CarbonFactorDef = {
  factorCode: string;
  category: CarbonCategory;
  factorName: string;
  factorEnName: string | null;
  gas: (typeof CARBON_GASES)[number];
  gwpBasis: (typeof GWP_BASES)[number];
  value: number;
  unit: string;
  activityUnit: string;
  source: string;
  region: string;
  validYear: number | null;
  calcYear: number | null;
  uncertaintyPct: number | null;
  stage: CarbonStage | null;
  description: string | null;
};

const year = z
  .number({ error: 'a year' })
  .int({ error: 'a whole year' })
  .min(CARBON_YEAR_MIN, { error: `a year from ${CARBON_YEAR_MIN} to ${CARBON_YEAR_MAX}` })
  .max(CARBON_YEAR_MAX, { error: `a year from ${CARBON_YEAR_MIN} to ${CARBON_YEAR_MAX}` });
/** A number, or the decimal string the GETs answer (so a PUT may send back what it read). */
const decimalIn = (min: number, max: number, error: string) =>
  z
    .union([
      z.number({ error: 'a number' }),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,13}(\.\d{1,8})?$/, { error: 'a number' })
        .transform(Number),
    ])
    .pipe(z.number().min(min, { error }).max(max, { error }));
const region = z
  .string()
  .trim()
  .regex(/^(GLOBAL|[A-Z]{2}(-[A-Z0-9]{1,12})?)$/, { error: 'GLOBAL, a country code (CN) or CN-XX' });

/** A registry row: a default (own false) or the tenant's own / overriding factor. */
export const carbonFactor = z.object({
  id: z.number().int().nullable(),
  factorCode: z.string(),
  category: z.enum(CARBON_CATEGORIES),
  factorName: z.string(),
  factorEnName: z.string().nullable(),
  gas: z.enum(CARBON_GASES),
  gwpBasis: z.enum(GWP_BASES),
  value: z.string(),
  unit: z.string(),
  activityUnit: z.string(),
  source: z.string(),
  region: z.string(),
  validYear: z.number().int().nullable(),
  calcYear: z.number().int().nullable(),
  uncertaintyPct: z.string().nullable(),
  stage: z.enum(CARBON_STAGES).nullable(),
  description: z.string().nullable(),
  enabledFlag: z.number().int(),
  /** true: the tenant's row; false: a shipped default. */
  own: z.boolean(),
  /** A default this tenant row overrides (same code and region), or a default overridden by a tenant row. */
  overrides: z.boolean(),
  overriddenBy: z.number().int().nullable(),
  objectVersionNumber: z.number().int().nullable(),
});
export type CarbonFactor = z.infer<typeof carbonFactor>;
export const carbonFactorPage = pageOf(carbonFactor);

export const carbonFactorListQuery = pageQuery.extend({
  category: z.enum(CARBON_CATEGORIES).optional(),
  gas: z.enum(CARBON_GASES).optional(),
  region: z.string().trim().max(20).optional(),
  year: z.coerce.number().int().min(CARBON_YEAR_MIN).max(CARBON_YEAR_MAX).optional(),
  stage: z.enum(CARBON_STAGES).optional(),
  /** own | default | all */
  origin: z.enum(['own', 'default', 'all']).default('all'),
  search: z.string().trim().max(60).optional(),
});
export type CarbonFactorListQuery = z.infer<typeof carbonFactorListQuery>;

const factorWrite = z.strictObject({
  factorCode: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{0,59}$/, { error: 'lower-case letters, digits, . _ - (at most 60)' }),
  category: z.enum(CARBON_CATEGORIES),
  factorName: requiredText(60),
  factorEnName: optionalText(60).optional(),
  gas: z.enum(CARBON_GASES),
  gwpBasis: z.enum(GWP_BASES).default('AR5'),
  value: decimalIn(0, 1e9, 'at least 0 and at most 1,000,000,000'),
  activityUnit: z.enum(CARBON_ACTIVITY_UNITS, { error: `one of ${CARBON_ACTIVITY_UNITS.join(', ')}` }),
  source: requiredText(500),
  region: region.default('CN'),
  validYear: year.nullable().optional(),
  calcYear: year.nullable().optional(),
  uncertaintyPct: decimalIn(0, 100, '0 to 100').nullable().optional(),
  stage: z.enum(CARBON_STAGES).nullable().optional(),
  description: optionalText(500).optional(),
});
export const carbonFactorCreateBody = factorWrite;
export type CarbonFactorCreateBody = z.infer<typeof carbonFactorCreateBody>;
export const carbonFactorUpdateBody = updateBodyOf(
  factorWrite.extend({ id: bodyId, objectVersionNumber, enabledFlag: z.union([z.literal(0), z.literal(1)]) }),
  carbonFactor,
);
export type CarbonFactorUpdateBody = z.infer<typeof carbonFactorUpdateBody>;
export const carbonFactorIdParam = tenantParam.extend({ factorId: queryId });
export const carbonVersionQuery = z.object({ objectVersionNumber: z.coerce.number().int().min(1) });

export const carbonSettings = z.object({
  gridRegion: z.enum(CARBON_GRID_REGIONS),
  dashboardYear: z.number().int().nullable(),
  /** The year the dashboard shows now (dashboardYear or the current year). */
  effectiveYear: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type CarbonSettings = z.infer<typeof carbonSettings>;
export const carbonSettingsBody = updateBodyOf(
  z.strictObject({
    gridRegion: z.enum(CARBON_GRID_REGIONS),
    dashboardYear: year.nullable(),
    objectVersionNumber: z.number().int().min(0),
  }),
  carbonSettings,
);

// ---- manual entries ----
const isoDate = z.iso.date({ error: 'a date YYYY-MM-DD' });
const entryWrite = z.strictObject({
  kind: z.enum(['emission', 'removal']),
  entryDate: isoDate,
  stage: z.enum(CARBON_STAGES),
  areaId: bodyId.nullable().optional(),
  landId: bodyId.nullable().optional(),
  batchId: bodyId.nullable().optional(),
  factorCode: z.string().trim().min(1).max(60),
  activityAmount: decimalIn(0, 1e12, 'at least 0'),
  evidence: z.array(z.string().trim().min(1).max(500)).max(10, { error: 'at most 10 files' }).default([]),
  description: optionalText(500).optional(),
});
export const carbonEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['emission', 'removal']),
  entryDate: z.string(),
  stage: z.enum(CARBON_STAGES),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  landId: z.number().int().nullable(),
  batchId: z.number().int().nullable(),
  batchName: z.string().nullable(),
  factorCode: z.string(),
  activityAmount: z.string(),
  activityUnit: z.string(),
  /** Result with the factor that applies today (kg CO2e; positive for both kinds). */
  kgCo2e: z.string().nullable(),
  evidence: z.array(z.string()),
  description: z.string().nullable(),
  objectVersionNumber: z.number().int(),
});
export type CarbonEntry = z.infer<typeof carbonEntry>;
export const carbonEntryPage = pageOf(carbonEntry);
export const carbonEntryCreateBody = entryWrite;
export type CarbonEntryCreateBody = z.infer<typeof carbonEntryCreateBody>;
export const carbonEntryUpdateBody = updateBodyOf(
  entryWrite.extend({ id: bodyId, objectVersionNumber }),
  carbonEntry,
);
export type CarbonEntryUpdateBody = z.infer<typeof carbonEntryUpdateBody>;
export const carbonEntryListQuery = pageQuery.extend({
  kind: z.enum(['emission', 'removal']).optional(),
  stage: z.enum(CARBON_STAGES).optional(),
  areaId: queryId.optional(),
  batchId: queryId.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CarbonEntryListQuery = z.infer<typeof carbonEntryListQuery>;
export const carbonEntryIdParam = tenantParam.extend({ entryId: queryId });

// ---- monitoring ----
export const CARBON_SOURCES = [
  'fertilizer_n2o_direct',
  'fertilizer_n2o_indirect',
  'fertilizer_manufacture',
  'electricity',
  'fuel',
  'manual',
] as const;
export type CarbonSource = (typeof CARBON_SOURCES)[number];

/** A record a line was computed from. */
export const carbonRef = z.object({
  type: z.enum(['task', 'input', 'device', 'entry', 'batch']),
  id: z.number().int(),
  name: z.string(),
});
export type CarbonRef = z.infer<typeof carbonRef>;

/** One calculation line: activity × factor = result. */
export const carbonLine = z.object({
  source: z.enum(CARBON_SOURCES),
  kind: z.enum(['emission', 'removal']),
  stage: z.enum(CARBON_STAGES),
  /** YYYY-MM-DD the activity is dated (task finish, bucket day, entry date). */
  date: z.string(),
  areaId: z.number().int().nullable(),
  landId: z.number().int().nullable(),
  batchId: z.number().int().nullable(),
  activity: z.object({ amount: z.string(), unit: z.string(), label: z.string() }),
  factor: z.object({
    code: z.string(),
    name: z.string(),
    value: z.string(),
    unit: z.string(),
    gas: z.string(),
    gwp: z.string(),
    source: z.string(),
    own: z.boolean(),
    validYear: z.number().int().nullable(),
  }),
  /** The formula written out, e.g. "46 kg N × 0.01 × 44/28 × 265". */
  formula: z.string(),
  kgCo2e: z.string(),
  refs: z.array(carbonRef),
});
export type CarbonLine = z.infer<typeof carbonLine>;

export const carbonMonitorQuery = z.object({
  from: isoDate,
  to: isoDate,
  areaId: queryId.optional(),
  landId: queryId.optional(),
  batchId: queryId.optional(),
});
export type CarbonMonitorQuery = z.infer<typeof carbonMonitorQuery>;

const group = z.object({
  key: z.string(),
  id: z.number().int().nullable(),
  name: z.string(),
  emissions: z.string(),
  removals: z.string(),
  net: z.string(),
  harvestKg: z.string().nullable(),
  kgCo2ePerKg: z.string().nullable(),
});
export type CarbonGroup = z.infer<typeof group>;

export const carbonMonitor = z.object({
  from: z.string(),
  to: z.string(),
  gridRegion: z.string(),
  totals: z.object({ emissions: z.string(), removals: z.string(), net: z.string() }),
  bySource: z.array(z.object({ source: z.enum(CARBON_SOURCES), kgCo2e: z.string() })),
  byStage: z.array(z.object({ stage: z.enum(CARBON_STAGES), emissions: z.string(), removals: z.string() })),
  byBase: z.array(group),
  byPlot: z.array(group),
  byBatch: z.array(group),
  byMonth: z.array(z.object({ month: z.string(), emissions: z.string(), removals: z.string() })),
  lines: z.array(carbonLine),
  /** Records that could not be counted and why (a bag without weight, an input without N %). */
  notCounted: z.array(z.object({ reason: z.string(), refs: z.array(carbonRef) })),
});
export type CarbonMonitor = z.infer<typeof carbonMonitor>;

/** The footprint part D shows on a published trace record. */
export type CarbonFootprint = {
  kgCo2ePerKg: string;
  totalKgCo2e: string;
  harvestKg: string;
  byStage: { stage: CarbonStage; kgCo2e: string }[];
  method: string;
};

export const carbonDashboardQuery = z.object({
  year: z.coerce.number().int().min(CARBON_YEAR_MIN).max(CARBON_YEAR_MAX).optional(),
});
export const carbonExportQuery = carbonDashboardQuery.extend({ format: z.enum(['xlsx', 'pdf']) });
