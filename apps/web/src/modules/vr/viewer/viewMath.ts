import type { PanoramaLevel, PanoramaTiles } from '@tilth/contracts/panorama.types';
import type { Visual } from '@tilth/contracts/vr.types';

// Pure conversions between the stored view (krpano's degrees: hlookat right-positive, vlookat DOWN-positive)
// and Photo Sphere Viewer's (radians, pitch UP-positive, fov vertical). Kept apart from WebGL so it is tested.

const TAU = Math.PI * 2;
export const degToRad = (d: number): number => (d * Math.PI) / 180;
export const radToDeg = (r: number): number => (r * 180) / Math.PI;

/** -180…180 from any yaw in radians (PSV answers 0…2π). */
export const yawToH = (yaw: number): number => {
  let d = radToDeg(((yaw % TAU) + TAU) % TAU);
  if (d > 180) d -= 360;
  return d;
};
export const hToYaw = (h: number): number => degToRad(h);
/** Stored vlookat / atv is positive downwards; PSV's pitch positive upwards. */
export const pitchToV = (pitch: number): number => -radToDeg(pitch);
export const vToPitch = (v: number): number => degToRad(-v);

export interface ViewPosition {
  /** -180…180 */
  hlookat: number;
  /** -90…90, positive down */
  vlookat: number;
  fov: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/**
 * The allowed direction closest to `p` under the view's limits. A full horizontal range (-180…180) leaves
 * yaw free; otherwise it is clamped to the shorter side of the excluded arc.
 */
export const clampToLimits = (h: number, v: number, limits: Visual): { h: number; v: number } => {
  const cv = clamp(v, limits.vlookatmin, limits.vlookatmax);
  if (limits.hlookatmax - limits.hlookatmin >= 360 || (h >= limits.hlookatmin && h <= limits.hlookatmax)) {
    return { h, v: cv };
  }
  const dist = (a: number, b: number) => {
    const d = Math.abs(a - b) % 360;
    return d > 180 ? 360 - d : d;
  };
  const ch = dist(h, limits.hlookatmin) <= dist(h, limits.hlookatmax) ? limits.hlookatmin : limits.hlookatmax;
  return { h: ch, v: cv };
};

/** PSV refuses fov 0 and above 179; the stored range is 0…180, so it is narrowed at the edges. */
export const psvFov = (fov: number): number => clamp(fov, 1, 179);

/** Zoom level 0…100 of PSV for a fov within [fovmin, fovmax] (0 = widest). */
export const fovToZoom = (fov: number, fovmin: number, fovmax: number): number => {
  const lo = psvFov(fovmin);
  const hi = psvFov(fovmax);
  if (hi <= lo) return 50;
  return clamp(((hi - psvFov(fov)) / (hi - lo)) * 100, 0, 100);
};
export const zoomToFov = (zoom: number, fovmin: number, fovmax: number): number => {
  const lo = psvFov(fovmin);
  const hi = psvFov(fovmax);
  return hi - (clamp(zoom, 0, 100) / 100) * (hi - lo);
};

/** Viewports narrower than this count as phones (smaller GPUs, tighter memory). */
export const SMALL_SCREEN_PX = 768;

/**
 * The pyramid levels a device may load. PSV's tiles adapter picks a level by viewer size only and has no
 * texture-size cap of its own, so phones are held to levels no wider than their maxTextureSize (and at most
 * 8192 px): the largest level's hundreds of tiles would otherwise exhaust their GPU memory. The smallest level
 * always stays.
 */
export const capLevels = (
  levels: readonly PanoramaLevel[],
  device: { maxTextureSize: number; smallScreen: boolean },
): PanoramaLevel[] => {
  const sorted = [...levels].sort((a, b) => a.width - b.width);
  const cap = device.smallScreen ? Math.min(device.maxTextureSize, 8192) : device.maxTextureSize * 2;
  const kept = sorted.filter((l, i) => i === 0 || l.width <= cap);
  return kept;
};

export interface TilesPanorama {
  baseUrl: string;
  levels: { width: number; cols: number; rows: number }[];
  tileUrl: (col: number, row: number, level: number) => string;
}

/**
 * The tiles adapter's panorama for a stored pyramid: the preview first (shown at once), then tiles
 * `${root}/${level}/${col}_${row}.jpg`; level is the index in the stored (smallest first) list.
 */
export const tilesPanorama = (
  root: string,
  preview: string,
  tiles: PanoramaTiles,
  device: { maxTextureSize: number; smallScreen: boolean },
): TilesPanorama => {
  const stored = [...tiles.levels].sort((a, b) => a.width - b.width);
  const levels = capLevels(stored, device);
  const base = root.replace(/\/$/, '');
  return {
    baseUrl: preview,
    levels: levels.map((l) => ({ width: l.width, cols: l.cols, rows: l.rows })),
    // PSV's index is into the capped list, which is a prefix of the stored one, so the indices agree.
    tileUrl: (col, row, level) => `${base}/${level}/${col}_${row}.jpg`,
  };
};

/** The current view rounded down to whole degrees, as the view form stores it. */
export const wholeView = (p: ViewPosition): ViewPosition => ({
  hlookat: Math.floor(p.hlookat),
  vlookat: Math.floor(p.vlookat),
  fov: Math.floor(p.fov),
});

/** Parses visualJson; a missing or broken one gives the default view. */
export const parseVisual = (json: string | null | undefined, fallback: Visual): Visual => {
  if (!json) return { ...fallback };
  try {
    const v = JSON.parse(json) as Partial<Visual>;
    const out = { ...fallback };
    for (const k of Object.keys(fallback) as (keyof Visual)[]) {
      const x = v[k];
      if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
    }
    return out;
  } catch {
    return { ...fallback };
  }
};
