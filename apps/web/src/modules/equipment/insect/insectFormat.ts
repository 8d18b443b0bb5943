import type { InsectTrendPoint } from './insect.api';

// Pure helpers of the pest screens: names, boxes drawn with the mouse, trend series.

export const UNIDENTIFIED = 'unidentified';

/** An insect name as shown: the automatic 'unidentified' in the interface language, others as stored. */
export const insectLabel = (name: string, unidentified: string): string =>
  name === UNIDENTIFIED ? unidentified : name;

export type Box = [number, number, number, number];

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
const r4 = (v: number): number => Math.round(v * 10_000) / 10_000;

/** The box spanned by a drag from a to b (fractions of the image), clamped inside it; null when too small. */
export const boxFromDrag = (
  a: { x: number; y: number },
  b: { x: number; y: number },
  minSize = 0.004,
): Box | null => {
  const x0 = clamp01(Math.min(a.x, b.x));
  const y0 = clamp01(Math.min(a.y, b.y));
  const x1 = clamp01(Math.max(a.x, b.x));
  const y1 = clamp01(Math.max(a.y, b.y));
  if (x1 - x0 < minSize || y1 - y0 < minSize) return null;
  return [r4(x0), r4(y0), r4(Math.min(x1 - x0, 1 - r4(x0))), r4(Math.min(y1 - y0, 1 - r4(y0)))];
};

/** The last (topmost) box containing the point, or -1. */
export const boxAt = (boxes: readonly { box: readonly number[] }[], p: { x: number; y: number }): number => {
  for (let i = boxes.length - 1; i >= 0; i--) {
    const [x = 0, y = 0, w = 0, h = 0] = boxes[i]?.box ?? [];
    if (p.x >= x && p.x <= x + w && p.y >= y && p.y <= y + h) return i;
  }
  return -1;
};

/** Counts per name from boxes, largest first. */
export const countsOf = (boxes: readonly { name: string }[]): { name: string; count: number }[] => {
  const m = new Map<string, number>();
  for (const b of boxes) m.set(b.name, (m.get(b.name) ?? 0) + 1);
  return [...m]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
};

/** Trend points as chart series: every day of the answer on the axis, one series per insect (largest first). */
export const trendSeries = (
  points: readonly InsectTrendPoint[],
): { days: string[]; series: { name: string; data: number[] }[] } => {
  const days = [...new Set(points.map((p) => p.creationDate))].sort();
  const index = new Map(days.map((d, i) => [d, i]));
  const byName = new Map<string, number[]>();
  for (const p of points) {
    const row = byName.get(p.name) ?? new Array<number>(days.length).fill(0);
    row[index.get(p.creationDate) ?? 0] = p.insectQuantity;
    byName.set(p.name, row);
  }
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const series = [...byName]
    .map(([name, data]) => ({ name, data }))
    .sort((a, b) => total(b.data) - total(a.data));
  return { days, series };
};

/** Spec 02 §2: the first five series are shown in the legend by default. */
export const legendSelection = (names: readonly string[], shown = 5): Record<string, boolean> =>
  Object.fromEntries(names.map((n, i) => [n, i < shown]));
