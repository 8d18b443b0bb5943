import { ackPayload, validateTelemetry } from '@tilth/contracts/device-protocol.types';
import { type CommandDef, DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { respondToCommand } from '../device-client.js';
import { type CommandParams, checkCommand, finalizeValues } from '../model.js';
import { createModel, SIMULATED_TYPE_KEYS } from '../models.js';
import { Site } from '../site.js';

const SEED = 11;
const H = 3_600_000;
const T0 = Date.UTC(2026, 6, 10) - 8 * H; // local midnight, 10 July
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const make = (typeKey: string, site = new Site('s', SEED), extra: { lat?: number; lng?: number } = {}) => {
  const m = createModel(typeKey, { seed: SEED, site, device: { typeKey, eui: `SIM-${typeKey}`, ...extra } });
  if (!m) throw new Error(`no model for ${typeKey}`);
  return m;
};

/** Valid params for a command definition: the middle of each range, the first allowed code. */
const validParams = (typeKey: string, def: CommandDef): CommandParams => {
  const p: CommandParams = {};
  for (const d of def.params) {
    if (d.type === 'boolean') p[d.key] = true;
    else if (d.type === 'string') p[d.key] = 'Hello';
    else if (d.values) p[d.key] = d.values[1] ?? d.values[0] ?? 0;
    else {
      const mid = ((d.min ?? 0) + (d.max ?? 100)) / 2;
      p[d.key] = d.type === 'integer' ? Math.round(mid) : mid;
    }
  }
  // Values that must fit the device as registered: RTU relays 1–4, regulator pumps on ports 1–3.
  if (typeKey === 'acquisition-control' && def.action === 'switch') p.circuit = 2;
  if (typeKey === 'aerator') p.port = 1;
  if (def.action === 'setLevels') Object.assign(p, { lowCm: 100, highCm: 400 });
  return p;
};

describe('device models', () => {
  it('cover every registry type except cameras', () => {
    const expected = DEVICE_TYPES.filter((t) => t.family !== 'camera')
      .map((t) => t.key)
      .sort();
    expect([...SIMULATED_TYPE_KEYS].sort()).toEqual(expected);
  });

  it.each(SIMULATED_TYPE_KEYS)(
    '%s publishes telemetry that ingest accepts, every metric, for two days',
    (typeKey) => {
      const m = make(typeKey, new Site('s', SEED), { lat: 22.96, lng: 113.34 });
      const type = deviceTypeByKey(typeKey);
      const seen = new Set<string>();
      for (let t = T0; t < T0 + 48 * H; t += 10 * 60_000) {
        const values = finalizeValues(typeKey, m.sample(t));
        const r = validateTelemetry(typeKey, { ts: t, seq: t, values }, { now: t });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        expect(r.rejected).toEqual([]);
        if (r.ok) expect(r.telemetry.values).toEqual(values);
        for (const k of Object.keys(values)) seen.add(k);
      }
      // A regulator reports only the ports that have a pump (three by default).
      const expected = type?.metrics.map((x) => x.key).filter((k) => !k.startsWith('pump4'));
      expect([...seen].sort()).toEqual(expected?.sort());
    },
  );

  it.each(SIMULATED_TYPE_KEYS)(
    '%s accepts each of its commands with an accepted then a done ack',
    (typeKey) => {
      const m = make(typeKey);
      m.sample(T0 + 20 * H);
      for (const def of deviceTypeByKey(typeKey)?.commands ?? []) {
        const params = validParams(typeKey, def);
        const cmd = JSON.stringify({ cmdId: uuid(1), action: def.action, params });
        const acks = respondToCommand(typeKey, m, cmd, T0 + 20 * H);
        expect(
          acks.map((a) => a.ack.stage),
          `${def.action} ${JSON.stringify(acks)}`,
        ).toEqual(['accepted', 'done']);
        for (const { ack } of acks) {
          expect(ack.ok).toBe(true);
          expect(ackPayload.parse(ack)).toMatchObject(ack);
          if (ack.values)
            expect(
              validateTelemetry(typeKey, { ts: T0, seq: 1, values: ack.values }, { now: T0 }).rejected,
            ).toEqual([]);
        }
        expect(acks[1]?.delayMs).toBeGreaterThan(0);
      }
    },
  );
});

describe('command answers', () => {
  it('rejects unknown actions, bad params and malformed commands with one failed ack', () => {
    const m = make('electric-valve');
    const one = (body: unknown) => respondToCommand('electric-valve', m, JSON.stringify(body), T0);
    expect(one({ cmdId: uuid(2), action: 'explode', params: {} })).toEqual([
      { ack: { cmdId: uuid(2), ok: false, stage: 'done', message: "unknown action 'explode'" }, delayMs: 0 },
    ]);
    expect(one({ cmdId: uuid(3), action: 'open', params: { durationMin: 10 } })[0]?.ack).toMatchObject({
      ok: false,
      message: "param 'durationMin' below 60",
    });
    expect(
      one({ cmdId: uuid(4), action: 'setLevels', params: { lowCm: 100, highCm: 105 } })[0]?.ack,
    ).toMatchObject({
      ok: false,
      message: 'highCm − lowCm must be at least 10',
    });
    expect(one({ cmdId: uuid(5), action: 'open', params: { durationMin: 60, extra: 1 } })[0]?.ack.ok).toBe(
      false,
    );
    expect(one({ cmdId: uuid(6), params: 'nope' })[0]?.ack).toMatchObject({
      ok: false,
      message: 'malformed command',
    });
    expect(respondToCommand('electric-valve', m, 'not json', T0)).toEqual([]);
    expect(one({ action: 'open' })).toEqual([]);
  });

  it('checks params the way the registry defines them', () => {
    expect(checkCommand('gateway', 'switch', { switchId: 1, circuit: 1, sw: 3 })).toBe(
      "param 'sw' must be one of 0, 1, 2",
    );
    expect(checkCommand('gateway', 'switch', { switchId: 1, circuit: 1 })).toBe("missing param 'sw'");
    expect(checkCommand('aerator', 'pump', { port: 1, on: 'yes' })).toBe("param 'on' must be a boolean");
    expect(checkCommand('inverter', 'setPressure', { pressure: 17 })).toBe("param 'pressure' above 16");
    expect(checkCommand('inverter', 'setPressure', { pressure: 8 })).toBeNull();
  });

  it('a regulator refuses a port without a pump', () => {
    const m = createModel('aerator', {
      seed: SEED,
      site: new Site('p', SEED),
      device: { typeKey: 'aerator', eui: 'A1', pumpPorts: [1, 2] },
    });
    if (!m) throw new Error('no model');
    const acks = respondToCommand(
      'aerator',
      m,
      JSON.stringify({ cmdId: uuid(7), action: 'pump', params: { port: 4, on: true } }),
      T0,
    );
    expect(acks[0]?.ack).toMatchObject({ ok: false, message: 'no pump on port 4' });
  });

  it('a configure command changes the upload period', () => {
    const m = make('weather-station');
    respondToCommand(
      'weather-station',
      m,
      JSON.stringify({ cmdId: uuid(8), action: 'configure', params: { uploadPeriodMin: 30 } }),
      T0,
    );
    expect(m.periodSec).toBe(1800);
  });
});

describe('physics across devices of a site', () => {
  it('an open valve wets the soil of its plot; the same soil station elsewhere stays drier', () => {
    const watered = new Site('plot-1', SEED);
    const dry = new Site('plot-2', SEED);
    const valve = make('electric-valve', watered);
    const soilA = make('soil-moisture', watered);
    const soilB = make('soil-moisture', dry);
    const start = T0 + 9 * H;
    soilA.sample(start);
    soilB.sample(start);
    respondToCommand(
      'electric-valve',
      valve,
      JSON.stringify({ cmdId: uuid(9), action: 'open', params: { durationMin: 120 } }),
      start,
    );
    let a: Record<string, number> = {};
    let b: Record<string, number> = {};
    for (let t = start; t <= start + 3 * H; t += 10 * 60_000) {
      a = soilA.sample(t);
      b = soilB.sample(t);
    }
    expect(a.moisture0 ?? 0).toBeGreaterThan((b.moisture0 ?? 0) + 5);
    // The valve closed itself after its 120 minutes.
    expect(valve.sample(start + 3 * H).valveOpen).toBe(0);
  });

  it('aerator pumps keep the pond oxygen up through the night; water quality sees the same pond', () => {
    const still = new Site('pond-1', SEED);
    const stirred = new Site('pond-2', SEED);
    const wqStill = make('water-quality', still);
    const wqStirred = make('water-quality', stirred);
    const aer = make('aerator', stirred);
    const dusk = T0 + 19 * H;
    wqStill.sample(dusk);
    wqStirred.sample(dusk);
    respondToCommand(
      'aerator',
      aer,
      JSON.stringify({ cmdId: uuid(10), action: 'pump', params: { port: 1, on: true } }),
      dusk,
    );
    respondToCommand(
      'aerator',
      aer,
      JSON.stringify({ cmdId: uuid(11), action: 'pump', params: { port: 2, on: true } }),
      dusk,
    );
    const dawn = dusk + 10 * H;
    const a = wqStill.sample(dawn).dissolvedOxygen ?? 0;
    const b = wqStirred.sample(dawn).dissolvedOxygen ?? 0;
    expect(b).toBeGreaterThan(a + 1.5);
    expect(Math.abs((aer.sample(dawn).dissolvedOxygen ?? 0) - b)).toBeLessThan(0.2);
    expect(aer.sample(dawn).pump1On).toBe(1);
  });

  it('an inverter follows its pressure setpoint when running and drops to 0 when stopped', () => {
    const inv = make('inverter');
    const t = T0 + 10 * H;
    respondToCommand(
      'inverter',
      inv,
      JSON.stringify({ cmdId: uuid(12), action: 'setPressure', params: { pressure: 6 } }),
      t,
    );
    respondToCommand('inverter', inv, JSON.stringify({ cmdId: uuid(13), action: 'start', params: {} }), t);
    const running = inv.sample(t + 120_000);
    expect(running.running).toBe(1);
    expect(Math.abs((running.pressure ?? 0) - 6)).toBeLessThan(0.3);
    // A refresh answers every current reading in the final ack (inverter/{id}/refresh round trip).
    const refreshed = respondToCommand(
      'inverter',
      inv,
      JSON.stringify({ cmdId: uuid(16), action: 'refresh', params: {} }),
      t + 125_000,
    );
    expect(refreshed[1]?.ack).toMatchObject({
      ok: true,
      stage: 'done',
      values: { running: 1, setPressure: 6 },
    });
    expect(Object.keys(refreshed[1]?.ack.values ?? {}).sort()).toEqual([
      'current',
      'fault',
      'frequency',
      'power',
      'pressure',
      'running',
      'setPressure',
      'voltage',
    ]);
    respondToCommand(
      'inverter',
      inv,
      JSON.stringify({ cmdId: uuid(14), action: 'stop', params: {} }),
      t + 130_000,
    );
    expect(inv.sample(t + 200_000)).toMatchObject({ running: 0, pressure: 0 });
  });

  it('a sluice gate goes to the commanded opening; a farm machine moves in work hours and parks at night', () => {
    const gate = make('sluice-gate');
    const acks = respondToCommand(
      'sluice-gate',
      gate,
      JSON.stringify({ cmdId: uuid(15), action: 'setOpening', params: { opening: 75 } }),
      T0,
    );
    expect(acks[1]?.ack.values).toEqual({ opening: 75 });
    expect(gate.sample(T0 + 60_000).opening).toBe(75);
    const tractor = make('farm-machine', new Site('f', SEED), { lat: 22.96, lng: 113.34 });
    const a = tractor.sample(T0 + 9 * H);
    const b = tractor.sample(T0 + 9 * H + 10 * 60_000);
    expect(a.speed).toBeGreaterThan(0);
    expect(Math.hypot((a.lat ?? 0) - (b.lat ?? 0), (a.lng ?? 0) - (b.lng ?? 0))).toBeGreaterThan(0.0001);
    expect(tractor.sample(T0 + 22 * H).speed).toBe(0);
  });

  it('a pest station board fills from dusk and is cleared in the morning', () => {
    const trap = make('pest-station');
    let evening = 0;
    for (let t = T0 + 12 * H; t <= T0 + 24 * H; t += 10 * 60_000) evening = trap.sample(t).insectCount ?? 0;
    expect(evening).toBeGreaterThan(0);
    expect(trap.sample(T0 + 31 * H).insectCount ?? 0).toBeLessThan(evening);
  });
});
