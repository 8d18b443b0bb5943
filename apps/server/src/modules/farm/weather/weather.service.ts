import type { PermissionCode } from '@tilth/contracts/permissions';
import type { WeatherCity, WeatherNow, WeatherNowQuery } from '@tilth/contracts/weather.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { findBase } from '../area/index.js';
import { WeatherErrors } from './weather.errors.js';
import type { WeatherProvider } from './weather.provider.js';

/** The weather cards sit on the farm home page. */
export const WEATHER_ACCESS = 'wfpf.farm.farm.home' as const satisfies PermissionCode;

/** 'lat,lng' as bases store their centre, or null when unset or unreadable. */
export const parseCenter = (center: string | null): { lat: number; lng: number } | null => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(center ?? '');
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
};

/**
 * City lookup and current weather (spec 01 §2.2, §7 'External weather service'). Calls run outside any
 * database transaction: the outside service may take seconds.
 */
export class WeatherService {
  constructor(private readonly provider: WeatherProvider) {}

  async cities(ctx: Ctx, keyword: string): Promise<WeatherCity[]> {
    requireAccess(ctx, WEATHER_ACCESS);
    return this.provider.cities(keyword, ctx.lang);
  }

  async now(ctx: Ctx, q: WeatherNowQuery): Promise<WeatherNow> {
    requireAccess(ctx, WEATHER_ACCESS);
    requireTenant(ctx);
    const tenantId = ctx.tenantId;
    let at: { lat: number; lng: number } | null;
    if (q.areaId !== undefined) {
      const areaId = q.areaId;
      const area = await ctx.transact((db) => findBase(db, tenantId, areaId));
      if (!area) throw WeatherErrors.areaNotFound();
      at = parseCenter(area.areaCenter);
      if (!at) throw WeatherErrors.noCenter();
    } else {
      at = { lat: q.lat ?? 0, lng: q.lng ?? 0 };
    }
    return this.provider.now(at.lat, at.lng);
  }
}
