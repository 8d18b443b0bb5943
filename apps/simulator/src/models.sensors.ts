import { type CommandOutcome, configurePeriod, type DeviceModel, jitter, type ModelEnv } from './model.js';
import {
  evapotranspiration,
  initialSoil,
  insectRate,
  lampScheduledOn,
  localDay,
  rainfallBetween,
  type SoilState,
  soilConductivity,
  soilStep,
  soilTemperature,
  weatherAt,
} from './physics.js';
import { createRng, hashString, noise } from './random.js';

// Models of the reporting device types: weather, soil, water, traps, LoRaWAN nodes, flow.

const HOUR_MS = 3_600_000;
const DEFAULT_GAP_MS = 60_000;

/** Time since the previous sample (the first sample counts one default period). */
const stepper = () => {
  let last: number | undefined;
  return (t: number): { t0: number; dtHours: number } => {
    const t0 = last ?? t - DEFAULT_GAP_MS;
    last = Math.max(t, last ?? t);
    return { t0, dtHours: Math.max(0, (t - t0) / HOUR_MS) };
  };
};

const envRng = (env: ModelEnv) => createRng(env.seed ^ hashString(env.device.eui));

export const weatherStation = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  const m: DeviceModel = {
    typeKey: 'weather-station',
    sample(t) {
      const { t0 } = step(t);
      const w = weatherAt(env.seed, t);
      return {
        airTemp: w.airTemp + jitter(rng, 0.1),
        airHumidity: w.airHumidity + jitter(rng, 0.5),
        // The tipping bucket's increment since the previous message (reports add them up).
        rainfall: rainfallBetween(env.seed, t0, t),
        windSpeed: w.windSpeed + jitter(rng, 0.3),
        windDirection: w.windDirection,
        illuminance: w.illuminance,
        pressure: w.pressure + jitter(rng, 0.2),
        solarRadiation: w.solarRadiation,
        // Plants draw CO₂ down by day; it builds up at night.
        co2: 415 + (w.solarRadiation > 50 ? -20 : 45) + jitter(rng, 5),
        supplyVoltage: 12.3 + w.solarRadiation / 800 + jitter(rng, 0.05),
      };
    },
    command: (_a, p): CommandOutcome => configurePeriod(m, p) ?? { ok: false, message: 'unsupported' },
  };
  return m;
};

/** A soil column; `surface` says whether layer 0 (the surface probe) exists. */
const soilModel = (env: ModelEnv, typeKey: 'soil-moisture' | 'tubular-soil'): DeviceModel => {
  const first = typeKey === 'soil-moisture' ? 0 : 1;
  const layers = 11 - first;
  const rng = envRng(env);
  const step = stepper();
  let soil: SoilState = initialSoil(layers, env.seed ^ hashString(env.device.eui));
  const m: DeviceModel = {
    typeKey,
    sample(t) {
      const { t0, dtHours } = step(t);
      const w = weatherAt(env.seed, t);
      const water = rainfallBetween(env.seed, t0, t) + env.site.irrigationBetween(t0, t);
      soil = soilStep(soil, dtHours, evapotranspiration(w), water);
      const salts = env.site.salts(t);
      const out: Record<string, number> = {};
      soil.moisture.forEach((moisture, i) => {
        const layer = i + first;
        out[`moisture${layer}`] = moisture + jitter(rng, 0.15);
        out[`soilTemp${layer}`] = soilTemperature(env.seed, t, layer);
        out[`ec${layer}`] = soilConductivity(moisture, salts * 0.8 ** layer);
      });
      if (typeKey === 'soil-moisture') {
        out.airTemp = w.airTemp + jitter(rng, 0.1);
        out.airHumidity = w.airHumidity + jitter(rng, 0.5);
        out.supplyVoltage = 12.2 + w.solarRadiation / 900;
      } else {
        // A battery probe: drains slowly, a new battery every 100 days.
        out.battery = 100 - ((localDay(t) % 100) * 0.6 + noise(env.seed, env.device.eui) * 10);
      }
      return out;
    },
    command: (_a, p) => configurePeriod(m, p) ?? { ok: false, message: 'unsupported' },
  };
  return m;
};

export const soilMoisture = (env: ModelEnv) => soilModel(env, 'soil-moisture');
export const tubularSoil = (env: ModelEnv) => soilModel(env, 'tubular-soil');

export const waterQuality = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let ph = 7.4;
  let level = 190;
  const m: DeviceModel = {
    typeKey: 'water-quality',
    sample(t) {
      const { t0, dtHours } = step(t);
      const pond = env.site.pond(t);
      const w = weatherAt(env.seed, t);
      // Photosynthesis takes up CO₂ and lifts pH by day; respiration lowers it at night.
      const target = 7.2 + (w.solarRadiation / 1000) * 1.1;
      ph += (target - ph) * Math.min(1, dtHours * 0.5) + jitter(rng, 0.01);
      // Rain raises the pond; evaporation and seepage lower it back towards 190 cm.
      level += rainfallBetween(env.seed, t0, t) / 10 + (190 - level) * Math.min(1, dtHours * 0.02);
      const warm = (pond.waterTemp - 15) / 20;
      return {
        dissolvedOxygen: pond.dissolvedOxygen + jitter(rng, 0.05),
        ph,
        waterTemp: pond.waterTemp + jitter(rng, 0.05),
        ammonia: 0.25 + 0.2 * warm + 0.15 * noise(env.seed, 'nh3', localDay(t)),
        nitrite: 0.03 + 0.03 * warm + jitter(rng, 0.003),
        turbidity: 25 + 10 * noise(env.seed, 'ntu', Math.floor(t / HOUR_MS)) + env.site.pumpsOn() * 3,
        conductivity: 520 + 40 * warm + jitter(rng, 3),
        salinity: 0.28 + jitter(rng, 0.005),
        orp: 180 + 25 * (pond.dissolvedOxygen - 5) + jitter(rng, 4),
        waterLevel: level,
      };
    },
    command: (_a, p) => configurePeriod(m, p) ?? { ok: false, message: 'unsupported' },
  };
  return m;
};

/**
 * Light traps (pest station, forecast lamp): insectCount is the count on today's board, rising from dusk
 * and cleared at 06:00 local when the board is photographed and replaced.
 */
const trapModel = (env: ModelEnv, typeKey: 'pest-station' | 'forecast-lamp'): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let board = 0;
  let boardDay: number | undefined;
  let lampOverride: { on: boolean; until: number } | undefined;
  let battery = 80 + 20 * noise(env.seed, env.device.eui, 'bat');
  const boardDayOf = (t: number) => localDay(t - 6 * HOUR_MS);
  const m: DeviceModel = {
    typeKey,
    sample(t) {
      const { dtHours } = step(t);
      const day = boardDayOf(t);
      if (boardDay !== day) {
        board = 0;
        boardDay = day;
      }
      // Expected catches over the step, then a Poisson-ish draw from the seeded stream.
      const expected = insectRate(env.seed, t) * dtHours * (typeKey === 'forecast-lamp' ? 0.4 : 1);
      board += Math.floor(expected + rng());
      const w = weatherAt(env.seed, t);
      const scheduled = lampScheduledOn(t) && !w.raining;
      const on = lampOverride && t < lampOverride.until ? lampOverride.on : scheduled;
      battery = Math.max(
        5,
        Math.min(100, battery + (w.solarRadiation / 1000) * dtHours * 4 - (on ? 1.2 : 0.1) * dtHours),
      );
      const out: Record<string, number> = {
        insectCount: board,
        airTemp: w.airTemp + jitter(rng, 0.1),
        airHumidity: w.airHumidity + jitter(rng, 0.5),
        rainFlag: w.raining ? 1 : 0,
        lampOn: on ? 1 : 0,
      };
      if (typeKey === 'forecast-lamp') out.battery = battery;
      return out;
    },
    command(action, p, t): CommandOutcome {
      if (action === 'capture') return { ok: true, values: { insectCount: board }, delayMs: 1500 };
      if (action === 'configure') return { ok: true };
      if (action === 'lampSwitch') {
        lampOverride = { on: p.on === true, until: t + 6 * HOUR_MS };
        return { ok: true, values: { lampOn: p.on === true ? 1 : 0 } };
      }
      return { ok: false, message: 'unsupported' };
    },
  };
  return m;
};

export const pestStation = (env: ModelEnv) => trapModel(env, 'pest-station');
export const forecastLamp = (env: ModelEnv) => trapModel(env, 'forecast-lamp');

/** Spores on today's tape: germinate in humid, warm nights. */
export const sporeMeter = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let count = 0;
  let day: number | undefined;
  return {
    typeKey: 'spore-meter',
    sample(t) {
      const { dtHours } = step(t);
      const d = localDay(t - 6 * HOUR_MS);
      if (day !== d) {
        count = 0;
        day = d;
      }
      const w = weatherAt(env.seed, t);
      const humid = Math.max(0, (w.airHumidity - 70) / 30);
      count += Math.floor(humid * 40 * dtHours + rng());
      return { sporeCount: count, airTemp: w.airTemp + jitter(rng, 0.1), airHumidity: w.airHumidity };
    },
    command: (action) =>
      action === 'capture' ? { ok: true, values: { sporeCount: count }, delayMs: 1500 } : { ok: true },
  };
};

export const lorawanNode = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const m: DeviceModel = {
    typeKey: 'lorawan-node',
    sample(t) {
      const w = weatherAt(env.seed, t);
      return {
        rssi: -92 + jitter(rng, 8) - (w.raining ? 6 : 0),
        snr: 6 + jitter(rng, 3),
        battery: 95 - (localDay(t) % 200) * 0.3,
        airTemp: w.airTemp + jitter(rng, 0.2),
        airHumidity: w.airHumidity + jitter(rng, 1),
      };
    },
    command: (_a, p) => configurePeriod(m, p) ?? { ok: false, message: 'unsupported' },
  };
  return m;
};

/** A channel flow station: level and velocity rise after rain and recede over hours. */
export const flowMeter = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let level = 80;
  let total = 120_000 + 5000 * noise(env.seed, env.device.eui);
  const m: DeviceModel = {
    typeKey: 'flow-meter',
    sample(t) {
      const { t0, dtHours } = step(t);
      level += rainfallBetween(env.seed, t0, t) * 1.5 + (80 - level) * Math.min(1, dtHours * 0.15);
      const velocity = 0.35 + (level - 60) * 0.006 + jitter(rng, 0.02);
      // A 3 m wide channel: flow = width × depth × velocity.
      const flow = 3 * (level / 100) * Math.max(0, velocity);
      total += flow * dtHours * 3600;
      return { flowVelocity: velocity, waterLevel: level, flowRate: flow, totalFlow: total };
    },
    command: (_a, p) => configurePeriod(m, p) ?? { ok: false, message: 'unsupported' },
  };
  return m;
};
