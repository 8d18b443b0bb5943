import { clamp, noise, smoothNoise } from './random.js';

// The farm's physics as pure functions of (seed, time, state): a Pearl River Delta climate (the demo bases
// are in Guangzhou), Asia/Shanghai days. Weather depends only on seed and time, so every device of a site
// agrees on it and rainfall increments add up to the same daily total whatever the upload period.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Shanghai has no daylight saving: local time is UTC + 8 h all year. */
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** Local hour of day in [0, 24). */
export const localHour = (t: number): number =>
  ((((t + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
/** Local day number (days since 1970-01-01 in Asia/Shanghai). */
export const localDay = (t: number): number => Math.floor((t + SHANGHAI_OFFSET_MS) / DAY_MS);
/** Day of the year, 0-based, approximate (365-day years) — enough for seasons. */
const dayOfYear = (t: number): number => ((localDay(t) % 365.25) + 365.25) % 365.25;

/** Seasonal mean air temperature: about 13.5 °C in January, 29 °C in July (Guangzhou normals). */
export const seasonalMeanTemp = (t: number): number =>
  21.5 + 7.5 * Math.sin((2 * Math.PI * (dayOfYear(t) - 105)) / 365.25);

/** Wet season April–September: more rainy days. */
const rainyDayChance = (t: number): number =>
  0.3 + 0.25 * Math.sin((2 * Math.PI * (dayOfYear(t) - 80)) / 365.25);

/** Rain intensity in mm/h during local hour `hourIndex` (absolute hour number); 0 when dry. */
export const rainIntensity = (seed: number, hourIndex: number): number => {
  const t = hourIndex * HOUR_MS;
  const day = localDay(t);
  if (noise(seed, 'rain-day', day) >= rainyDayChance(t)) return 0;
  // Convective afternoons: showers more likely 13–19 h local.
  const h = localHour(t);
  const p = h >= 13 && h < 19 ? 0.45 : 0.12;
  if (noise(seed, 'rain-hour', hourIndex) >= p) return 0;
  const u = noise(seed, 'rain-mm', hourIndex);
  return Math.round((0.3 + 12 * u * u * u) * 10) / 10;
};

/** Rain that fell in (t0, t1], mm: each hour's intensity times the part of the hour inside the interval. */
export const rainfallBetween = (seed: number, t0: number, t1: number): number => {
  if (t1 <= t0) return 0;
  let total = 0;
  for (let h = Math.floor(t0 / HOUR_MS); h * HOUR_MS < t1; h++) {
    const from = Math.max(t0, h * HOUR_MS);
    const to = Math.min(t1, (h + 1) * HOUR_MS);
    total += (rainIntensity(seed, h) * (to - from)) / HOUR_MS;
  }
  return total;
};

export const isRaining = (seed: number, t: number): boolean =>
  rainIntensity(seed, Math.floor(t / HOUR_MS)) > 0;

/** Fraction of the day's clear-sky sun in [0, 1]: 0 at night, 1 at solar noon, lower on rainy days. */
export const sunFraction = (seed: number, t: number): number => {
  const h = localHour(t);
  // Sunrise about 6:00, sunset about 18:40 (averaged over the year at 23° N).
  if (h < 6 || h > 18.67) return 0;
  const elevation = Math.sin((Math.PI * (h - 6)) / 12.67);
  const day = localDay(t);
  const rainyDay = noise(seed, 'rain-day', day) < rainyDayChance(t);
  const clouds = rainyDay
    ? 0.25 + 0.25 * smoothNoise(seed, 'cloud', t / HOUR_MS)
    : 0.6 + 0.4 * smoothNoise(seed, 'cloud', t / HOUR_MS);
  return clamp(elevation * (isRaining(seed, t) ? 0.2 : clouds), 0, 1);
};

export interface Weather {
  airTemp: number;
  airHumidity: number;
  /** W/m² */
  solarRadiation: number;
  illuminance: number;
  windSpeed: number;
  windDirection: number;
  pressure: number;
  raining: boolean;
  /** The day's minimum and maximum of the diurnal curve (without rain cooling). */
  dayMin: number;
  dayMax: number;
}

/** Diurnal amplitude: half the day's range, larger on dry sunny days. */
const diurnalAmplitude = (seed: number, t: number): number => 3 + 2.5 * noise(seed, 'amp', localDay(t));

/**
 * Air temperature: seasonal mean plus a per-day offset plus a cosine with its minimum near 06:00 and
 * maximum near 14:00 local time, cooled by 2.5 °C while it rains.
 */
export const airTemperature = (seed: number, t: number): number => {
  const mean = seasonalMeanTemp(t) + (smoothNoise(seed, 'day-temp', t / DAY_MS) - 0.5) * 5;
  const amp = diurnalAmplitude(seed, t);
  const h = localHour(t);
  // Piecewise cosine: rising 06→14 (8 h), falling 14→06 (16 h).
  const phase = h >= 6 && h < 14 ? Math.PI * (1 - (h - 6) / 8) : Math.PI * (((h - 14 + 24) % 24) / 16);
  return mean + amp * Math.cos(phase) - (isRaining(seed, t) ? 2.5 : 0);
};

export const weatherAt = (seed: number, t: number): Weather => {
  const mean = seasonalMeanTemp(t) + (smoothNoise(seed, 'day-temp', t / DAY_MS) - 0.5) * 5;
  const amp = diurnalAmplitude(seed, t);
  const airTemp = airTemperature(seed, t);
  const raining = isRaining(seed, t);
  // Relative humidity falls as the air warms through the day; saturated in rain.
  const rh = raining
    ? 96 + 3 * noise(seed, 'rh', Math.floor(t / 60_000))
    : 92 - (airTemp - (mean - amp)) * 4.2;
  const sun = sunFraction(seed, t);
  const peak = 750 + 250 * Math.sin((2 * Math.PI * (dayOfYear(t) - 80)) / 365.25);
  const solar = sun * peak;
  const season = Math.sin((2 * Math.PI * (dayOfYear(t) - 105)) / 365.25);
  const gust = smoothNoise(seed, 'wind', t / (10 * 60_000));
  return {
    airTemp,
    airHumidity: clamp(rh, 25, 100),
    solarRadiation: solar,
    // About 110 lux per W/m² of sunlight; a little skylight at dusk.
    illuminance: clamp(solar * 110, 0, 200_000),
    windSpeed: clamp(0.8 + 3.2 * gust + (raining ? 3 : 0) + sun * 1.5, 0, 75),
    // Summer monsoon from the south-east, winter from the north-north-east.
    windDirection:
      ((season > 0 ? 135 : 20) + (smoothNoise(seed, 'wdir', t / HOUR_MS) - 0.5) * 90 + 360) % 360,
    pressure: 1012 - 7 * season + 1.5 * Math.cos((2 * Math.PI * (localHour(t) - 10)) / 12),
    raining,
    dayMin: mean - amp,
    dayMax: mean + amp,
  };
};

// ---- soil ----

/** Volumetric water content (%) per layer, layer 0 the surface, each layer 10 cm thick. */
export interface SoilState {
  moisture: number[];
}

export const SOIL_FIELD_CAPACITY = 38;
export const SOIL_WILTING_POINT = 10;
export const SOIL_SATURATION = 48;

export const initialSoil = (layers: number, seed: number): SoilState => ({
  moisture: Array.from({ length: layers }, (_, i) => 24 + i * 0.8 + 4 * noise(seed, 'soil0', i)),
});

/**
 * Reference evapotranspiration in mm/h: mostly driven by sunshine and warmth, a little at night.
 * A hot sunny noon gives about 0.6 mm/h, a day 4–5 mm — typical of a South China summer.
 */
export const evapotranspiration = (w: Pick<Weather, 'airTemp' | 'solarRadiation' | 'airHumidity'>): number =>
  Math.max(0, 0.02 + (w.solarRadiation / 1000) * 0.55 * (0.5 + w.airTemp / 60) * (1.2 - w.airHumidity / 200));

/**
 * One step of the soil column: water (rain + irrigation, mm) infiltrates from the top, filling each layer
 * to field capacity before passing the rest down; water above field capacity drains slowly; roots take
 * evapotranspiration mostly from the upper layers. 1 mm over a 10 cm layer is 1 % volumetric.
 */
export const soilStep = (
  state: SoilState,
  dtHours: number,
  etMmPerHour: number,
  waterMm: number,
): SoilState => {
  const m = [...state.moisture];
  const n = m.length;
  let water = Math.max(0, waterMm);
  for (let i = 0; i < n && water > 0; i++) {
    const room = Math.max(0, SOIL_SATURATION - (m[i] ?? 0));
    const take =
      i === n - 1
        ? Math.min(room, water)
        : Math.min(room, Math.max(water * 0.7, Math.min(water, SOIL_FIELD_CAPACITY - (m[i] ?? 0))));
    m[i] = (m[i] ?? 0) + Math.max(0, take);
    water -= Math.max(0, take);
  }
  // Drainage above field capacity, 25 % of the excess per hour, to the layer below.
  for (let i = 0; i < n; i++) {
    const excess = (m[i] ?? 0) - SOIL_FIELD_CAPACITY;
    if (excess > 0) {
      const d = excess * Math.min(1, 0.25 * dtHours);
      m[i] = (m[i] ?? 0) - d;
      if (i + 1 < n) m[i + 1] = (m[i + 1] ?? 0) + d;
    }
  }
  // Root uptake: weights halve every two layers; dry soil gives water up more slowly.
  let weightSum = 0;
  const weights = m.map((_, i) => {
    const w = 0.5 ** (i / 2);
    weightSum += w;
    return w;
  });
  for (let i = 0; i < n; i++) {
    const cur = m[i] ?? 0;
    const stress = clamp((cur - SOIL_WILTING_POINT) / (SOIL_FIELD_CAPACITY - SOIL_WILTING_POINT), 0, 1);
    const loss = ((etMmPerHour * dtHours * (weights[i] ?? 0)) / weightSum) * stress * n * 0.35;
    m[i] = cur - loss;
  }
  return { moisture: m.map((v) => clamp(v, 3, SOIL_SATURATION)) };
};

/** Soil temperature at a depth: the air's daily mean plus a damped, delayed daily wave. */
export const soilTemperature = (seed: number, t: number, layer: number): number => {
  const depthCm = layer * 10 + 5;
  const damping = Math.exp(-depthCm / 12);
  const lagHours = depthCm / 4;
  const mean = seasonalMeanTemp(t) + 1.5;
  const h = localHour(t) - lagHours;
  return (
    mean + 6 * damping * Math.cos((2 * Math.PI * (h - 14)) / 24) + (noise(seed, 'st', layer) - 0.5) * 0.4
  );
};

/** Bulk electrical conductivity, S/m: rises with water content and with fertiliser salts. */
export const soilConductivity = (moisture: number, salts: number): number =>
  clamp(0.01 + moisture * 0.0045 * (1 + salts), 0, 2);

// ---- pond ----

/** Oxygen saturation of fresh water at temperature T (°C), mg/L (APHA polynomial). */
export const oxygenSaturation = (waterTemp: number): number =>
  14.62 - 0.3898 * waterTemp + 0.006969 * waterTemp ** 2 - 0.00005897 * waterTemp ** 3;

/**
 * Dissolved oxygen over dtHours: algae produce oxygen in sunlight, fish and bacteria consume it all
 * day, the surface re-aerates slowly and each running aerator pump pulls it towards saturation. Without
 * aerators a summer pond drops ~0.5 mg/L per night hour.
 */
export const dissolvedOxygenStep = (
  dOxygen: number,
  dtHours: number,
  env: { waterTemp: number; sun: number; pumpsOn: number },
): number => {
  const sat = oxygenSaturation(env.waterTemp);
  const photosynthesis = 3.2 * env.sun;
  const respiration = 0.2 + 0.011 * env.waterTemp;
  // Integrate in ≤ 6-minute slices so long steps (backfill) stay stable.
  let d = dOxygen;
  const slices = Math.max(1, Math.ceil(dtHours * 10));
  const h = dtHours / slices;
  for (let i = 0; i < slices; i++) {
    const re = (0.04 + 0.45 * env.pumpsOn) * (sat - d);
    d += (photosynthesis - respiration + re) * h;
  }
  return clamp(d, 0.2, 20);
};

/** Pond water temperature: the air's daily mean, lagging, with a small afternoon peak. */
export const waterTemperature = (seed: number, t: number): number =>
  seasonalMeanTemp(t) +
  1 +
  1.2 * Math.cos((2 * Math.PI * (localHour(t) - 16)) / 24) +
  (smoothNoise(seed, 'wt', t / DAY_MS) - 0.5);

// ---- insects ----

/**
 * Catch rate per hour of a light trap: insects fly to light from dusk; most arrive 19–23 h, few at dawn,
 * almost none by day or in rain. Warm nights and summer raise it.
 */
export const insectRate = (seed: number, t: number): number => {
  const h = localHour(t);
  let shape = 0;
  if (h >= 18.5 && h < 23) shape = Math.sin((Math.PI * (h - 18.5)) / 4.5) + 0.3;
  else if (h >= 23 || h < 5) shape = 0.2;
  if (shape === 0 || isRaining(seed, t)) return 0;
  const warmth = clamp((airTemperature(seed, t) - 12) / 15, 0, 1.5);
  return shape * warmth * (12 + 10 * noise(seed, 'pest-night', localDay(t)));
};

/** Lamp on by the default schedule (19:00–05:00 local), unless it rains (rain control). */
export const lampScheduledOn = (t: number, startHour = 19, endHour = 5): boolean => {
  const h = localHour(t);
  return startHour <= endHour ? h >= startHour && h < endHour : h >= startHour || h < endHour;
};
