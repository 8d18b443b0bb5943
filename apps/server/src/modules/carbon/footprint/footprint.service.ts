import { decimal, FUELLED_MACHINES, POWERED_DEVICES } from '@tilth/contracts/carbon.formulas';
import {
  CARBON_STAGES,
  type CarbonFootprint,
  type CarbonLine,
  type CarbonMonitor,
  type CarbonMonitorQuery,
} from '@tilth/contracts/carbon.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Database, Db } from '../../../platform/db/client.js';
import { withReplicaCtx } from '../../../platform/db/replica-read.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { type FactorBook, findSettings, loadFactorBook } from '../factor/index.js';
import { electricityLines, entryLines, fertilizerLines, fuelLines, type Lines } from './footprint.calc.js';
import { FootprintErrors } from './footprint.errors.js';
import {
  type BatchWindowRow,
  batchesByIds,
  batchesOnLands,
  type CarbonScope,
  devicesOf,
  entriesInScope,
  fertilizerUses,
  hourlyBuckets,
  namesOf,
} from './footprint.repository.js';
import { harvestKgOf, summarize } from './footprint.summary.js';

export const CARBON_ACCESS = {
  neutral: 'wfpf.farm.carbon.neutral',
  neutralEdit: 'wfpf.farm.carbon.neutral.ps.edit',
  registry: 'wfpf.farm.carbon.registry',
  registryEdit: 'wfpf.farm.carbon.registry.ps.edit',
  dashboard: 'wfpf.farm.carbon.spectaculars',
  export: 'wfpf.farm.carbon.spectaculars.ps.export',
} as const satisfies Record<string, PermissionCode>;

const POWER_TYPES = Object.keys(POWERED_DEVICES);
const POWER_FLAGS = [...new Set(Object.values(POWERED_DEVICES).flatMap((s) => s.flags))];
const MACHINE_TYPES = Object.keys(FUELLED_MACHINES);
const MACHINE_COUNTERS = [...new Set(Object.values(FUELLED_MACHINES).map((s) => s.counter))];

const nextDay = (day: string): string => {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
};
const today = (): string => new Date().toISOString().slice(0, 10);

const merge = (...parts: Lines[]): Lines => ({
  lines: parts.flatMap((p) => p.lines),
  notCounted: parts.flatMap((p) => p.notCounted),
});

/**
 * Every line of a scope: fertiliser use, powered devices and machines of the base / plot, manual entries.
 * `windows` gives device hours to batches (the batch growing on the device's plot that day).
 */
const linesOf = async (
  db: Db,
  tenantId: number,
  lang: Ctx['lang'],
  book: FactorBook,
  s: CarbonScope,
  windows?: readonly BatchWindowRow[],
): Promise<Lines> => {
  const fert = fertilizerLines(await fertilizerUses(db, tenantId, s), book, lang);
  const powered = await devicesOf(db, tenantId, POWER_TYPES, s);
  const machines = await devicesOf(db, tenantId, MACHINE_TYPES, s);
  const lands = [
    ...new Set([...powered, ...machines].map((d) => d.landId).filter((x): x is number => x != null)),
  ];
  const w = windows ?? (await batchesOnLands(db, tenantId, lands));
  const pb = await hourlyBuckets(
    db,
    tenantId,
    powered.map((d) => d.id),
    POWER_FLAGS,
    s.from,
    s.to,
  );
  const mb = await hourlyBuckets(
    db,
    tenantId,
    machines.map((d) => d.id),
    MACHINE_COUNTERS,
    s.from,
    s.to,
  );
  const entries = entryLines(await entriesInScope(db, tenantId, s), book, lang);
  return merge(
    fert,
    electricityLines(powered, pb, w, book, lang),
    fuelLines(machines, mb, w, book, lang),
    entries,
  );
};

const inAreaScope = (ctx: Ctx, l: CarbonLine): boolean =>
  !ctx.areaScope || (l.areaId != null && ctx.areaScope.includes(l.areaId));

/**
 * Monitoring: emissions and removals computed from records for a period, each figure with its lines.
 * Given the platform's database, it reads on the replica when there is one (a report: a moment behind is fine).
 */
export const monitor = async (
  ctx: Ctx,
  q: CarbonMonitorQuery,
  database?: Database,
): Promise<CarbonMonitor> => {
  requireTenant(ctx);
  requireAccess(ctx, [CARBON_ACCESS.neutral, CARBON_ACCESS.dashboard]);
  if (q.to < q.from) throw FootprintErrors.periodOrder();
  // Bounded work per request: three years of hourly buckets at most.
  if (
    Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4)) > 3 ||
    q.to > `${Number(q.from.slice(0, 4)) + 3}${q.from.slice(4)}`
  ) {
    throw FootprintErrors.periodTooLong();
  }
  return withReplicaCtx(ctx, database, (r) => monitorOf(r, q));
};

/** The dashboard's year: asked, else the setting's fixed year, else this year (spec 03 §3). On the replica like monitor. */
export const dashboard = async (
  ctx: Ctx,
  year: number | undefined,
  access: PermissionCode = CARBON_ACCESS.dashboard,
  database?: Database,
): Promise<CarbonMonitor> => {
  requireTenant(ctx);
  requireAccess(ctx, access);
  return withReplicaCtx(ctx, database, async (r) => {
    const y = year ?? (await findSettings(r.db, r.tenantId))?.dashboardYear ?? new Date().getUTCFullYear();
    return monitorOf(r, { from: `${y}-01-01`, to: `${y}-12-31` });
  });
};

/** The monitoring answer without the access check (the dashboard and its export call it after theirs). */
export const monitorOf = async (ctx: TenantCtx, q: CarbonMonitorQuery): Promise<CarbonMonitor> => {
  const book = await loadFactorBook(ctx.db, ctx.tenantId);
  const scope: CarbonScope = { from: q.from, to: nextDay(q.to), areaId: q.areaId, landId: q.landId };
  const got = await linesOf(ctx.db, ctx.tenantId, ctx.lang, book, scope);
  const lines = got.lines.filter(
    (l) => inAreaScope(ctx, l) && (q.batchId === undefined || l.batchId === q.batchId),
  );
  const ids = (pick: (l: CarbonLine) => number | null) => [
    ...new Set(lines.map(pick).filter((x): x is number => x != null)),
  ];
  const names = await namesOf(ctx.db, ctx.tenantId, {
    areas: ids((l) => l.areaId),
    lands: ids((l) => l.landId),
    batches: ids((l) => l.batchId),
  });
  return {
    from: q.from,
    to: q.to,
    gridRegion: book.gridRegion,
    ...summarize(lines, names),
    lines,
    notCounted: got.notCounted,
  };
};

/** The lines of one farm batch over its season (start to harvest, else end, else today). */
export const batchLines = async (ctx: TenantCtx, book: FactorBook, b: BatchWindowRow): Promise<Lines> => {
  const to = nextDay(b.harvestDate ?? b.endDate ?? today());
  const s: CarbonScope = { from: b.startDate, to, batchIds: [b.id] };
  const fert = fertilizerLines(await fertilizerUses(ctx.db, ctx.tenantId, s), book, ctx.lang);
  const entries = entryLines(await entriesInScope(ctx.db, ctx.tenantId, s), book, ctx.lang);
  if (b.landId == null) return merge(fert, entries);
  const place = { landId: b.landId };
  const powered = await devicesOf(ctx.db, ctx.tenantId, POWER_TYPES, place);
  const machines = await devicesOf(ctx.db, ctx.tenantId, MACHINE_TYPES, place);
  const pb = await hourlyBuckets(
    ctx.db,
    ctx.tenantId,
    powered.map((d) => d.id),
    POWER_FLAGS,
    b.startDate,
    to,
  );
  const mb = await hourlyBuckets(
    ctx.db,
    ctx.tenantId,
    machines.map((d) => d.id),
    MACHINE_COUNTERS,
    b.startDate,
    to,
  );
  return merge(
    fert,
    electricityLines(powered, pb, [b], book, ctx.lang),
    fuelLines(machines, mb, [b], book, ctx.lang),
    entries,
  );
};

/**
 * The method's id, frozen into published trace records; readers word it in their language (the trace page
 * describes 'tilth-carbon-v1': IPCC 2019 Tier 1 N2O of task fertiliser use, fertiliser manufacture, device
 * electricity × grid factor, machine diesel, manual entries net of removals; GWP100 AR5 — docs/carbon.md).
 */
export const FOOTPRINT_METHOD = 'tilth-carbon-v1';

/**
 * The footprint of the harvests of these farm batches (for a published trace record, issue 18 part D): net
 * kg CO2e over the batches' seasons ÷ their harvest in kg. Null when a batch has no harvest weight (no
 * quantity, or a unit that is not a mass unit), because a per-kg figure would then be wrong.
 * The caller has checked its own access; this needs only a tenant.
 */
export const footprintOfFarmBatches = async (
  ctx: Ctx,
  farmBatchIds: number[],
): Promise<CarbonFootprint | null> => {
  requireTenant(ctx);
  const ids = [...new Set(farmBatchIds)];
  const rows = await batchesByIds(ctx.db, ctx.tenantId, ids);
  if (rows.length === 0 || rows.length !== ids.length) return null;
  let harvestKg = 0;
  for (const b of rows) {
    const kg = harvestKgOf(b);
    if (kg == null || kg <= 0) return null;
    harvestKg += kg;
  }
  const book = await loadFactorBook(ctx.db, ctx.tenantId);
  const stage = new Map<string, number>();
  let total = 0;
  for (const b of rows) {
    for (const l of (await batchLines(ctx, book, b)).lines) {
      const v = (l.kind === 'removal' ? -1 : 1) * Number(l.kgCo2e);
      total += v;
      stage.set(l.stage, (stage.get(l.stage) ?? 0) + v);
    }
  }
  return {
    kgCo2ePerKg: decimal(total / harvestKg, 6),
    totalKgCo2e: decimal(total, 4),
    harvestKg: decimal(harvestKg, 3),
    byStage: CARBON_STAGES.filter((s) => stage.has(s)).map((s) => ({
      stage: s,
      kgCo2e: decimal(stage.get(s) ?? 0, 4),
    })),
    method: FOOTPRINT_METHOD,
  };
};
