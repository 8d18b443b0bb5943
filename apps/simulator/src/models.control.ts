import { type CommandOutcome, configurePeriod, type DeviceModel, jitter, type ModelEnv } from './model.js';
import { insectRate, lampScheduledOn, localDay, localHour, rainfallBetween, weatherAt } from './physics.js';
import { clamp, createRng, hashString, noise } from './random.js';

// Models of the switched, set and moving device types: lamps, pumps, valves, gates, gateways, machines.

const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;
/** Firmware safety: nothing runs longer than the spec's maximum control duration (480 min). */
const MAX_RUN_MS = 480 * MIN_MS;

const stepper = () => {
  let last: number | undefined;
  return (t: number): { t0: number; dtHours: number } => {
    const t0 = last ?? t - MIN_MS;
    last = Math.max(t, last ?? t);
    return { t0, dtHours: Math.max(0, (t - t0) / HOUR_MS) };
  };
};

const envRng = (env: ModelEnv) => createRng(env.seed ^ hashString(env.device.eui));
const runUntil = (t: number, p: Record<string, unknown>) =>
  t + (typeof p.durationMin === 'number' ? p.durationMin * MIN_MS : MAX_RUN_MS);
const unsupported: CommandOutcome = { ok: false, message: 'unsupported' };

export const pestLamp = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let kills = Math.floor(2000 + 3000 * noise(env.seed, env.device.eui));
  let schedule = { startHour: 19, endHour: 5 };
  let override: { on: boolean; until: number } | undefined;
  const isOn = (t: number) => {
    if (override && t < override.until) return override.on;
    // Rain control: the lamp stays dark while it rains.
    return lampScheduledOn(t, schedule.startHour, schedule.endHour) && !weatherAt(env.seed, t).raining;
  };
  return {
    typeKey: 'pest-lamp',
    sample(t) {
      const { dtHours } = step(t);
      const w = weatherAt(env.seed, t);
      const on = isOn(t);
      if (on) kills += Math.floor(insectRate(env.seed, t) * 0.8 * dtHours + rng());
      return {
        killCount: kills,
        lampOn: on ? 1 : 0,
        rainFlag: w.raining ? 1 : 0,
        supplyVoltage: 12.4 + w.solarRadiation / 900 - (on ? 0.3 : 0) + jitter(rng, 0.05),
        airTemp: w.airTemp + jitter(rng, 0.1),
        airHumidity: w.airHumidity + jitter(rng, 0.5),
      };
    },
    command(action, p, t) {
      if (action === 'turnOn' || action === 'turnOff') {
        // A manual switch holds until the next schedule boundary is at least 6 h away.
        override = { on: action === 'turnOn', until: t + 6 * HOUR_MS };
        return { ok: true, values: { lampOn: action === 'turnOn' ? 1 : 0 } };
      }
      if (action === 'schedule') {
        schedule = { startHour: Number(p.startHour), endHour: Number(p.endHour) };
        override = undefined;
        return { ok: true, values: { lampOn: isOn(t) ? 1 : 0 } };
      }
      return unsupported;
    },
  };
};

export const inverter = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let runningUntil = 0;
  let setPressure = 3.5;
  let pressure = 0;
  const values = (t: number) => {
    const running = t < runningUntil;
    const current = running ? 6 + 2.2 * pressure + jitter(rng, 0.2) : 0;
    return {
      pressure,
      setPressure,
      frequency: running ? clamp(28 + 22 * (setPressure / 16) + 4 * (setPressure - pressure), 0, 50) : 0,
      current,
      voltage: 380 + jitter(rng, 3),
      // Three-phase power at a 0.85 power factor.
      power: (Math.sqrt(3) * 380 * current * 0.85) / 1000,
      running: running ? 1 : 0,
      fault: 0,
    };
  };
  const sample = (t: number) => {
    const { dtHours } = step(t);
    const target = t < runningUntil ? setPressure : 0;
    // The PID loop brings pressure to the setpoint with a ~20 s time constant.
    pressure =
      target + (pressure - target) * Math.exp((-dtHours * 3600) / 20) + (target > 0 ? jitter(rng, 0.03) : 0);
    pressure = Math.max(0, pressure);
    return values(t);
  };
  return {
    typeKey: 'inverter',
    sample,
    command(action, p, t) {
      if (action === 'start') {
        runningUntil = runUntil(t, p);
        pressure = Math.max(pressure, setPressure * 0.8);
        return { ok: true, values: values(t), delayMs: 800 };
      }
      if (action === 'stop') {
        runningUntil = 0;
        pressure = 0;
        return { ok: true, values: values(t), delayMs: 500 };
      }
      if (action === 'setPressure') {
        if (Number(p.pressure) <= 0) return { ok: false, message: 'pressure must be above 0' };
        setPressure = Number(p.pressure);
        return { ok: true, values: { setPressure } };
      }
      // A refresh reads the drive's registers now: the ack carries every current value.
      if (action === 'refresh') return { ok: true, values: sample(t), delayMs: 200 };
      return unsupported;
    },
  };
};

/** Fertigation and injection machines water the site while they run and leave salts in the soil. */
const fertigationModel = (env: ModelEnv, typeKey: 'water-fertilizer' | 'inject-fertilizer'): DeviceModel => {
  const rng = envRng(env);
  const step = stepper();
  let runningUntil = 0;
  let total = 800 + 400 * noise(env.seed, env.device.eui);
  let tank = 85;
  let rate = 200;
  const source = `${typeKey}:${env.device.eui}`;
  return {
    typeKey,
    sample(t): Record<string, number> {
      const { t0, dtHours } = step(t);
      const running = t < runningUntil;
      const ranHours = Math.max(0, (Math.min(t, runningUntil) - t0) / HOUR_MS);
      if (ranHours > 0) env.site.addSalts(ranHours * 0.4, t);
      if (typeKey === 'water-fertilizer') {
        total += ranHours * 6;
        // The stock tank empties while fertigating and is refilled at 08:00 each day.
        tank =
          localHour(t) >= 8 && localHour(t) < 8 + dtHours + 0.01 ? 90 : Math.max(5, tank - ranHours * 12);
        return {
          ec: running ? 1.8 + jitter(rng, 0.05) : 0.4,
          ph: running ? 6.2 + jitter(rng, 0.05) : 7.1,
          pressure: running ? 2.4 + jitter(rng, 0.05) : 0,
          flowRate: running ? 6 + jitter(rng, 0.2) : 0,
          totalFlow: total,
          tankLevel: tank,
          running: running ? 1 : 0,
          fault: 0,
        };
      }
      total += ranHours * rate;
      return {
        ec: running ? 2.1 + jitter(rng, 0.05) : 0.4,
        ph: running ? 6.0 + jitter(rng, 0.05) : 7.1,
        injectionRate: running ? rate + jitter(rng, 2) : 0,
        totalInjected: total,
        running: running ? 1 : 0,
        fault: 0,
      };
    },
    command(action, p, t) {
      if (action === 'startProgram' || action === 'start') {
        // A program without a duration runs 60 min, the spec's shortest control duration.
        runningUntil = t + (typeof p.durationMin === 'number' ? p.durationMin : 60) * MIN_MS;
        if (typeof p.rateLph === 'number') rate = p.rateLph;
        env.site.setIrrigation(source, t, runningUntil, 6);
        return { ok: true, values: { running: 1 }, delayMs: 1000 };
      }
      if (action === 'stop') {
        runningUntil = 0;
        env.site.stopIrrigation(source, t);
        return { ok: true, values: { running: 0 }, delayMs: 500 };
      }
      return unsupported;
    },
  };
};

export const waterFertilizer = (env: ModelEnv) => fertigationModel(env, 'water-fertilizer');
export const injectFertilizer = (env: ModelEnv) => fertigationModel(env, 'inject-fertilizer');

/** Gateways and RTUs: relay circuits switched by the switch command, health values. */
const relayModel = (env: ModelEnv, typeKey: 'gateway' | 'lora-4g' | 'acquisition-control'): DeviceModel => {
  const rng = envRng(env);
  const circuits = new Map<number, number>();
  const started = Date.now();
  const m: DeviceModel = {
    typeKey,
    sample(t) {
      const w = weatherAt(env.seed, t);
      const health = { rssi: -68 + jitter(rng, 6), supplyVoltage: 12 + jitter(rng, 0.1) };
      const uptime = Math.max(0, (t - started) / 1000);
      if (typeKey === 'gateway') {
        return { ...health, uptime, airTemp: w.airTemp + 1.5, airHumidity: w.airHumidity - 3 };
      }
      if (typeKey === 'lora-4g') return { ...health, uptime };
      const out: Record<string, number> = { supplyVoltage: 24 + jitter(rng, 0.2) };
      for (let i = 1; i <= 4; i++) {
        out[`relay${i}`] = circuits.get(i) ?? 0;
        // 4–20 mA loops: a level sensor, a pressure sensor, two spares near 4 mA.
        out[`ai${i}`] =
          i === 1
            ? 4 + 16 * (0.4 + 0.1 * Math.sin(t / HOUR_MS))
            : i === 2
              ? 9 + jitter(rng, 0.3)
              : 4 + jitter(rng, 0.05);
      }
      return out;
    },
    command(action, p) {
      if (action === 'switch') {
        const circuit = Number(p.circuit);
        if (typeKey === 'acquisition-control' && (circuit < 1 || circuit > 4)) {
          return { ok: false, message: `no relay on circuit ${circuit}` };
        }
        circuits.set(circuit, Number(p.sw));
        const values = typeKey === 'acquisition-control' ? { [`relay${circuit}`]: Number(p.sw) ? 1 : 0 } : {};
        return { ok: true, values, delayMs: 600 };
      }
      if (action === 'refresh') return { ok: true, delayMs: 300 };
      return configurePeriod(m, p) ?? unsupported;
    },
  };
  return m;
};

export const gateway = (env: ModelEnv) => relayModel(env, 'gateway');
export const lora4g = (env: ModelEnv) => relayModel(env, 'lora-4g');
export const acquisitionControl = (env: ModelEnv) => relayModel(env, 'acquisition-control');

export const lorawanGateway = (env: ModelEnv): DeviceModel => {
  const step = stepper();
  let rx = Math.floor(50_000 * noise(env.seed, env.device.eui));
  let tx = Math.floor(rx / 20);
  const started = Date.now();
  return {
    typeKey: 'lorawan-gateway',
    sample(t) {
      const { dtHours } = step(t);
      rx += Math.round(dtHours * 240);
      tx += Math.round(dtHours * 12);
      return { rxPackets: rx, txPackets: tx, uptime: Math.max(0, (t - started) / 1000) };
    },
    command: (action) => (action === 'refresh' ? { ok: true, delayMs: 300 } : unsupported),
  };
};

/** An aerator regulator with pumps on ports 1–4; running pumps lift the site pond's oxygen. */
export const aerator = (env: ModelEnv): DeviceModel => {
  const rng = envRng(env);
  const ports = env.device.pumpPorts ?? [1, 2, 3];
  const on = new Map<number, boolean>(ports.map((p) => [p, false]));
  const source = `aerator:${env.device.eui}`;
  // A pump trips about one hour in a hundred (overload relay), for the fault log and alarms.
  const faulted = (port: number, t: number) =>
    noise(env.seed, env.device.eui, port, Math.floor(t / HOUR_MS)) < 0.01;
  const running = (port: number, t: number) => (on.get(port) ?? false) && !faulted(port, t);
  const sync = (t: number) => env.site.setPumps(source, ports.filter((p) => running(p, t)).length, t);
  const portValues = (port: number, t: number) => ({
    [`pump${port}On`]: on.get(port) ? 1 : 0,
    [`pump${port}Fault`]: faulted(port, t) ? 1 : 0,
    [`pump${port}Current`]: running(port, t) ? 8.5 + jitter(rng, 0.4) : 0,
  });
  return {
    typeKey: 'aerator',
    sample(t) {
      sync(t);
      const out: Record<string, number> = {
        dissolvedOxygen: env.site.pond(t).dissolvedOxygen + jitter(rng, 0.05),
      };
      for (const port of ports) Object.assign(out, portValues(port, t));
      return out;
    },
    command(action, p, t) {
      if (action !== 'pump') return unsupported;
      const port = Number(p.port);
      if (!on.has(port)) return { ok: false, message: `no pump on port ${port}` };
      if (p.on === true && faulted(port, t)) return { ok: false, message: `pump ${port} fault` };
      on.set(port, p.on === true);
      sync(t);
      return { ok: true, values: portValues(port, t), delayMs: 700 };
    },
  };
};

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
      const north = row * 4;
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
        // Area ploughed this year: 6 km/h × 4 m = 2.4 ha per working hour, 7.5 h a day.
        workArea: ((day % 365) * 7.5 + worked) * 2.4,
        fault: 0,
      };
    },
    command: (_a, p) => configurePeriod(m, p) ?? unsupported,
  };
  return m;
};
