import type { Device } from '@tilth/contracts/device.types';
import type { LandBoundary } from '@tilth/contracts/land.types';
import { insidePolygon, type LatLng } from '../families/familyFormat';

// Display rules of the farm machinery screens (spec 01 §2.3 farmmachinery-*): running state, the
// geofence kept in the device config, and track playback.

export const MACHINE_TYPE = 'farm-machine';
/** Spec 01 §2.3 farmmachinery-* routes. */
export const MACHINERY_BASE = '/web/equipment/farmmachinery';

/** The machine's geofence polygon (config.geofence), [] when none or malformed. */
export const fenceOf = (device: Pick<Device, 'config'>): LatLng[] => {
  const v = device.config.geofence;
  return Array.isArray(v)
    ? v.filter(
        (p): p is LatLng =>
          typeof p === 'object' &&
          p !== null &&
          typeof Reflect.get(p, 'lat') === 'number' &&
          typeof Reflect.get(p, 'lng') === 'number',
      )
    : [];
};

/** Latest GPS position, from the values (lat / lng metrics) else the registered location. */
export const positionOf = (d: Pick<Device, 'latest' | 'lat' | 'lng'>): LatLng | null => {
  const { lat, lng } = d.latest;
  if (typeof lat === 'number' && typeof lng === 'number') return { lat, lng };
  return d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null;
};

export type FenceState = 'inside' | 'outside' | 'none';

/** Whether the latest position lies in the geofence; 'none' without a fence or a position. */
export const fenceStateOf = (d: Pick<Device, 'config' | 'latest' | 'lat' | 'lng'>): FenceState => {
  const fence = fenceOf(d);
  const at = positionOf(d);
  if (fence.length < 3 || !at) return 'none';
  return insidePolygon(at, fence) ? 'inside' : 'outside';
};

export type RunState = 'running' | 'idle' | 'offline';

/** Online and moving or engine turning is running; online otherwise idle. */
export const runStateOf = (d: Pick<Device, 'online' | 'latest'>): RunState => {
  if (d.online !== 1) return 'offline';
  const { speed, engineRpm } = d.latest;
  return (speed ?? 0) > 0 || (engineRpm ?? 0) > 0 ? 'running' : 'idle';
};

/** A circle as a closed-enough polygon (the config keeps polygons): `n` points, metres radius. */
export const circleFence = (center: LatLng, radiusM: number, n = 36): LatLng[] => {
  const mPerDegLat = 111_320;
  const mPerDegLng = 111_320 * Math.cos((center.lat * Math.PI) / 180);
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const round = (x: number) => Math.round(x * 1e7) / 1e7;
    return {
      lat: round(center.lat + (radiusM * Math.cos(a)) / mPerDegLat),
      lng: round(center.lng + (radiusM * Math.sin(a)) / mPerDegLng),
    };
  });
};

/** A fence as the map editor's stored rings ([lng, lat], closed). */
export const fenceToBoundary = (fence: readonly LatLng[]): LandBoundary | null => {
  const first = fence[0];
  if (!first || fence.length < 3) return null;
  return [[...fence.map((p) => [p.lng, p.lat]), [first.lng, first.lat]]] as LandBoundary;
};

/** The outer ring the editor reports as fence points, the closing point dropped. */
export const boundaryToFence = (boundary: LandBoundary | null): LatLng[] => {
  const ring = boundary?.[0] ?? [];
  const points = ring.map(([lng, lat]) => ({ lat: Number(lat), lng: Number(lng) }));
  const a = points[0];
  const b = points[points.length - 1];
  if (points.length > 1 && a && b && a.lat === b.lat && a.lng === b.lng) points.pop();
  return points;
};
