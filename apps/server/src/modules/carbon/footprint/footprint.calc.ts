import {
  activityTimesFactor,
  decimal,
  electricityKwh,
  FUELLED_MACHINES,
  type N2oParams,
  type NitrogenSource,
  n2oDirectKg,
  n2oLeachingKg,
  n2oVolatilisationKg,
  nitrogenKg,
  POWERED_DEVICES,
  runHoursFromBuckets,
  toKgWithSpec,
} from '@tilth/contracts/carbon.formulas';
import type { CarbonLine, CarbonRef, CarbonStage } from '@tilth/contracts/carbon.types';
import type { FactorBook, ResolvedFactor } from '../factor/index.js';
import type {
  BatchWindowRow,
  BucketRow,
  DeviceRef,
  EntryRow,
  FertilizerUseRow,
} from './footprint.repository.js';

// Records → calculation lines (activity × factor = result). Pure: the repository reads, this multiplies.

export interface NotCounted {
  reason: string;
  refs: CarbonRef[];
}
export interface Lines {
  lines: CarbonLine[];
  notCounted: NotCounted[];
}

type Lang = 'zh-CN' | 'en-US';
const T = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);

const factorOut = (f: ResolvedFactor, lang: Lang): CarbonLine['factor'] => ({
  code: f.code,
  name: lang === 'en-US' && f.enName ? f.enName : f.name,
  value: decimal(f.value, 6),
  unit: f.unit,
  gas: f.gas,
  gwp: decimal(f.gwp, 1),
  source: f.source,
  own: f.own,
  validYear: f.validYear,
});

const yearOf = (day: string): number => Number(day.slice(0, 4));

/** The IPCC parameters in force for a year (each overridable by the tenant). */
const n2oParams = (
  book: FactorBook,
  year: number,
): { p: N2oParams; f: Record<keyof N2oParams, ResolvedFactor> } | null => {
  const codes = {
    ef1: 'n2o.ef1',
    fracGasf: 'n2o.frac_gasf',
    fracGasm: 'n2o.frac_gasm',
    ef4: 'n2o.ef4',
    fracLeach: 'n2o.frac_leach',
    ef5: 'n2o.ef5',
  } as const;
  const f = {} as Record<keyof N2oParams, ResolvedFactor>;
  for (const [k, code] of Object.entries(codes) as [keyof N2oParams, string][]) {
    const got = book.pick(code, year, 'GLOBAL');
    if (!got) return null;
    f[k] = got;
  }
  return {
    p: {
      ef1: f.ef1.value,
      fracGasf: f.fracGasf.value,
      fracGasm: f.fracGasm.value,
      ef4: f.ef4.value,
      fracLeach: f.fracLeach.value,
      ef5: f.ef5.value,
    },
    f,
  };
};

const n = (x: number, d = 4) => decimal(x, d);

/** Fertiliser use → direct and indirect N2O and the manufacture of its nutrients. */
export const fertilizerLines = (rows: readonly FertilizerUseRow[], book: FactorBook, lang: Lang): Lines => {
  const out: Lines = { lines: [], notCounted: [] };
  for (const r of rows) {
    const refs: CarbonRef[] = [
      { type: 'task', id: r.taskId, name: r.taskName },
      { type: 'input', id: r.inputId, name: r.inputName },
    ];
    const kg = toKgWithSpec(Number(r.quantity), r.unit, r.specification);
    const nPct = r.nPercent == null ? null : Number(r.nPercent);
    const pPct = r.p2o5Percent == null ? null : Number(r.p2o5Percent);
    const kPct = r.k2oPercent == null ? null : Number(r.k2oPercent);
    if (nPct == null && pPct == null && kPct == null) {
      out.notCounted.push({
        reason: T(lang, '投入品未填养分含量', 'the input has no nutrient content'),
        refs,
      });
      continue;
    }
    if (kg == null) {
      out.notCounted.push({
        reason: T(
          lang,
          `用量单位“${r.unit}”不是质量单位，规格也未注明每${r.unit}重量`,
          `the unit "${r.unit}" is not a mass unit and the specification gives no mass per ${r.unit}`,
        ),
        refs,
      });
      continue;
    }
    const year = yearOf(r.day);
    const base = {
      kind: 'emission' as const,
      stage: 'planting' as CarbonStage,
      date: r.day,
      areaId: r.areaId,
      landId: r.landId,
      batchId: r.batchId,
      refs,
    };
    const label = `${r.inputName} ${n(Number(r.quantity), 3)} ${r.unit}`;
    if (nPct != null && nPct > 0) {
      const nKg = nitrogenKg(kg, nPct);
      const prm = n2oParams(book, year);
      if (prm) {
        const { p, f } = prm;
        const direct = n2oDirectKg(nKg, p) * f.ef1.gwp;
        out.lines.push({
          ...base,
          source: 'fertilizer_n2o_direct',
          activity: { amount: n(nKg), unit: 'kgN', label: `${label} × ${n(nPct, 2)} % N` },
          factor: factorOut(f.ef1, lang),
          formula: `${n(nKg)} kg N × ${n(p.ef1, 4)} × 44/28 × ${n(f.ef1.gwp, 1)}`,
          kgCo2e: n(direct),
        });
        const src: NitrogenSource = r.nitrogenSource === 'organic' ? 'organic' : 'synthetic';
        const frac = src === 'organic' ? f.fracGasm : f.fracGasf;
        const vol = n2oVolatilisationKg(nKg, src, p) * f.ef4.gwp;
        out.lines.push({
          ...base,
          source: 'fertilizer_n2o_indirect',
          activity: { amount: n(nKg), unit: 'kgN', label: `${label} × ${n(nPct, 2)} % N` },
          factor: factorOut(f.ef4, lang),
          formula: `${n(nKg)} kg N × ${n(frac.value, 4)} (${src === 'organic' ? 'FracGASM' : 'FracGASF'}) × ${n(p.ef4, 4)} × 44/28 × ${n(f.ef4.gwp, 1)}`,
          kgCo2e: n(vol),
        });
        const leach = n2oLeachingKg(nKg, p) * f.ef5.gwp;
        out.lines.push({
          ...base,
          source: 'fertilizer_n2o_indirect',
          activity: { amount: n(nKg), unit: 'kgN', label: `${label} × ${n(nPct, 2)} % N` },
          factor: factorOut(f.ef5, lang),
          formula: `${n(nKg)} kg N × ${n(p.fracLeach, 4)} (FracLEACH) × ${n(p.ef5, 4)} × 44/28 × ${n(f.ef5.gwp, 1)}`,
          kgCo2e: n(leach),
        });
      }
    }
    const nutrients: [string, number | null, string][] = [
      ['fertilizer.n.manufacture', nPct, 'kgN'],
      ['fertilizer.p2o5.manufacture', pPct, 'kgP2O5'],
      ['fertilizer.k2o.manufacture', kPct, 'kgK2O'],
    ];
    for (const [code, pct, unit] of nutrients) {
      if (pct == null || pct <= 0) continue;
      const f = book.pick(code, year, 'GLOBAL');
      if (!f) continue;
      const amount = (kg * pct) / 100;
      out.lines.push({
        ...base,
        source: 'fertilizer_manufacture',
        activity: { amount: n(amount), unit, label: `${label} × ${n(pct, 2)} %` },
        factor: factorOut(f, lang),
        formula: `${n(amount)} ${unit} × ${n(f.value, 6)} × ${n(f.gwp, 1)}`,
        kgCo2e: n(activityTimesFactor(amount, f.value) * f.gwp),
      });
    }
  }
  return out;
};

const dayOf = (d: Date): string => d.toISOString().slice(0, 10);
const monthOf = (day: string): string => day.slice(0, 7);

/** The batch growing on a plot on a day (its window: start to harvest, else end, else open). */
export const batchOn = (
  windows: readonly BatchWindowRow[],
  landId: number | null,
  day: string,
): BatchWindowRow | undefined =>
  landId == null
    ? undefined
    : windows.find(
        (b) =>
          b.landId === landId && b.startDate <= day && day <= (b.harvestDate ?? b.endDate ?? '9999-12-31'),
      );

const positive = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;

interface Group {
  device: DeviceRef;
  month: string;
  firstDay: string;
  batch: BatchWindowRow | undefined;
  buckets: BucketRow[];
}

const groupBuckets = (
  devs: readonly DeviceRef[],
  buckets: readonly BucketRow[],
  windows: readonly BatchWindowRow[],
) => {
  const byId = new Map(devs.map((d) => [d.id, d]));
  const groups = new Map<string, Group>();
  for (const b of buckets) {
    const device = byId.get(b.deviceId);
    if (!device) continue;
    const day = dayOf(b.bucket);
    const batch = batchOn(windows, device.landId, day);
    const key = `${device.id}|${b.metric}|${monthOf(day)}|${batch?.id ?? ''}`;
    const g = groups.get(key) ?? { device, month: monthOf(day), firstDay: day, batch, buckets: [] };
    g.buckets.push(b);
    if (day < g.firstDay) g.firstDay = day;
    groups.set(key, g);
  }
  return [...groups.values()];
};

/** Powered devices' run time (hourly status flags) × rated power × the grid factor. */
export const electricityLines = (
  devs: readonly DeviceRef[],
  buckets: readonly BucketRow[],
  windows: readonly BatchWindowRow[],
  book: FactorBook,
  lang: Lang,
): Lines => {
  const out: Lines = { lines: [], notCounted: [] };
  for (const g of groupBuckets(devs, buckets, windows)) {
    const spec = POWERED_DEVICES[g.device.typeKey];
    if (!spec) continue;
    const hours = runHoursFromBuckets(g.buckets);
    if (hours <= 0) continue;
    const kw = positive(g.device.config.ratedPowerKw) ?? spec.ratedKw;
    const kwh = electricityKwh(hours, kw);
    const f = book.pick('electricity.grid', yearOf(g.firstDay), book.gridRegion);
    const refs: CarbonRef[] = [{ type: 'device', id: g.device.id, name: g.device.name }];
    if (g.batch) refs.push({ type: 'batch', id: g.batch.id, name: g.batch.batchName });
    if (!f) {
      out.notCounted.push({ reason: T(lang, '没有适用的电网排放因子', 'no grid factor applies'), refs });
      continue;
    }
    out.lines.push({
      source: 'electricity',
      kind: 'emission',
      stage: 'planting',
      date: g.firstDay,
      areaId: g.device.areaId,
      landId: g.device.landId,
      batchId: g.batch?.id ?? null,
      activity: {
        amount: n(kwh),
        unit: 'kWh',
        label: `${g.device.name} ${g.month}: ${n(hours, 2)} h × ${n(kw, 3)} kW`,
      },
      factor: factorOut(f, lang),
      formula: `${n(hours, 2)} h × ${n(kw, 3)} kW = ${n(kwh)} kWh × ${n(f.value, 6)}`,
      kgCo2e: n(kwh * f.value * f.gwp),
      refs,
    });
  }
  return out;
};

/** Farm machines' hour-meter advance × fuel use per hour × the diesel factor per litre. */
export const fuelLines = (
  devs: readonly DeviceRef[],
  buckets: readonly BucketRow[],
  windows: readonly BatchWindowRow[],
  book: FactorBook,
  lang: Lang,
): Lines => {
  const out: Lines = { lines: [], notCounted: [] };
  for (const g of groupBuckets(devs, buckets, windows)) {
    const spec = FUELLED_MACHINES[g.device.typeKey];
    if (!spec) continue;
    const hours = Math.max(
      0,
      Math.max(...g.buckets.map((b) => b.max)) - Math.min(...g.buckets.map((b) => b.min)),
    );
    if (hours <= 0) continue;
    const rate = positive(g.device.config.fuelRateLPerH) ?? spec.fuelLPerH;
    const litres = hours * rate;
    const f = book.pick('fuel.diesel.litre', yearOf(g.firstDay), 'CN');
    const refs: CarbonRef[] = [{ type: 'device', id: g.device.id, name: g.device.name }];
    if (g.batch) refs.push({ type: 'batch', id: g.batch.id, name: g.batch.batchName });
    if (!f) continue;
    out.lines.push({
      source: 'fuel',
      kind: 'emission',
      stage: 'planting',
      date: g.firstDay,
      areaId: g.device.areaId,
      landId: g.device.landId,
      batchId: g.batch?.id ?? null,
      activity: {
        amount: n(litres),
        unit: 'L',
        label: `${g.device.name} ${g.month}: ${n(hours, 1)} h × ${n(rate, 2)} L/h`,
      },
      factor: factorOut(f, lang),
      formula: `${n(hours, 1)} h × ${n(rate, 2)} L/h = ${n(litres)} L × ${n(f.value, 6)}`,
      kgCo2e: n(litres * f.value * f.gwp),
      refs,
    });
  }
  return out;
};

/** Manual entries × their factor (the one in force for the entry's year and the tenant's region). */
export const entryLines = (rows: readonly EntryRow[], book: FactorBook, lang: Lang): Lines => {
  const out: Lines = { lines: [], notCounted: [] };
  for (const e of rows) {
    const refs: CarbonRef[] = [{ type: 'entry', id: e.id, name: e.description ?? `#${e.id}` }];
    const f = book.pick(e.factorCode, yearOf(e.entryDate), book.gridRegion);
    if (!f) {
      out.notCounted.push({
        reason: T(
          lang,
          `排放因子 ${e.factorCode} 不存在或已停用`,
          `factor ${e.factorCode} is missing or disabled`,
        ),
        refs,
      });
      continue;
    }
    const amount = Number(e.activityAmount);
    out.lines.push({
      source: 'manual',
      kind: e.kind === 'removal' ? 'removal' : 'emission',
      stage: e.stage as CarbonStage,
      date: e.entryDate,
      areaId: e.areaId,
      landId: e.landId,
      batchId: e.batchId,
      activity: { amount: n(amount), unit: e.activityUnit, label: e.description ?? e.factorCode },
      factor: factorOut(f, lang),
      formula: `${n(amount)} ${e.activityUnit} × ${n(f.value, 6)} × ${n(f.gwp, 1)}`,
      kgCo2e: n(amount * f.value * f.gwp),
      refs,
    });
  }
  return out;
};
