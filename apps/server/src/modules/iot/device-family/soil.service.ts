import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import type { SoilCurvePoint, SoilInfo } from '@tilth/contracts/device-family.types';
import type { DeviceTypeDef } from '@tilth/contracts/device-types';
import ExcelJS from 'exceljs';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { timeText } from '../../../platform/time/zone.js';
import { parseHistoryTime, readRawRows } from '../device/index.js';
import { loadDevice, SOIL } from './device-family.access.js';
import { FamilyErrors } from './device-family.errors.js';
import { type DeviceRow, rollupTelemetry } from './device-family.repository.js';

// Soil and tubular soil moisture (spec 02 §2 soil layer cards, §3 soil detail and curve point, §9 units
// °C, %, S/m). Layers are numbered from 1 in display order; with surfaceFlag 1 layer 1 is the surface
// (registry metric index 0) and the depth labels shift by one.

const RAW_MAX_DAYS = 3;
const HOURLY_MAX_DAYS = 92;
const MAX_DAYS = 366;
const RAW_LIMIT = 20_000;
const DAY_MS = 86_400_000;

interface Layer {
  number: number;
  index: number;
}

/** The layers a soil device shows, with the registry metric index of each. */
export const soilLayers = (
  type: DeviceTypeDef,
  config: Record<string, unknown>,
): { surfaceFlag: 0 | 1; layers: Layer[] } => {
  const parsed = deviceConfigSchema(type.key).safeParse(config);
  const cfg = parsed.success ? parsed.data : {};
  const has = (i: number) => type.metrics.some((m) => m.key === `moisture${i}`);
  const surfaceFlag: 0 | 1 = cfg.surfaceFlag === 1 && has(0) ? 1 : 0;
  const count = typeof cfg.layerCount === 'number' ? cfg.layerCount : 10;
  const indices = [...(surfaceFlag ? [0] : []), ...Array.from({ length: count }, (_, i) => i + 1)].filter(
    has,
  );
  return { surfaceFlag, layers: indices.map((index, i) => ({ number: i + 1, index })) };
};

const METRICS = (i: number) => ({
  humidity: `moisture${i}`,
  temperature: `soilTemp${i}`,
  conductivity: `ec${i}`,
});

const pick = (values: Record<string, number>, key: string): number | null => {
  const v = values[key];
  return typeof v === 'number' ? v : null;
};

export const soilInfoOf = (row: DeviceRow, type: DeviceTypeDef): SoilInfo => {
  const { surfaceFlag, layers } = soilLayers(type, row.config);
  return {
    surfaceFlag,
    concentratorId: row.id,
    layerList: layers.map(({ number, index }) => {
      const m = METRICS(index);
      const humidity = pick(row.latest, m.humidity);
      const temperature = pick(row.latest, m.temperature);
      const conductivity = pick(row.latest, m.conductivity);
      const any = humidity !== null || temperature !== null || conductivity !== null;
      return {
        number,
        humidity,
        temperature,
        conductivity,
        lastUpdateDate: any && row.latestAt ? row.latestAt.toISOString() : null,
      };
    }),
  };
};

const range = (startTime: string, endTime: string, tz: string): { from: Date; to: Date } => {
  const from = parseHistoryTime(startTime, 'start', tz);
  const to = parseHistoryTime(endTime, 'end', tz);
  if (!from || !to || to < from) throw FamilyErrors.badTime();
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) throw FamilyErrors.rangeTooLong({ days: MAX_DAYS });
  return { from, to };
};

/** Per-layer points over a range: raw readings for a few days, hourly then daily averages beyond. */
const history = async (
  ctx: Ctx & { tenantId: number },
  row: DeviceRow,
  type: DeviceTypeDef,
  from: Date,
  to: Date,
) => {
  const { layers } = soilLayers(type, row.config);
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  const points: SoilCurvePoint[] = [];
  if (days <= RAW_MAX_DAYS) {
    for (const r of await readRawRows(ctx.db, ctx.tenantId, row.id, from, to, RAW_LIMIT)) {
      for (const { number, index } of layers) {
        const m = METRICS(index);
        const p = {
          layer: number,
          humidity: pick(r.values, m.humidity),
          temperature: pick(r.values, m.temperature),
          conductivity: pick(r.values, m.conductivity),
          uploadTime: r.ts.toISOString(),
        };
        if (p.humidity !== null || p.temperature !== null || p.conductivity !== null) points.push(p);
      }
    }
    return points;
  }
  const metrics = layers.flatMap(({ index }) => Object.values(METRICS(index)));
  const level = days <= HOURLY_MAX_DAYS ? 'hourly' : 'daily';
  const byBucket = new Map<number, Map<string, number>>();
  for (const r of await rollupTelemetry(ctx.db, level, ctx.tenantId, row.id, metrics, from, to)) {
    const key = r.bucket.getTime();
    const b = byBucket.get(key) ?? new Map<string, number>();
    if (r.count > 0) b.set(r.metric, Math.round((r.sum / r.count) * 1000) / 1000);
    byBucket.set(key, b);
  }
  for (const [at, b] of [...byBucket.entries()].sort((x, y) => x[0] - y[0])) {
    for (const { number, index } of layers) {
      const m = METRICS(index);
      const p = {
        layer: number,
        humidity: b.get(m.humidity) ?? null,
        temperature: b.get(m.temperature) ?? null,
        conductivity: b.get(m.conductivity) ?? null,
        uploadTime: new Date(at).toISOString(),
      };
      if (p.humidity !== null || p.temperature !== null || p.conductivity !== null) points.push(p);
    }
  }
  return points;
};

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': ['时间', '层', '土壤湿度 (%)', '土壤温度 (°C)', '电导率 (S/m)'],
  'en-US': ['Time', 'Layer', 'Soil moisture (%)', 'Soil temperature (°C)', 'Conductivity (S/m)'],
};

export const layerLabel = (lang: Lang, surfaceFlag: number, n: number): string => {
  const depth = surfaceFlag ? n - 1 : n;
  if (depth === 0) return lang === 'zh-CN' ? '表层' : 'Surface';
  return lang === 'zh-CN' ? `第${depth}层` : `Layer ${depth}`;
};

export class SoilService {
  async info(ctx: Ctx, id: number): Promise<SoilInfo> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, id, SOIL, 'view');
    return soilInfoOf(row, type);
  }

  async history(ctx: Ctx, id: number, q: { startTime: string; endTime: string }): Promise<SoilCurvePoint[]> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, id, SOIL, 'view');
    const { from, to } = range(q.startTime, q.endTime, ctx.timeZone);
    return history(ctx, row, type, from, to);
  }

  /** The same points as an .xlsx workbook (spec 02 §7 history-expert). */
  async export(
    ctx: Ctx,
    id: number,
    q: { startTime: string; endTime: string },
  ): Promise<{ name: string; body: Buffer }> {
    requireTenant(ctx);
    const { row, type } = await loadDevice(ctx, id, SOIL, 'view');
    const { from, to } = range(q.startTime, q.endTime, ctx.timeZone);
    const { surfaceFlag } = soilLayers(type, row.config);
    const points = await history(ctx, row, type, from, to);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(ctx.lang === 'zh-CN' ? '土壤数据' : 'Soil data');
    sheet.addRow(HEADERS[ctx.lang]);
    sheet.getRow(1).font = { bold: true };
    for (const p of points) {
      sheet.addRow([
        timeText(new Date(p.uploadTime), ctx.timeZone),
        layerLabel(ctx.lang, surfaceFlag, p.layer),
        p.humidity,
        p.temperature,
        p.conductivity,
      ]);
    }
    sheet.columns.forEach((c) => {
      c.width = 20;
    });
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    return { name: `soil-${row.eui}.xlsx`, body };
  }
}
