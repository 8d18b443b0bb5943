import { DEFAULT_CARBON_FACTORS } from '@tilth/contracts/carbon.defaults';
import { decimal } from '@tilth/contracts/carbon.formulas';
import type {
  CarbonFactor,
  CarbonFactorCreateBody,
  CarbonFactorListQuery,
  CarbonFactorUpdateBody,
  CarbonSettings,
} from '@tilth/contracts/carbon.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { guardUnique } from '../../../platform/db/writes.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { FactorErrors } from './factor.errors.js';
import {
  deleteFactor,
  type FactorRow,
  type FactorValues,
  findFactor,
  findSettings,
  insertFactor,
  insertSettings,
  tenantFactors,
  updateFactor,
  updateSettings,
} from './factor.repository.js';

export const FACTOR_ACCESS = {
  view: 'wfpf.farm.carbon.registry',
  edit: 'wfpf.farm.carbon.registry.ps.edit',
  // Monitoring and the dashboard read the settings (grid region, fixed year) too.
  read: ['wfpf.farm.carbon.registry', 'wfpf.farm.carbon.neutral', 'wfpf.farm.carbon.spectaculars'],
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

const UNIQUE = { carbon_factors_code_uq: 'duplicate' } as const;

const sameKey = (a: { factorCode: string; region: string }, b: { factorCode: string; region: string }) =>
  a.factorCode === b.factorCode && a.region === b.region;

const rowOut = (r: FactorRow, overrides: boolean): CarbonFactor => ({
  id: r.id,
  factorCode: r.factorCode,
  category: r.category as CarbonFactor['category'],
  factorName: r.factorName,
  factorEnName: r.factorEnName,
  gas: r.gas as CarbonFactor['gas'],
  gwpBasis: r.gwpBasis as CarbonFactor['gwpBasis'],
  value: decimal(Number(r.value), 6),
  unit: r.unit,
  activityUnit: r.activityUnit,
  source: r.source,
  region: r.region,
  validYear: r.validYear,
  calcYear: r.calcYear,
  uncertaintyPct: r.uncertaintyPct == null ? null : decimal(Number(r.uncertaintyPct), 2),
  stage: r.stage as CarbonFactor['stage'],
  description: r.description,
  enabledFlag: r.enabledFlag,
  own: true,
  overrides,
  overriddenBy: null,
  objectVersionNumber: r.objectVersionNumber,
});

/** The merged registry: the tenant's rows, then the defaults (each marked when a tenant row overrides it). */
const merged = (rows: FactorRow[]): CarbonFactor[] => {
  const own = rows.map((r) =>
    rowOut(
      r,
      DEFAULT_CARBON_FACTORS.some((d) => sameKey(d, r)),
    ),
  );
  const defaults: CarbonFactor[] = DEFAULT_CARBON_FACTORS.map((d) => ({
    id: null,
    ...d,
    value: decimal(d.value, 6),
    uncertaintyPct: d.uncertaintyPct == null ? null : decimal(d.uncertaintyPct, 2),
    enabledFlag: 1,
    own: false,
    overrides: false,
    overriddenBy: rows.find((r) => r.enabledFlag === 1 && sameKey(d, r))?.id ?? null,
    objectVersionNumber: null,
  }));
  return [...own, ...defaults];
};

const matches = (f: CarbonFactor, q: CarbonFactorListQuery): boolean => {
  if (q.category && f.category !== q.category) return false;
  if (q.gas && f.gas !== q.gas) return false;
  if (q.region && f.region !== q.region) return false;
  if (q.year !== undefined && f.validYear !== q.year) return false;
  if (q.stage && f.stage !== q.stage) return false;
  if (q.origin === 'own' && !f.own) return false;
  if (q.origin === 'default' && f.own) return false;
  if (q.search) {
    const s = q.search.toLowerCase();
    const hay = `${f.factorCode} ${f.factorName} ${f.factorEnName ?? ''} ${f.source}`.toLowerCase();
    if (!hay.includes(s)) return false;
  }
  return true;
};

/** A default's activity unit (an override must keep it: entries and records are in that unit). */
const defaultUnitOf = (code: string): string | undefined =>
  DEFAULT_CARBON_FACTORS.find((d) => d.factorCode === code)?.activityUnit;

const valuesOf = (b: CarbonFactorCreateBody, enabledFlag = 1): FactorValues => {
  if (b.validYear != null && b.calcYear != null && b.calcYear > b.validYear) throw FactorErrors.yearOrder();
  const unit = defaultUnitOf(b.factorCode);
  if (unit !== undefined && unit !== b.activityUnit) throw FactorErrors.unitMismatch({ unit });
  return {
    factorCode: b.factorCode,
    category: b.category,
    factorName: b.factorName,
    factorEnName: b.factorEnName ?? null,
    gas: b.gas,
    gwpBasis: b.gwpBasis,
    value: String(b.value),
    unit: `kg${b.gas}/${b.activityUnit}`,
    activityUnit: b.activityUnit,
    source: b.source,
    region: b.region,
    validYear: b.validYear ?? null,
    calcYear: b.calcYear ?? null,
    uncertaintyPct: b.uncertaintyPct == null ? null : String(b.uncertaintyPct),
    stage: b.stage ?? null,
    enabledFlag,
    description: b.description ?? null,
  };
};

const settingsOut = (
  r: { gridRegion: string; dashboardYear: number | null; objectVersionNumber: number } | undefined,
): CarbonSettings => ({
  gridRegion: (r?.gridRegion ?? 'CN') as CarbonSettings['gridRegion'],
  dashboardYear: r?.dashboardYear ?? null,
  effectiveYear: r?.dashboardYear ?? new Date().getUTCFullYear(),
  // 0: never saved (the first save creates the row).
  objectVersionNumber: r?.objectVersionNumber ?? 0,
});

/** The carbon registry (/web/carbon/registry): defaults plus the tenant's factors, and the settings. */
export class FactorService {
  async list(ctx: Ctx, q: CarbonFactorListQuery): Promise<Page<CarbonFactor>> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.read);
    const all = merged(await tenantFactors(ctx.db, ctx.tenantId)).filter((f) => matches(f, q));
    const w = pageWindow(q);
    const content = w.limit === undefined ? all : all.slice(w.offset, w.offset + w.limit);
    return pageAnswer(content, all.length, q);
  }

  async create(ctx: Ctx, b: CarbonFactorCreateBody): Promise<CarbonFactor> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.edit);
    const v = valuesOf(b);
    const got = await guardUnique(UNIQUE, () => insertFactor(ctx.db, ctx.tenantId, ctx.user.id, v));
    if (!got) throw CommonErrors.stale();
    if ('conflict' in got) throw FactorErrors.duplicate();
    return rowOut(got.row, defaultUnitOf(got.row.factorCode) !== undefined);
  }

  async update(ctx: Ctx, b: CarbonFactorUpdateBody): Promise<CarbonFactor> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.edit);
    const cur = await findFactor(ctx.db, ctx.tenantId, b.id);
    if (!cur) throw FactorErrors.notFound();
    const v = valuesOf(b, b.enabledFlag);
    const got = await guardUnique(UNIQUE, () =>
      updateFactor(ctx.db, ctx.tenantId, ctx.user.id, b.id, b.objectVersionNumber, v),
    );
    if (!got) throw CommonErrors.stale();
    if ('conflict' in got) throw FactorErrors.duplicate();
    return rowOut(got.row, defaultUnitOf(got.row.factorCode) !== undefined);
  }

  async remove(ctx: Ctx, id: number, version: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.edit);
    if (!(await findFactor(ctx.db, ctx.tenantId, id))) throw FactorErrors.notFound();
    if (!(await deleteFactor(ctx.db, ctx.tenantId, id, version))) throw CommonErrors.stale();
    return { success: true };
  }

  async settings(ctx: Ctx): Promise<CarbonSettings> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.read);
    return settingsOut(await findSettings(ctx.db, ctx.tenantId));
  }

  async saveSettings(
    ctx: Ctx,
    b: { gridRegion: string; dashboardYear: number | null; objectVersionNumber: number },
  ): Promise<CarbonSettings> {
    requireTenant(ctx);
    requireAccess(ctx, FACTOR_ACCESS.edit);
    const v = { gridRegion: b.gridRegion, dashboardYear: b.dashboardYear };
    const row =
      b.objectVersionNumber === 0
        ? await insertSettings(ctx.db, ctx.tenantId, ctx.user.id, v)
        : await updateSettings(ctx.db, ctx.tenantId, ctx.user.id, b.objectVersionNumber, v);
    if (!row) throw CommonErrors.stale();
    return settingsOut(row);
  }
}
