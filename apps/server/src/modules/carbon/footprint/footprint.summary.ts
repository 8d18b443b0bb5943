import { decimal, perKg, toKg } from '@tilth/contracts/carbon.formulas';
import {
  CARBON_SOURCES,
  CARBON_STAGES,
  type CarbonGroup,
  type CarbonLine,
  type CarbonMonitor,
} from '@tilth/contracts/carbon.types';
import type { BatchWindowRow } from './footprint.repository.js';

// Lines → the figures the monitoring page and the dashboard show. Sums are of the lines' rounded results,
// so every figure is the sum of the lines it opens.

interface Acc {
  e: number;
  r: number;
}
const add = (m: Map<string, Acc>, key: string, l: CarbonLine) => {
  const a = m.get(key) ?? { e: 0, r: 0 };
  if (l.kind === 'removal') a.r += Number(l.kgCo2e);
  else a.e += Number(l.kgCo2e);
  m.set(key, a);
};
const d = (x: number) => decimal(x, 4);

/** Harvest weight of a batch in kg, or null when its unit is not a mass unit (crates, heads…). */
export const harvestKgOf = (b: Pick<BatchWindowRow, 'harvestQuantity' | 'unit'>): number | null =>
  b.harvestQuantity == null ? null : toKg(Number(b.harvestQuantity), b.unit ?? 'kg');

export const summarize = (
  lines: CarbonLine[],
  names: { areas: Map<number, string>; lands: Map<number, string>; batches: Map<number, BatchWindowRow> },
): Omit<CarbonMonitor, 'from' | 'to' | 'gridRegion' | 'lines' | 'notCounted'> => {
  let e = 0;
  let r = 0;
  const bySource = new Map<string, Acc>();
  const byStage = new Map<string, Acc>();
  const byBase = new Map<string, Acc>();
  const byPlot = new Map<string, Acc>();
  const byBatch = new Map<string, Acc>();
  const byMonth = new Map<string, Acc>();
  for (const l of lines) {
    if (l.kind === 'removal') r += Number(l.kgCo2e);
    else e += Number(l.kgCo2e);
    add(bySource, l.source, l);
    add(byStage, l.stage, l);
    add(byBase, String(l.areaId ?? ''), l);
    add(byPlot, String(l.landId ?? ''), l);
    add(byBatch, String(l.batchId ?? ''), l);
    add(byMonth, l.date.slice(0, 7), l);
  }
  const groups = (
    m: Map<string, Acc>,
    nameOf: (id: number) => string,
    harvest?: (id: number) => number | null,
  ): CarbonGroup[] =>
    [...m.entries()]
      .map(([key, a]) => {
        const id = key === '' ? null : Number(key);
        const hk = id != null && harvest ? harvest(id) : null;
        const pk = perKg(a.e - a.r, hk);
        return {
          key: key === '' ? 'none' : key,
          id,
          name: id == null ? '' : nameOf(id),
          emissions: d(a.e),
          removals: d(a.r),
          net: d(a.e - a.r),
          harvestKg: hk == null ? null : d(hk),
          kgCo2ePerKg: pk == null ? null : decimal(pk, 6),
        };
      })
      .sort((x, y) => Number(y.emissions) - Number(x.emissions));
  return {
    totals: { emissions: d(e), removals: d(r), net: d(e - r) },
    bySource: CARBON_SOURCES.filter((s) => bySource.has(s)).map((s) => {
      const a = bySource.get(s) as Acc;
      return { source: s, kgCo2e: d(a.e - a.r) };
    }),
    byStage: CARBON_STAGES.map((s) => {
      const a = byStage.get(s) ?? { e: 0, r: 0 };
      return { stage: s, emissions: d(a.e), removals: d(a.r) };
    }),
    byBase: groups(byBase, (id) => names.areas.get(id) ?? `#${id}`),
    byPlot: groups(byPlot, (id) => names.lands.get(id) ?? `#${id}`),
    byBatch: groups(
      byBatch,
      (id) => names.batches.get(id)?.batchName ?? `#${id}`,
      (id) => {
        const b = names.batches.get(id);
        return b ? harvestKgOf(b) : null;
      },
    ),
    byMonth: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, a]) => ({ month, emissions: d(a.e), removals: d(a.r) })),
  };
};
