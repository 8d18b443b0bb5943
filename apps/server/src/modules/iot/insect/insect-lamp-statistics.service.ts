import type { InsectCounts, InsectTrendPoint, InsectType, PieSlice } from '@tilth/contracts/insect.types';
import type {
  InsectTypeDetails,
  IsIdentified,
  PestAggregate,
  PestDay,
  PestRangeQuery,
  PestStatistics,
  PestStatisticsQuery,
} from '@tilth/contracts/insect-lamp.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { findDevice } from '../device/index.js';
import { STATISTICS_ACCESS, visibilityOf } from './insect.access.js';
import { InsectErrors } from './insect.errors.js';
import * as repo from './insect.repository.js';
import type { InsectService } from './insect.service.js';
import { daysOf, resolveRange } from './insect.time.js';
import { recordSummary, totalsByDevice } from './insect-lamp.repository.js';
import { type InsectStatisticsService, toType } from './insect-statistics.service.js';
import { findType, listTypes } from './insect-type.repository.js';

// Spec 02 §7 pest statistics of one trap (insect-statistics/{id}/…, id = the spec's concentrator id), the
// overview (insect-statistics/pest-statistics) and the v2 insect type / identification look-ups.

const round1 = (x: number): number => Math.round(x * 10) / 10;

export class PestDeviceStatisticsService {
  constructor(
    private readonly records: InsectService,
    private readonly stats: InsectStatisticsService,
  ) {}

  /** A trap of the tenant whose records the caller may see (404 otherwise). */
  private async trap(ctx: Ctx, id: number): Promise<TenantCtx> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const device = await findDevice(ctx.db, ctx.tenantId, id);
    if (!device || !visibilityOf(ctx).deviceTypes.includes(device.typeKey)) {
      throw InsectErrors.deviceNotFound();
    }
    return ctx;
  }

  /**
   * {id}/trend/{x}: the pest trend call of spec 02 §7 — concentrator id, startTime, endTime →
   * [{name, insectQuantity, creationDate}] per day and pest; x = 'all', or an insect type id for one pest.
   */
  async trend(ctx: Ctx, id: number, x: 'all' | number, q: PestRangeQuery): Promise<InsectTrendPoint[]> {
    const c = await this.trap(ctx, id);
    const points = await this.records.trend(c, { deviceId: id, startTime: q.startTime, endTime: q.endTime });
    if (x === 'all') return points;
    const type = await findType(c.db, c.tenantId, x);
    if (!type) throw InsectErrors.typeNotFound();
    return points.filter((p) => p.name === type.name);
  }

  /** {id}/pie-chart: each pest's share of the trap's catch over the range. */
  async pie(ctx: Ctx, id: number, q: PestRangeQuery): Promise<PieSlice[]> {
    const c = await this.trap(ctx, id);
    return this.stats.pie(c, { deviceId: id, areaId: undefined, ...q });
  }

  /** {id}/count: the trap's catch today, over the past 7 and the past 30 days. */
  async counts(ctx: Ctx, id: number): Promise<InsectCounts> {
    const c = await this.trap(ctx, id);
    return this.stats.counts(c, {
      deviceId: id,
      areaId: undefined,
      startTime: undefined,
      endTime: undefined,
    });
  }

  /** {id}/list: every farm day of the range with the trap's counts per pest (zeros included). */
  async days(ctx: Ctx, id: number, q: PestRangeQuery): Promise<PestDay[]> {
    const c = await this.trap(ctx, id);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await repo.dailyCounts(
      c.db,
      c.tenantId,
      { deviceId: id, from: range.from, to: range.to },
      visibilityOf(c),
      c.timeZone,
    );
    const byDay = new Map<string, { name: string; count: number }[]>();
    for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), { name: r.name, count: r.n }]);
    return daysOf(range).map((d) => {
      const counts = (byDay.get(d) ?? []).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      return { creationDate: d, insectQuantity: counts.reduce((a, x) => a + x.count, 0), counts };
    });
  }

  /** {id}/aggregate-bug: per pest over the range — total, share, days caught, peak day, catalogue entry. */
  async aggregate(ctx: Ctx, id: number, q: PestRangeQuery): Promise<PestAggregate[]> {
    const c = await this.trap(ctx, id);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const rows = await repo.dailyCounts(
      c.db,
      c.tenantId,
      { deviceId: id, from: range.from, to: range.to },
      visibilityOf(c),
      c.timeZone,
    );
    const { rows: types } = await listTypes(c.db, c.tenantId, undefined, undefined, 0);
    // The tenant's own entry wins over the platform's of the same name.
    const byName = new Map(
      [...types].sort((a, b) => a.tenantId - b.tenantId).map((t) => [t.name, t] as const),
    );
    const acc = new Map<string, { n: number; days: number; peakDate: string; peak: number }>();
    for (const r of rows) {
      const a = acc.get(r.name) ?? { n: 0, days: 0, peakDate: r.day, peak: -1 };
      a.n += r.n;
      if (r.n > 0) a.days += 1;
      if (r.n > a.peak) {
        a.peak = r.n;
        a.peakDate = r.day;
      }
      acc.set(r.name, a);
    }
    const total = [...acc.values()].reduce((s, a) => s + a.n, 0);
    return [...acc]
      .map(([name, a]) => {
        const t = byName.get(name);
        return {
          name,
          typeId: t?.id ?? null,
          nameEn: t?.nameEn ?? null,
          latinName: t?.latinName ?? null,
          insectQuantity: a.n,
          percent: total ? round1((a.n / total) * 100) : 0,
          days: a.days,
          peakDate: a.peakDate,
          peakQuantity: Math.max(0, a.peak),
        };
      })
      .sort((a, b) => b.insectQuantity - a.insectQuantity || a.name.localeCompare(b.name));
  }

  /** pest-statistics: totals, the pie and each trap's catch over the range (optionally of one base). */
  async overview(ctx: Ctx, q: PestStatisticsQuery): Promise<PestStatistics> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const insects = await this.stats.pie(ctx, { deviceId: undefined, ...q });
    const devices = await totalsByDevice(
      ctx.db,
      ctx.tenantId,
      { areaId: q.areaId, from: range.from, to: range.to },
      visibilityOf(ctx),
    );
    return {
      startDay: range.firstDay,
      endDay: range.lastDay,
      total: insects.reduce((a, s) => a + s.value, 0),
      records: devices.reduce((a, d) => a + d.records, 0),
      insects,
      devices: devices.map((d) => ({
        concentratorId: d.deviceId,
        name: d.name,
        deviceType: d.typeKey,
        insectQuantity: d.n,
        records: d.records,
        lastTakenAt: d.last?.toISOString() ?? null,
      })),
    };
  }

  /** v2 type/organization: the insect types the tenant (organisation) can use — platform and own. */
  async typesOfOrganization(ctx: Ctx, name: string | undefined): Promise<InsectType[]> {
    return (await this.stats.types(ctx, { page: 0, size: 0, name })).content;
  }

  /** v2 type/{id}/details/organization: the type and what the tenant caught of it over the range. */
  async typeDetails(ctx: Ctx, typeId: number, q: PestRangeQuery): Promise<InsectTypeDetails> {
    requireTenant(ctx);
    requireAccess(ctx, STATISTICS_ACCESS.read);
    const type = await findType(ctx.db, ctx.tenantId, typeId);
    if (!type) throw InsectErrors.typeNotFound();
    const range = resolveRange(q.startTime, q.endTime, ctx.timeZone);
    const filter = { name: type.name, from: range.from, to: range.to };
    const vis = visibilityOf(ctx);
    const totals = await repo.totalsByName(ctx.db, ctx.tenantId, filter, vis);
    const summary = await recordSummary(ctx.db, ctx.tenantId, filter, vis);
    return {
      ...toType(type),
      startDay: range.firstDay,
      endDay: range.lastDay,
      insectQuantity: totals.find((t) => t.name === type.name)?.n ?? 0,
      records: summary.records,
      lastTakenAt: summary.last?.toISOString() ?? null,
    };
  }

  /** v2 maintenance/is-identify/{id}: whether a record has been identified. */
  async isIdentified(ctx: Ctx, id: number): Promise<IsIdentified> {
    const r = await this.records.get(ctx, id);
    return {
      id: r.id,
      identified: r.identifiedFlag === 1,
      identifiedFlag: r.identifiedFlag,
      source: r.source,
      hasPhoto: r.fileId !== null,
      total: r.total,
    };
  }
}
