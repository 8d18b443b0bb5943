import type { PtzDirection } from './provider.types.js';
import { HORIZON_Y, SCENE_H, SCENE_W } from './scene.js';

// Where a demo camera looks: the centre of its crop window in scene pixels and a zoom factor. Pan / tilt /
// zoom move this continuously while a direction is held (spec 02 §4: 0 up, 1 down, 2 left, 3 right,
// 4 left-top, 5 left-bottom, 6 right-top, 7 right-bottom, 8 zoom in, 9 zoom out, −1 stop).

export interface View {
  cx: number;
  cy: number;
  zoom: number;
}

export interface Crop {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The window at zoom 1 (a third of the panorama's width); zoom 8 shows an eighth of that. */
const BASE_W = 2560;
const BASE_H = 1440;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
/** A held direction moves the view by this share of the window per second, at speed 1. */
const PAN_PER_SEC = 0.45;
/** A held zoom multiplies the zoom by this per second. */
const ZOOM_PER_SEC = 1.8;

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

export const clampView = (v: View): View => {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom));
  const w = BASE_W / zoom;
  const h = BASE_H / zoom;
  return {
    zoom,
    cx: Math.min(SCENE_W - w / 2, Math.max(w / 2, v.cx)),
    cy: Math.min(SCENE_H - h / 2, Math.max(h / 2, v.cy)),
  };
};

export const cropOf = (v: View): Crop => {
  const c = clampView(v);
  const w = even(BASE_W / c.zoom);
  const h = even(BASE_H / c.zoom);
  return {
    w,
    h,
    x: Math.min(SCENE_W - w, Math.max(0, Math.round(c.cx - w / 2))),
    y: Math.min(SCENE_H - h, Math.max(0, Math.round(c.cy - h / 2))),
  };
};

/** Each demo camera starts looking at its own part of the farm (spread by its id), just below the horizon. */
export const homeView = (cameraId: number, channelNo = 1): View => {
  const spots = 7;
  const k = (((cameraId * 3 + channelNo) % spots) + spots) % spots;
  return clampView({
    cx: BASE_W / 2 + (k * (SCENE_W - BASE_W)) / (spots - 1),
    cy: HORIZON_Y + 220,
    zoom: 1.4,
  });
};

/** Unit motion of a direction: dx, dy in windows per second, dz in zoom steps (±1). */
const MOTION: Record<Exclude<PtzDirection, -1>, [number, number, number]> = {
  0: [0, -1, 0],
  1: [0, 1, 0],
  2: [-1, 0, 0],
  3: [1, 0, 0],
  4: [-1, -1, 0],
  5: [-1, 1, 0],
  6: [1, -1, 0],
  7: [1, 1, 0],
  8: [0, 0, 1],
  9: [0, 0, -1],
};

/** The view after holding `direction` for `seconds` at `speed` (1 = normal; the pad's speed 1…7 scales it). */
export const moved = (v: View, direction: PtzDirection, seconds: number, speed = 1): View => {
  if (direction === -1) return v;
  const [dx, dy, dz] = MOTION[direction];
  const c = cropOf(v);
  const s = Math.min(4, Math.max(0.25, speed));
  return clampView({
    cx: v.cx + dx * c.w * PAN_PER_SEC * s * seconds,
    cy: v.cy + dy * c.h * PAN_PER_SEC * s * seconds,
    zoom: v.zoom * ZOOM_PER_SEC ** (dz * s * seconds),
  });
};

/** 1 in full daylight, 0 at night, ramps at dawn (5–7 h) and dusk (17–19 h) of the farm's local time. */
export const daylight = (at: Date, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const num = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const h = num('hour') + num('minute') / 60;
  if (h >= 7 && h <= 17) return 1;
  if (h <= 5 || h >= 19) return 0;
  return h < 12 ? (h - 5) / 2 : (19 - h) / 2;
};
