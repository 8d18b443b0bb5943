import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { publishTelemetry, registerDevice, waitFor } from '../../../../test/iot.js';
import { type FamilyFixture, startFamilyFixture, today } from './family.fixture.js';

// Named settings (robotic arm, fertiliser programs, RTU strategies), LoRa sync, fault handling, tracks.

let f: FamilyFixture;
beforeAll(async () => {
  f = await startFamilyFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('robotic arm presets and cruises', () => {
  it('validates axes and numbers, keeps versions, and calls go out as commands', async () => {
    const live = await f.online('robotic-arm', { yTravelMm: 2000 });
    const add = (data: Record<string, unknown>) =>
      f.call(f.tok.admin, 'POST', 'device/mar/add-preset', { deviceId: live.dev.id, name: 'P', data });
    expect((await add({ number: 1, r: 400, y: 0, z: 0 })).statusCode).toBe(400);
    const beyond = await add({ number: 1, r: 0, y: 2500, z: 0 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toMatch(/Y axis travel/);
    const p = await add({ number: 1, r: 90, y: 500, z: 100 });
    expect(p.statusCode, p.body).toBe(200);
    const preset = p.json() as { id: number; objectVersionNumber: number };
    expect((await add({ number: 1, r: 0, y: 0, z: 0 })).statusCode).toBe(409);

    const upd = await f.call(f.tok.admin, 'POST', 'device/mar/update-preset', {
      id: preset.id,
      objectVersionNumber: 1,
      name: 'Gate',
    });
    expect(upd.statusCode).toBe(200);
    const stale = await f.call(f.tok.admin, 'POST', 'device/mar/update-preset', {
      id: preset.id,
      objectVersionNumber: 1,
      name: 'X',
    });
    expect(stale.statusCode).toBe(409);

    expect((await f.call(f.tok.viewer, 'POST', 'device/mar/call-preset', { id: preset.id })).statusCode).toBe(
      403,
    );
    expect(
      (await f.call(f.tok.operator, 'POST', 'device/mar/call-preset', { id: preset.id })).statusCode,
    ).toBe(200);
    await waitFor(() => live.received.length === 1, 5000, 'callPreset');
    expect(live.received[0]).toMatchObject({ action: 'callPreset', params: { preset: 1 } });

    const noSteps = await f.call(f.tok.admin, 'POST', 'device/mar/add-cruise', {
      deviceId: live.dev.id,
      name: 'C',
      data: { number: 1, steps: [] },
    });
    expect(noSteps.statusCode).toBe(400);
    const c = await f.call(f.tok.admin, 'POST', 'device/mar/add-cruise', {
      deviceId: live.dev.id,
      name: 'C',
      data: { number: 2, steps: [{ r: 0, y: 10, z: 10, speed: 50, stayS: 5 }] },
    });
    expect(c.statusCode, c.body).toBe(200);
    const cruise = c.json() as { id: number };
    expect(
      (await f.call(f.tok.operator, 'POST', 'device/mar/ctrl-cruise', { id: cruise.id, run: false }))
        .statusCode,
    ).toBe(200);
    await waitFor(() => live.received.length === 2, 5000, 'cruise');
    expect(live.received[1]).toMatchObject({ action: 'cruise', params: { cruise: 2, run: false } });

    const list = await f.call(f.tok.viewer, 'GET', `device/mar/preset/${live.dev.id}`);
    expect(list.json()).toHaveLength(1);
    expect((await f.call(f.tok.adminB, 'GET', `device/mar/preset/${live.dev.id}`)).statusCode).toBe(403);
    expect((await f.call(f.tok.admin, 'POST', 'device/mar/delete-preset', { id: preset.id })).json()).toBe(1);
    expect(
      (await f.call(f.tok.admin, 'POST', 'device/mar/delete-preset', { id: preset.id })).statusCode,
    ).toBe(404);
  });
});

describe('fertiliser programs', () => {
  it('stores programs with next runs, checks schedules and method references, runs as a command', async () => {
    const live = await f.online('water-fertilizer');
    const base = {
      programNumber: 3,
      zones: [
        { valve: 1, durationMin: 30 },
        { valve: 2, durationMin: 45 },
      ],
      startTimes: ['06:00'],
      startDate: '2025-01-01',
    };
    const add = (data: Record<string, unknown>) =>
      f.call(f.tok.admin, 'POST', 'fertilizer/program', { deviceId: live.dev.id, name: 'Morning', data });
    const missing = await add({ ...base, mode: 'intervalDays' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/intervalDays/);
    expect((await add({ ...base, mode: 'weekdays', weekdays: [8] })).statusCode).toBe(400);
    expect((await add({ ...base, mode: 'daily', methodId: 999 })).statusCode).toBe(400);

    const m = await f.call(f.tok.admin, 'POST', 'fertilizer/method', {
      deviceId: live.dev.id,
      name: 'EC',
      data: { method: 'ecControl', ecTarget: 1.8 },
    });
    expect(m.statusCode, m.body).toBe(200);
    const ok = await add({
      ...base,
      mode: 'oddDays',
      methodId: (m.json() as { id: number }).id,
      ecTarget: 1.8,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const program = ok.json() as { id: number; nextRuns: string[] };
    expect(program.nextRuns).toHaveLength(5);

    const run = await f.call(f.tok.operator, 'POST', `fertilizer/program/${program.id}/run`);
    expect(run.statusCode, run.body).toBe(200);
    await waitFor(() => live.received.length === 1, 5000, 'startProgram');
    expect(live.received[0]).toMatchObject({
      action: 'startProgram',
      params: { program: 3, durationMin: 75 },
    });

    const inUse = await f.call(f.tok.admin, 'DELETE', `fertilizer/method/${(m.json() as { id: number }).id}`);
    expect(inUse.statusCode).toBe(400);
    expect((await f.call(f.tok.viewer, 'POST', `fertilizer/program/${program.id}/run`)).statusCode).toBe(403);
    expect((await f.call(f.tok.admin, 'GET', `fertilizer/${live.dev.id}/program`)).json()).toHaveLength(1);
  });
});

describe('gateways, LoRa, fault handling and machine tracks', () => {
  it("an RTU strategy calls the switch of its gateway; another gateway's switch is refused", async () => {
    const live = await f.online('gateway');
    const sw = await f.call(f.tok.admin, 'POST', 'device/switch', {
      concentratorId: live.dev.id,
      name: 'Pump relay',
      circuit: 3,
      switchTypeName: 'regular',
    });
    expect(sw.statusCode, sw.body).toBe(200);
    const switchId = (sw.json() as { switchId: number }).switchId;
    const other = await registerDevice(f.s, f.tA, { typeKey: 'gateway' });
    const refused = await f.call(f.tok.admin, 'POST', 'device/rtu/strategy', {
      deviceId: other.id,
      name: 'x',
      data: { switchId, circuit: 3, sw: 1 },
    });
    expect(refused.statusCode).toBe(400);
    const add = await f.call(f.tok.admin, 'POST', 'device/rtu/strategy', {
      deviceId: live.dev.id,
      name: 'Fill tank',
      data: { switchId, circuit: 0, sw: 1, metric: 'ai1', op: 'lt', value: 4 },
    });
    expect(add.statusCode, add.body).toBe(200);
    const strategy = add.json() as { id: number; data: { circuit: number } };
    expect(strategy.data.circuit).toBe(3);
    const res = await f.call(f.tok.operator, 'POST', 'device/rtu/strategy/call', { id: strategy.id });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(() => live.received.length === 1, 5000, 'switch');
    expect(live.received[0]).toMatchObject({ action: 'switch', params: { switchId, circuit: 3, sw: 1 } });
    expect(
      (await f.call(f.tok.viewer, 'POST', 'device/rtu/strategy/call', { id: strategy.id })).statusCode,
    ).toBe(403);
    expect((await f.call(f.tok.admin, 'DELETE', `device/rtu/strategy/${strategy.id}`)).json()).toBe(1);
    // A device type without a refresh command.
    const valve = await registerDevice(f.s, f.tA, { typeKey: 'electric-valve' });
    expect((await f.call(f.tok.admin, 'POST', 'device/refresh', { id: valve.id })).statusCode).toBe(400);
  });

  it('LoRa synchronize refreshes the gateway and lists its nodes', async () => {
    const live = await f.online('lorawan-gateway');
    const node = await registerDevice(f.s, f.tA, {
      typeKey: 'lorawan-node',
      parentId: live.dev.id,
      name: 'Node 1',
    });
    const res = await f.s.inject({
      method: 'POST',
      url: `/wfpe/v2/${f.tA}/lora-node/synchronize`,
      headers: auth(f.tok.operator),
      payload: { id: live.dev.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      command: { cmdId: expect.any(String) },
      nodes: [{ id: node.id, name: 'Node 1' }],
    });
    await waitFor(() => live.received.length === 1, 5000, 'refresh');
    expect(live.received[0]?.action).toBe('refresh');
  });

  it('fertiliser faults are acknowledged once, by name', async () => {
    const live = await f.online('inject-fertilizer');
    await publishTelemetry(live.client, live.dev, { seq: 1, values: { fault: 1 } });
    const list = async () =>
      (await f.call(f.tok.viewer, 'GET', `fertilizer/${live.dev.id}/alarm`)).json() as {
        key: string;
        acknowledged: boolean;
        acknowledgedBy: string | null;
      }[];
    expect(await list()).toEqual([expect.objectContaining({ key: 'fault:1', acknowledged: false })]);
    expect(
      (await f.call(f.tok.viewer, 'POST', 'fertilizer/alarm/ack', { deviceId: live.dev.id, key: 'fault:1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await f.call(f.tok.operator, 'POST', 'fertilizer/alarm/ack', {
          deviceId: live.dev.id,
          key: 'fault:9',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await f.call(f.tok.operator, 'POST', 'fertilizer/alarm/ack', {
          deviceId: live.dev.id,
          key: 'fault:1',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await f.call(f.tok.operator, 'POST', 'fertilizer/alarm/ack', {
          deviceId: live.dev.id,
          key: 'fault:1',
        })
      ).statusCode,
    ).toBe(200);
    expect(await list()).toEqual([
      expect.objectContaining({ key: 'fault:1', acknowledged: true, acknowledgedBy: 'operatorA' }),
    ]);
  });

  it('a farm machine track comes from its lat / lng readings', async () => {
    const live = await f.online('farm-machine');
    await publishTelemetry(live.client, live.dev, { seq: 1, values: { lat: 22.96, lng: 113.34, speed: 5 } });
    await publishTelemetry(live.client, live.dev, { seq: 2, values: { fuelLevel: 50 } });
    const res = await f.call(f.tok.viewer, 'GET', `farm-machine/${live.dev.id}/track?${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ lat: 22.96, lng: 113.34, speed: 5 })]);
    const long = await f.call(
      f.tok.viewer,
      'GET',
      `farm-machine/${live.dev.id}/track?startTime=2025-01-01&endTime=2025-03-01`,
    );
    expect(long.statusCode).toBe(400);
  });
});
