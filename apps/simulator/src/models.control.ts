import { configurePeriod, type DeviceModel, jitter, type ModelEnv } from './model.js';
import { envRng, HOUR_MS, MIN_MS, runUntil, stepper, unsupported } from './models.shared.js';
import { insectRate, lampScheduledOn, localHour, weatherAt } from './physics.js';
import { clamp, noise } from './random.js';

// Models of the switched device types: lamps, pumps, fertigation, relays, aerators.

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
