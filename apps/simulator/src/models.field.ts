import { configurePeriod, type DeviceModel, jitter, type ModelEnv } from './model.js';
import { envRng, HOUR_MS, MIN_MS, runUntil, stepper, unsupported } from './models.shared.js';
import { localDay, localHour, rainfallBetween } from './physics.js';
import { clamp, noise } from './random.js';

// Models of the set and moving device types: valves, gates, power, screens, the arm, seeders, machines.

/** A solenoid valve on an irrigation line fed from a tank with a level sensor and a refill pump. */
export const electricValve = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let openUntil = 0;
  let level = 300;
  let refilling = false;
  let levels = { lowCm: 100, highCm: 400 };
  const source = `valve:${env.device.eui}`;
  return {
    typeKey: 'electric-valve',
    sample(t) {
      const { t0, dtHours } = step(t);
      const openHours = Math.max(0, (Math.min(t, openUntil) - t0) / HOUR_MS);
      if (level <= levels.lowCm) refilling = true;
      if (level >= levels.highCm) refilling = false;
      level += (refilling ? 80 * dtHours : 0) - 40 * openHours;
      level = clamp(level, 0, 50_000);
      const open = t < openUntil;
      return {
        valveOpen: open ? 1 : 0,
        liquidLevel: level,
        flowRate: open ? 2.5 + jitter(rng, 0.1) : 0,
        supplyVoltage: 24 + jitter(rng, 0.2),
      };
    },
    command(action, p, t) {
      if (action === 'open') {
        openUntil = runUntil(t, p);
        // Drip line: about 8 mm/h over the plot while open.
        env.site.setIrrigation(source, t, openUntil, 8);
        return { ok: true, values: { valveOpen: 1 }, delayMs: 1200 };
      }
      if (action === 'close') {
        openUntil = 0;
        env.site.stopIrrigation(source, t);
        return { ok: true, values: { valveOpen: 0 }, delayMs: 1200 };
      }
      if (action === 'setLevels') {
        const lowCm = Number(p.lowCm);
        const highCm = Number(p.highCm);
        if (highCm - lowCm < 10) return { ok: false, message: 'highCm − lowCm must be at least 10' };
        levels = { lowCm, highCm };
        return { ok: true };
      }
      return unsupported;
    },
  };
};

/** A sluice gate: the motor moves the leaf 2 % per second towards the commanded opening. */
export const sluiceGate = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let opening = 20;
  let target = 20;
  let upstream = 300;
  return {
    typeKey: 'sluice-gate',
    sample(t) {
      const { t0, dtHours } = step(t);
      const move = dtHours * 3600 * 2;
      opening += clamp(target - opening, -move, move);
      upstream +=
        rainfallBetween(env.seed, t0, t) * 2 -
        (upstream - 300) * Math.min(1, dtHours * 0.1) -
        opening * 0.02 * dtHours;
      const downstream = 150 + (upstream - 150) * (opening / 100) * 0.6;
      return { opening, upstreamLevel: upstream + jitter(rng, 0.5), downstreamLevel: downstream, fault: 0 };
    },
    command(action, p) {
      if (action === 'setOpening' || action === 'close') {
        target = action === 'close' ? 0 : Number(p.opening);
        const seconds = Math.abs(target - opening) / 2;
        opening = target;
        return { ok: true, values: { opening: target }, delayMs: Math.min(8000, seconds * 100 + 500) };
      }
      if (action === 'stop') {
        target = opening;
        return { ok: true, values: { opening } };
      }
      return unsupported;
    },
  };
};

export const networkPower = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  const outlets = [1, 1, 0, 0];
  let energy = 300 + 200 * noise(env.seed, env.device.eui);
  const values = () => {
    const voltage = 220 + jitter(rng, 2);
    const current =
      outlets.reduce((s, o) => s + o * 0.8, 0) + (outlets.some((o) => o) ? jitter(rng, 0.05) : 0);
    const out: Record<string, number> = {
      voltage,
      current: Math.max(0, current),
      power: voltage * Math.max(0, current) * 0.9,
      energy,
    };
    outlets.forEach((o, i) => {
      out[`outlet${i + 1}`] = o;
    });
    return out;
  };
  return {
    typeKey: 'network-power',
    sample(t) {
      const { dtHours } = step(t);
      const v = values();
      energy += ((v.power ?? 0) / 1000) * dtHours;
      return values();
    },
    command(action, p) {
      if (action !== 'outlet') return unsupported;
      outlets[Number(p.outlet) - 1] = p.on === true ? 1 : 0;
      return { ok: true, values: { [`outlet${p.outlet}`]: p.on === true ? 1 : 0 } };
    },
  };
};

export const ledScreen = (env: ModelEnv): DeviceModel => {
  let override: boolean | undefined;
  let brightness = 80;
  void env;
  const on = (t: number) => override ?? (localHour(t) >= 7 && localHour(t) < 22);
  return {
    typeKey: 'led-screen',
    sample: (t) => ({ screenOn: on(t) ? 1 : 0, brightness: on(t) ? brightness : 0 }),
    command(action, p, t) {
      if (action === 'turnOn' || action === 'turnOff') {
        override = action === 'turnOn';
        return { ok: true, values: { screenOn: on(t) ? 1 : 0 } };
      }
      if (action === 'setBrightness') {
        brightness = Number(p.brightness);
        return { ok: true, values: { brightness } };
      }
      if (action === 'showText') return { ok: true };
      return unsupported;
    },
  };
};

/** Preset n of the arm: a fixed pose so the same call always goes to the same place. */
export const presetPose = (n: number) => ({
  axisR: ((n * 47) % 360) - 180,
  axisY: n * 800,
  axisZ: 300 + ((n * 130) % 1200),
});

export const roboticArm = (env: ModelEnv): DeviceModel => {
  const step = stepper();
  let pose = presetPose(1);
  let target = pose;
  let cruise: { route: number; since: number } | undefined;
  let powerOn = true;
  let motionOn = true;
  // Axis travel of the installed rails (what callConfig reports).
  const travel = { yTravel: 12_000, zTravel: 2_000 };
  void env;
  const move = (dtSec: number) => {
    const towards = (cur: number, to: number, speed: number) =>
      cur + clamp(to - cur, -speed * dtSec, speed * dtSec);
    pose = {
      axisR: towards(pose.axisR, target.axisR, 30),
      axisY: towards(pose.axisY, target.axisY, 200),
      axisZ: towards(pose.axisZ, target.axisZ, 100),
    };
  };
  const moving = () =>
    pose.axisR !== target.axisR || pose.axisY !== target.axisY || pose.axisZ !== target.axisZ;
  const status = () => ({ ...pose, running: powerOn && motionOn && (moving() || cruise) ? 1 : 0, fault: 0 });
  const switches = () => ({ powerOn: powerOn ? 1 : 0, motionOn: motionOn ? 1 : 0 });
  return {
    typeKey: 'robotic-arm',
    sample(t) {
      const { dtHours } = step(t);
      // A cruise visits presets 1–4 of its route in turn, staying 60 s at each.
      if (cruise) target = presetPose(((Math.floor((t - cruise.since) / MIN_MS) + cruise.route) % 4) + 1);
      // With power or motion off the arm holds its pose.
      if (powerOn && motionOn) move(dtHours * 3600);
      return { ...status(), ...switches(), ...travel };
    },
    command(action, p, t) {
      if (action === 'callStatus') return { ok: true, values: { ...status(), ...switches() } };
      if (action === 'callConfig') return { ok: true, values: { ...travel } };
      if (action === 'ctrlSwitch') {
        if (Number(p.target) === 1) powerOn = p.on === true;
        else motionOn = p.on === true;
        if (!powerOn || !motionOn) {
          cruise = undefined;
          target = pose;
        }
        return { ok: true, values: { ...switches(), running: 0 } };
      }
      // The camera and its image service answer even while the axes are switched off.
      if (action === 'ptz') return { ok: true };
      if (action === 'restartImg') return { ok: true, delayMs: 3000 };
      if (action === 'updateImg') return { ok: true, delayMs: 8000 };
      if (action === 'stop') {
        cruise = undefined;
        target = pose;
        return { ok: true, values: { running: 0 } };
      }
      if (!powerOn) return { ok: false, message: 'power is off' };
      if (!motionOn && action !== 'capture') return { ok: false, message: 'motion is off' };
      if (action === 'callPreset') {
        cruise = undefined;
        target = presetPose(Number(p.preset));
        return { ok: true, values: { ...target, running: 0 }, delayMs: 2000 };
      }
      if (action === 'cruise') {
        cruise = p.run === true ? { route: Number(p.cruise), since: t } : undefined;
        return { ok: true, values: { running: p.run === true ? 1 : 0 } };
      }
      if (action === 'capture') return { ok: true, delayMs: 1000 };
      return unsupported;
    },
  };
};

export const seeder = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let running = false;
  let trays = Math.floor(10_000 + 5000 * noise(env.seed, env.device.eui));
  return {
    typeKey: 'seeder',
    sample(t) {
      const { dtHours } = step(t);
      const rate = running ? 320 + jitter(rng, 15) : 0;
      trays += Math.floor(rate * dtHours + (running ? rng() : 0));
      return {
        traysDone: trays,
        traysPerHour: rate,
        missRate: running ? 1.5 + jitter(rng, 0.5) : 0,
        running: running ? 1 : 0,
        fault: 0,
      };
    },
    command(action) {
      if (action !== 'start' && action !== 'stop') return unsupported;
      running = action === 'start';
      return { ok: true, values: { running: running ? 1 : 0 }, delayMs: 800 };
    },
  };
};

/** Work hours of the tractor (local): 08:00–12:00 and 14:00–17:30. */
const workedHoursToday = (h: number): number => clamp(h - 8, 0, 4) + clamp(h - 14, 0, 3.5);

/**
 * A tractor ploughing a 200 m × 100 m field next to its registered location in rows 4 m apart at
 * 6 km/h; parked at the field corner outside work hours. The position is a function of the time of day.
 */
export const farmMachine = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const lat0 = env.device.lat ?? 22.96;
  const lng0 = env.device.lng ?? 113.34;
  const ROW = 200;
  const ROWS = 25;
  const ROW_GAP = 4;
  const FIELD_M2 = ROW * ROWS * ROW_GAP;
  const m: DeviceModel = {
    typeKey: 'farm-machine',
    sample(t) {
      const h = localHour(t);
      const worked = workedHoursToday(h);
      const working = (h >= 8 && h < 12) || (h >= 14 && h < 17.5);
      const d = worked * 6000;
      const row = Math.floor(d / ROW) % ROWS;
      const along = d % ROW;
      const east = row % 2 === 0 ? along : ROW - along;
      const north = row * ROW_GAP;
      const mPerDegLng = 111_320 * Math.cos((lat0 * Math.PI) / 180);
      const day = localDay(t);
      return {
        lat: lat0 + north / 111_320,
        lng: lng0 + east / mPerDegLng,
        speed: working ? 6 + jitter(rng, 0.4) : 0,
        heading: row % 2 === 0 ? 90 : 270,
        engineRpm: working ? 1850 + jitter(rng, 40) : 0,
        // Refuelled every morning; burns about 4 % an hour of work.
        fuelLevel: 95 - worked * 4,
        // Area worked today: the rows covered so far, at most the 2 ha field it drives over (a yearly sum of
        // 2.4 ha an hour read 6,000 ha on a base of 8 ha; issue 12 item 9).
        workArea: Math.min(d * ROW_GAP, FIELD_M2) / 10_000,
        // Hour meter: 7.5 h a working day, running since the start of the year.
        engineHours: (day % 365) * 7.5 + worked,
        fault: 0,
      };
    },
    command: (_a, p) => configurePeriod(m, p) ?? unsupported,
  };
  return m;
};
