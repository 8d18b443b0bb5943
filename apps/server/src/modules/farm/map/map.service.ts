import type {
  MapConfig,
  MapDigital,
  MapFeatures,
  MapFeaturesQuery,
  MapSlice,
} from '@tilth/contracts/map.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { today as todayIn } from '../../../platform/time/zone.js';
import { AreaErrors, FARM_BASE, findBase } from '../area/index.js';
import {
  areaByCrop,
  batchesByMonth,
  digitalTotals,
  mapBases,
  mapPlots,
  plotsByBase,
} from './map.repository.js';

/**
 * Access of the map calls. The tile settings and the features feed every screen that shows the farm map
 * (map, digital map, the plot page's map panel), so any of those pages suffices; the overview figures
 * belong to the digital map.
 */
export const MAP_ACCESS = {
  config: ['wfpf.farm.farm.map', 'wfpf.farm.farm.map-digital', 'wfpf.farm.farm.land'],
  features: ['wfpf.farm.farm.map', 'wfpf.farm.farm.map-digital', 'wfpf.farm.farm.land'],
  digital: 'wfpf.farm.farm.map-digital',
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

/** Bars shown in the plots-by-base chart; more would not be readable on one screen. */
export const PLOTS_BY_BASE_LIMIT = 20;
export const MONTHS = 12;

const num = (v: string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
const round = (v: number, digits: number): number => Number(v.toFixed(digits));

/** The `count` months ending with the month of `today` ('YYYY-MM-DD'), oldest first, as 'YYYY-MM'. */
export const lastMonths = (today: string, count: number): string[] => {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
};

export class MapService {
  constructor(private readonly settings: MapConfig) {}

  config(ctx: Ctx): MapConfig {
    requireTenant(ctx);
    requireAccess(ctx, MAP_ACCESS.config);
    return this.settings;
  }

  async features(ctx: Ctx, q: MapFeaturesQuery): Promise<MapFeatures> {
    requireTenant(ctx);
    requireAccess(ctx, MAP_ACCESS.features);
    const base = q.areaId === undefined ? undefined : await findBase(ctx.db, ctx.tenantId, q.areaId);
    if (q.areaId !== undefined && base?.organizationType !== FARM_BASE) {
      throw AreaErrors.notFound();
    }
    // Sequential: the request's transaction is one connection.
    const bases = await mapBases(ctx.db, ctx.tenantId, q.areaId);
    const plots = await mapPlots(ctx.db, ctx.tenantId, ctx.lang, q.areaId);
    return {
      bases: bases.map((b) => ({
        ...b,
        landCount: Number(b.landCount),
        areaMu: round(num(b.areaMu) ?? 0, 4),
      })),
      plots: plots.map((p) => ({ ...p, areaM2: num(p.areaM2), areaMu: num(p.areaMu) })),
    };
  }

  async digital(ctx: Ctx): Promise<MapDigital> {
    requireTenant(ctx);
    requireAccess(ctx, MAP_ACCESS.digital);
    const today = todayIn(ctx.timeZone);
    const months = lastMonths(today, MONTHS);
    const since = `${months[0] ?? today.slice(0, 7)}-01`;
    // One transaction carries the tenant setting, so the statements run one after another.
    const totals = await digitalTotals(ctx.db, ctx.tenantId, today);
    const crops = await areaByCrop(ctx.db, ctx.tenantId, ctx.lang);
    const perBase = await plotsByBase(ctx.db, ctx.tenantId, PLOTS_BY_BASE_LIMIT);
    const perMonth = new Map(
      (await batchesByMonth(ctx.db, ctx.tenantId, since)).map((r) => [r.name, r.value]),
    );
    const byMonth: MapSlice[] = months.map((m) => ({ name: m, value: Number(perMonth.get(m) ?? 0) }));
    return {
      baseCount: totals.baseCount,
      plotCount: totals.plotCount,
      totalAreaMu: round(num(totals.totalAreaMu) ?? 0, 2),
      growingBatchCount: totals.growingBatchCount,
      tasksToday: totals.tasksToday,
      plotsInUse: totals.plotsInUse,
      areaByCrop: crops.map((c) => ({ name: c.name, value: round(num(c.value) ?? 0, 2) })),
      plotsByBase: perBase.map((b) => ({ name: b.name, value: Number(b.value) })),
      batchesByMonth: byMonth,
    };
  }
}
