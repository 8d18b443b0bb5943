import { describe, expect, it } from 'vitest';
import { createModel } from '../models.js';
import { Site } from '../site.js';

// The robotic arm obeys its power and motion switches and answers status and configuration reads.

const T0 = Date.UTC(2026, 6, 10);

const arm = () => {
  const m = createModel('robotic-arm', {
    seed: 7,
    site: new Site('s', 7),
    device: { typeKey: 'robotic-arm', eui: 'SIM-ARM' },
  });
  if (!m) throw new Error('no arm model');
  return m;
};

describe('robotic arm model', () => {
  it('reports status and travel on request', () => {
    const m = arm();
    const status = m.command('callStatus', {}, T0);
    expect(status).toMatchObject({ ok: true, values: { powerOn: 1, motionOn: 1, fault: 0 } });
    expect(status.values).toHaveProperty('axisR');
    expect(m.command('callConfig', {}, T0)).toEqual({
      ok: true,
      values: { yTravel: 12_000, zTravel: 2_000 },
    });
  });

  it('holds still with motion off and refuses moves until it is on again', () => {
    const m = arm();
    expect(m.command('ctrlSwitch', { target: 2, on: false }, T0)).toMatchObject({
      ok: true,
      values: { motionOn: 0, powerOn: 1 },
    });
    const before = m.sample(T0);
    expect(m.command('callPreset', { preset: 3 }, T0)).toEqual({ ok: false, message: 'motion is off' });
    expect(m.sample(T0 + 60_000)).toMatchObject({ axisR: before.axisR, axisY: before.axisY, motionOn: 0 });
    expect(m.command('stop', {}, T0).ok).toBe(true);
    expect(m.command('ptz', { direction: 8 }, T0).ok).toBe(true);
    m.command('ctrlSwitch', { target: 2, on: true }, T0);
    expect(m.command('callPreset', { preset: 3 }, T0).ok).toBe(true);
  });

  it('with power off answers only the camera, its image service, stop and reads', () => {
    const m = arm();
    m.command('ctrlSwitch', { target: 1, on: false }, T0);
    expect(m.command('capture', {}, T0)).toEqual({ ok: false, message: 'power is off' });
    expect(m.command('restartImg', {}, T0)).toMatchObject({ ok: true });
    expect(m.command('callStatus', {}, T0).values).toMatchObject({ powerOn: 0, running: 0 });
  });
});
