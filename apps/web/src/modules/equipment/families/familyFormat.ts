// Display rules of the family panels: wind direction as 8 compass names (spec 02 §9), soil layer labels
// (spec 02 §2), water quality bands, and whether a machine is inside its geofence.

export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Compass = (typeof COMPASS)[number];

/** 45° sectors centred on the 8 directions: 337.5–22.5 is north. */
export const compassOf = (degrees: number): Compass => {
  const d = ((degrees % 360) + 360) % 360;
  return COMPASS[Math.floor((d + 22.5) / 45) % 8] as Compass;
};

/** Label of soil layer number n (1-based): with surfaceFlag 1 layer 1 is the surface, depths shift by one. */
export const soilLayerLabel = (
  n: number,
  surfaceFlag: number,
): { surface: true } | { surface: false; depth: number } => {
  const depth = surfaceFlag === 1 ? n - 1 : n;
  return depth === 0 ? { surface: true } : { surface: false, depth };
};

export type Band = 'low' | 'normal' | 'high' | 'unknown';

/** Dissolved oxygen: below the device's threshold (default 5 mg/L, fish stress) is low. */
export const oxygenBand = (value: number | undefined, low = 5): Band =>
  value === undefined ? 'unknown' : value < low ? 'low' : 'normal';

/** pH: outside [min, max] (default 6.5–8.5 for ponds) is low or high. */
export const phBand = (value: number | undefined, min = 6.5, max = 8.5): Band =>
  value === undefined ? 'unknown' : value < min ? 'low' : value > max ? 'high' : 'normal';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Ray casting; a fence of fewer than 3 points contains nothing. */
export const insidePolygon = (p: LatLng, fence: readonly LatLng[]): boolean => {
  if (fence.length < 3) return false;
  let inside = false;
  for (let i = 0, j = fence.length - 1; i < fence.length; j = i++) {
    const a = fence[i] as LatLng;
    const b = fence[j] as LatLng;
    if (
      a.lat > p.lat !== b.lat > p.lat &&
      p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng
    ) {
      inside = !inside;
    }
  }
  return inside;
};
