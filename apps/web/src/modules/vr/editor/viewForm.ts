import { type Visual, visualRuleBroken } from '@tilth/contracts/vr.types';
import type { ViewPosition } from '../viewer/viewMath';

// The view tab's rules (spec 03 §4–§5): whole degrees (rounded down); a value out of its range, or one that
// crosses its neighbour, snaps the input back to the previous value; the initial fov is clamped between the
// minimum and the maximum, and the initial direction follows the limits it must stay inside.

export type ViewField = keyof Visual;

const RANGE: Record<'fov' | 'v' | 'h', [number, number]> = { fov: [0, 180], v: [-90, 90], h: [-180, 180] };
const groupOf = (key: ViewField): 'fov' | 'v' | 'h' =>
  key.startsWith('fov') ? 'fov' : key.startsWith('v') ? 'v' : 'h';

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Whole degrees rounded down; null for anything that is not a number. */
export const wholeDegrees = (raw: unknown): number | null => {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.floor(n) : null;
};

/** `prev` with one field set from input, or `prev` itself when the value must snap back. */
export const applyViewField = (prev: Visual, key: ViewField, raw: unknown): Visual => {
  const n = wholeDegrees(raw);
  if (n === null) return prev;
  const [lo, hi] = RANGE[groupOf(key)];
  if (n < lo || n > hi) return prev;
  const next: Visual = { ...prev, [key]: n };
  switch (key) {
    case 'fov':
      next.fov = clamp(n, Math.max(1, next.fovmin), next.fovmax);
      break;
    case 'fovmin':
      if (n > prev.fov) return prev;
      break;
    case 'fovmax':
      if (n < prev.fov || n < 1) return prev;
      break;
    case 'vlookatmin':
    case 'vlookatmax':
      if (next.vlookatmin >= next.vlookatmax) return prev;
      next.vlookat = clamp(next.vlookat, next.vlookatmin, next.vlookatmax);
      break;
    case 'hlookatmin':
    case 'hlookatmax':
      if (next.hlookatmin >= next.hlookatmax) return prev;
      next.hlookat = clamp(next.hlookat, next.hlookatmin, next.hlookatmax);
      break;
    case 'vlookat':
      next.vlookat = clamp(n, next.vlookatmin, next.vlookatmax);
      break;
    case 'hlookat':
      next.hlookat = clamp(n, next.hlookatmin, next.hlookatmax);
      break;
  }
  return visualRuleBroken(next) === null ? next : prev;
};

/** A slider released (its thumbs in order): crossed or out-of-range values snap the whole move back. */
export const applyViewRange = (
  prev: Visual,
  keys: readonly ViewField[],
  values: readonly number[],
): Visual => {
  const next: Visual = { ...prev };
  let last = Number.NEGATIVE_INFINITY;
  for (const [i, key] of keys.entries()) {
    const n = wholeDegrees(values[i]);
    if (n === null || n < last) return prev;
    const [lo, hi] = RANGE[groupOf(key)];
    if (n < lo || n > hi) return prev;
    next[key] = n;
    last = n;
  }
  if (next.vlookatmin >= next.vlookatmax || next.hlookatmin >= next.hlookatmax) return prev;
  next.fov = clamp(next.fov, Math.max(1, next.fovmin), next.fovmax);
  next.vlookat = clamp(next.vlookat, next.vlookatmin, next.vlookatmax);
  next.hlookat = clamp(next.hlookat, next.hlookatmin, next.hlookatmax);
  return visualRuleBroken(next) === null ? next : prev;
};

/** 'Set as initial view': the viewer's direction and fov, whole degrees, held inside the limits. */
export const setInitialView = (prev: Visual, at: ViewPosition): Visual => {
  const next: Visual = {
    ...prev,
    hlookat: clamp(Math.floor(at.hlookat), prev.hlookatmin, prev.hlookatmax),
    vlookat: clamp(Math.floor(at.vlookat), prev.vlookatmin, prev.vlookatmax),
    fov: clamp(Math.floor(at.fov), Math.max(1, prev.fovmin), prev.fovmax),
  };
  return visualRuleBroken(next) === null ? next : prev;
};
