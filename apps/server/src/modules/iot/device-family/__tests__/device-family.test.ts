import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTelemetry, registerDevice, waitFor } from '../../../../test/iot.js';
import { type FamilyFixture, startFamilyFixture, today } from './family.fixture.js';

// Soil layers, inverter, electric valve and configure calls over real connected devices.

let f: FamilyFixture;
beforeAll(async () => {
  f = await startFamilyFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('soil layers', () => {
  it('info, history and export follow the surface flag; viewer reads, other tenants and types do not', async () => {
    const live = await f.online('soil-moisture');
    await publishTelemetry(live.client, live.dev, {
      seq: 1,
      values: { moisture0: 18.5, soilTemp0: 22, ec0: 0.12, moisture1: 25.2, soilTemp1: 20.1, ec1: 0.2 },
    });
    const info = await f.call(f.tok.viewer, 'GET', `device/soil/${live.dev.id}/info`);
    expect(info.statusCode, info.body).toBe(200);
    const body = info.json() as {
      surfaceFlag: number;
      layerList: { number: number; humidity: number | null }[];
    };
    expect(body.surfaceFlag).toBe(1);
    expect(body.layerList).toHaveLength(11);
    expect(body.layerList[0]).toMatchObject({
      number: 1,
      humidity: 18.5,
      temperature: 22,
      conductivity: 0.12,
    });
    expect(body.layerList[1]).toMatchObject({ number: 2, humidity: 25.2 });
    expect(body.layerList[2]).toMatchObject({ number: 3, humidity: null, lastUpdateDate: null });

    const hist = await f.call(f.tok.viewer, 'GET', `device/soil/${live.dev.id}/history?${today()}`);
    expect(hist.statusCode, hist.body).toBe(200);
    expect(hist.json()).toEqual([
      expect.objectContaining({ layer: 1, humidity: 18.5, temperature: 22 }),
      expect.objectContaining({ layer: 2, humidity: 25.2, conductivity: 0.2 }),
    ]);

    const xlsx = await f.call(f.tok.viewer, 'GET', `device/soil/${live.dev.id}/history-expert?${today()}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]?.getSheetValues().filter(Boolean) ?? [];
    expect(rows).toHaveLength(3);
    expect((rows[1] as unknown[])[2]).toBe('表层');

    expect(
      (
        await f.call(
          f.tok.viewer,
          'GET',
          `device/soil/${live.dev.id}/history?startTime=2025-05-02&endTime=2025-05-01`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await f.call(f.tok.adminB, 'GET', `device/soil/${live.dev.id}/info`)).statusCode).toBe(403);
    const other = await registerDevice(f.s, f.s.fixtures.tenantB, { typeKey: 'soil-moisture' });
    expect((await f.call(f.tok.admin, 'GET', `device/soil/${other.id}/info`)).statusCode).toBe(404);
    const inverter = await registerDevice(f.s, f.tA, { typeKey: 'inverter' });
    expect((await f.call(f.tok.admin, 'GET', `device/soil/${inverter.id}/info`)).statusCode).toBe(404);
  });

  it('tubular sensors have no surface: layer 1 is the first depth', async () => {
    const live = await f.online('tubular-soil');
    await publishTelemetry(live.client, live.dev, { seq: 1, values: { moisture1: 30 } });
    const body = (await f.call(f.tok.admin, 'GET', `device/soil/${live.dev.id}/info`)).json() as {
      surfaceFlag: number;
      layerList: { number: number; humidity: number | null }[];
    };
    expect(body.surfaceFlag).toBe(0);
    expect(body.layerList).toHaveLength(10);
    expect(body.layerList[0]).toMatchObject({ number: 1, humidity: 30 });
  });
});

describe('inverter', () => {
  it('control and given pressure go to the device; limits, viewer and offline are refused', async () => {
    const live = await f.online('inverter');
    const start = await f.call(f.tok.operator, 'POST', `inverter/${live.dev.id}/control`, {
      en: 1,
      durationMin: 90,
    });
    expect(start.statusCode, start.body).toBe(200);
    await waitFor(() => live.received.length === 1, 5000, 'start command');
    expect(live.received[0]).toMatchObject({ action: 'start', params: { durationMin: 90 } });
    const stop = await f.call(f.tok.operator, 'POST', `inverter/${live.dev.id}/control`, { en: 0 });
    expect(stop.statusCode).toBe(200);
    await waitFor(() => live.received.length === 2, 5000, 'stop command');
    expect(live.received[1]?.action).toBe('stop');

    for (const bad of [0, -1, 16.5]) {
      const res = await f.call(f.tok.operator, 'POST', 'inverter/config', {
        id: live.dev.id,
        givenPressure: bad,
      });
      expect(res.statusCode, `pressure ${bad}`).toBe(400);
    }
    expect(
      (await f.call(f.tok.operator, 'POST', `inverter/${live.dev.id}/control`, { en: 1, durationMin: 30 }))
        .statusCode,
    ).toBe(400);
    expect((await f.deviceRow(live.dev.id))?.config).toEqual({});

    const ok = await f.call(f.tok.operator, 'POST', 'inverter/config', {
      id: live.dev.id,
      givenPressure: 8.5,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await f.deviceRow(live.dev.id))?.config).toEqual({ givenPressure: 8.5 });
    await waitFor(() => live.received.length === 3, 5000, 'setPressure');
    expect(live.received[2]).toMatchObject({ action: 'setPressure', params: { pressure: 8.5 } });

    expect(
      (await f.call(f.tok.viewer, 'POST', `inverter/${live.dev.id}/control`, { en: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await f.call(f.tok.adminB, 'POST', `inverter/${live.dev.id}/control`, { en: 1 })).statusCode,
    ).toBe(403);

    const offline = await registerDevice(f.s, f.tA, { typeKey: 'inverter' });
    const refused = await f.call(f.tok.operator, 'POST', 'inverter/config', {
      id: offline.id,
      givenPressure: 5,
    });
    expect(refused.statusCode).toBe(409);
    expect((await f.deviceRow(offline.id))?.config).toEqual({});
  });

  it('lists fault readings as alarms', async () => {
    const live = await f.online('inverter');
    await publishTelemetry(live.client, live.dev, { seq: 7, values: { fault: 1, pressure: 3 } });
    await publishTelemetry(live.client, live.dev, { seq: 8, values: { fault: 0, pressure: 3 } });
    const res = await f.call(f.tok.viewer, 'GET', `inverter/${live.dev.id}/alarm`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ key: 'fault:7', kind: 'fault', acknowledged: false }),
    ]);
  });
});

describe('electric valve and configure', () => {
  it('levels keep high − low ≥ 10; open takes 60–480 minutes', async () => {
    const live = await f.online('electric-valve');
    const bad = await f.call(f.tok.operator, 'POST', 'electric-valve/levels', {
      id: live.dev.id,
      highLevelCm: 105,
      lowLevelCm: 100,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/10 cm/);
    const ok = await f.call(f.tok.operator, 'POST', 'electric-valve/levels', {
      id: live.dev.id,
      highLevelCm: 110,
      lowLevelCm: 100,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await waitFor(() => live.received.length === 1, 5000, 'setLevels');
    expect(live.received[0]).toMatchObject({ action: 'setLevels', params: { highCm: 110, lowCm: 100 } });
    expect(
      (
        await f.call(f.tok.operator, 'POST', `electric-valve/${live.dev.id}/control`, {
          open: true,
          durationMin: 500,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await f.call(f.tok.operator, 'POST', `electric-valve/${live.dev.id}/control`, {
          open: true,
          durationMin: 60,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('gateway polling must not exceed node response × node count; upload period is pushed', async () => {
    const live = await f.online('gateway');
    const bad = await f.call(f.tok.admin, 'POST', 'device/configure', {
      id: live.dev.id,
      config: { pollingSec: 100, nodeResponseSec: 5, nodeCount: 10 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('wfpe.device.configInvalid');
    expect(bad.json().message).toMatch(/polling period \(100 s\)/);
    const ok = await f.call(f.tok.admin, 'POST', 'device/configure', {
      id: live.dev.id,
      config: { pollingSec: 50, nodeResponseSec: 5, nodeCount: 10 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().command).toBeNull();
    const push = await f.call(f.tok.admin, 'POST', 'device/configure', {
      id: live.dev.id,
      config: { uploadPeriodMin: 30 },
    });
    expect(push.json().command).toMatchObject({ state: expect.any(String) });
    await waitFor(() => live.received.length === 1, 5000, 'configure');
    expect(live.received[0]).toMatchObject({ action: 'configure', params: { uploadPeriodMin: 30 } });
    expect((await f.deviceRow(live.dev.id))?.config).toEqual({
      pollingSec: 50,
      nodeResponseSec: 5,
      nodeCount: 10,
      uploadPeriodMin: 30,
    });
    expect(
      (
        await f.call(f.tok.admin, 'POST', 'device/configure', {
          id: live.dev.id,
          config: { uploadPeriodMin: 4 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await f.call(f.tok.viewer, 'POST', 'device/configure', { id: live.dev.id, config: {} })).statusCode,
    ).toBe(403);
  });
});
