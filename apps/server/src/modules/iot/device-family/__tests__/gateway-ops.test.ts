import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { publishTelemetry, registerDevice, type TestDevice, waitFor } from '../../../../test/iot.js';
import { type FamilyFixture, type Live, startFamilyFixture, today } from './family.fixture.js';

// Spec 02 §7 gateway operations over a real gateway on the embedded broker that acknowledges commands.

let f: FamilyFixture;
let gw: Live;
let node: TestDevice;
beforeAll(async () => {
  f = await startFamilyFixture();
  gw = await f.online('gateway');
  node = await registerDevice(f.s, f.tA, { typeKey: 'weather-station', parentId: gw.dev.id });
  await publishTelemetry(gw.client, gw.dev, {
    seq: 1,
    values: { rssi: -70, supplyVoltage: 12.1, airTemp: 20 },
  });
  await publishTelemetry(gw.client, gw.dev, { seq: 2, values: { rssi: -71, airTemp: 21.5 } });
});
afterAll(async () => {
  await f?.close();
});

const v2 = (token: string, path: string, tenant = f.tA) =>
  f.s.inject({ method: 'GET', url: `/wfpe/v2/${tenant}/device/${path}`, headers: auth(token) });
/** Tenant B's administrator in tenant B's own paths: tenant A's devices are not found there. */
const callB = (method: string, path: string, payload?: Record<string, unknown>) =>
  f.s.inject({
    method: method as 'GET',
    url: `/wfpe/v1/${f.s.fixtures.tenantB}/${path}`,
    headers: auth(f.tok.adminB),
    ...(payload ? { payload } : {}),
  });

const sheetRows = async (body: Buffer): Promise<unknown[][]> => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return (wb.worksheets[0]?.getSheetValues().filter(Boolean) ?? []).map((r) => (r as unknown[]).slice(1));
};

describe('collection items', () => {
  it('lists, deletes (ps.delCollection) and brings back an item the gateway reports again', async () => {
    const ids = async () =>
      (
        (await v2(f.tok.viewer, `collection/list?id=${gw.dev.id}&size=0`)).json() as {
          content: { id: string }[];
        }
      ).content.map((c) => c.id);
    // The device dialog's cards (v1 device/{id}/collection) follow the same deletions.
    const cards = async () => {
      const res = await f.call(f.tok.viewer, 'GET', `device/${gw.dev.id}/collection`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; newestData: number | null }[];
    };
    expect(await ids()).toEqual(['rssi', 'supplyVoltage', 'uptime', 'airTemp', 'airHumidity']);
    expect((await cards()).map((c) => c.id)).toEqual(await ids());
    const paged = (await v2(f.tok.viewer, `collection/list?id=${gw.dev.id}&page=1&size=2`)).json();
    expect(paged).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2 });

    const del = (token: string, body: unknown) => f.call(token, 'POST', 'device/delCollection', body);
    expect((await del(f.tok.viewer, { id: gw.dev.id, collectionIds: ['airTemp'] })).statusCode).toBe(403);
    const b = await callB('POST', 'device/delCollection', { id: gw.dev.id, collectionIds: ['airTemp'] });
    expect(b.statusCode).toBe(404);
    expect((await del(f.tok.admin, { id: gw.dev.id, collectionIds: [] })).statusCode).toBe(400);
    const unknown = await del(f.tok.admin, { id: gw.dev.id, collectionIds: ['airTemp', 'nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('nope');
    expect((await f.deviceRow(gw.dev.id))?.latest.airTemp).toBe(21.5);

    const ok = await del(f.tok.admin, { id: gw.dev.id, collectionIds: ['airTemp'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toBe(1);
    expect(await ids()).toEqual(['rssi', 'supplyVoltage', 'uptime', 'airHumidity']);
    expect((await cards()).map((c) => c.id)).toEqual(['rssi', 'supplyVoltage', 'uptime', 'airHumidity']);
    expect((await f.deviceRow(gw.dev.id))?.latest).not.toHaveProperty('airTemp');
    // A reading without the item keeps it hidden.
    await publishTelemetry(gw.client, gw.dev, { seq: 3, values: { rssi: -69 } });
    expect((await cards()).map((c) => c.id)).not.toContain('airTemp');

    await publishTelemetry(gw.client, gw.dev, { seq: 4, values: { airTemp: 19 } });
    expect(await ids()).toContain('airTemp');
    expect((await cards()).find((c) => c.id === 'airTemp')).toMatchObject({ newestData: 19 });
  });

  it('exports the readings of the visible items and the current data of the concentrator and its nodes', async () => {
    const hist = await v2(f.tok.viewer, `collection/export?id=${gw.dev.id}&${today()}`);
    expect(hist.statusCode, hist.body).toBe(200);
    const rows = await sheetRows(hist.rawPayload);
    // Preamble, header, then one row per stored message.
    expect(rows[1]).toEqual(expect.arrayContaining(['信号强度 (dBm)', '空气温度 (°C)']));
    expect(rows.slice(2).map((r) => r[1])).toEqual([-70, -71, -69, undefined]);

    const cur = await f.call(f.tok.viewer, 'GET', `device/concentrator/export-collection?id=${gw.dev.id}`);
    expect(cur.statusCode, cur.body).toBe(200);
    const lines = await sheetRows(cur.rawPayload);
    expect(lines[0]?.[0]).toBe('设备');
    expect(lines.filter((l) => l[1] === gw.dev.eui)).toHaveLength(5);
    expect(lines.some((l) => l[1] === node.eui)).toBe(true);
    expect(lines.find((l) => l[1] === gw.dev.eui && l[2] === '信号强度')?.[3]).toBe(-69);

    const other = await v2(
      f.tok.adminB,
      `collection/export?id=${gw.dev.id}&${today()}`,
      f.s.fixtures.tenantB,
    );
    expect(other.statusCode).toBe(404);
    expect(
      (await v2(f.tok.viewer, `collection/export?id=${gw.dev.id}&startTime=x&endTime=y`)).statusCode,
    ).toBe(400);
  });
});

describe('switches, log and status', () => {
  it('can-bind-switch, details-switch with its commands, the gateway log and status', async () => {
    const valve = await registerDevice(f.s, f.tA, { typeKey: 'electric-valve' });
    const add = async (circuit: number, relatedDeviceId?: number) => {
      const res = await f.call(f.tok.admin, 'POST', 'device/switch', {
        concentratorId: gw.dev.id,
        name: `Relay ${circuit}`,
        circuit,
        switchTypeName: 'regular',
        ...(relatedDeviceId ? { relatedDeviceId } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { switchId: number }).switchId;
    };
    const free = await add(1);
    const bound = await add(2, valve.id);

    const can = await f.call(f.tok.viewer, 'GET', `device/can-bind-switch?concentratorId=${gw.dev.id}`);
    expect(can.statusCode, can.body).toBe(200);
    expect((can.json() as { switchId: number }[]).map((s) => s.switchId)).toEqual([free]);
    const own = await f.call(
      f.tok.viewer,
      'GET',
      `device/can-bind-switch?concentratorId=${gw.dev.id}&deviceId=${valve.id}`,
    );
    expect((own.json() as { switchId: number }[]).map((s) => s.switchId)).toEqual([free, bound]);

    const sent = await f.call(f.tok.admin, 'POST', 'device/mqtt/control/switch', { switchId: bound, sw: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    const details = await waitFor(async () => {
      const r = await f.call(f.tok.viewer, 'GET', `device/details-switch?switchId=${bound}`);
      const b = r.json() as { status: number; recentCommands: { state: string; sw: number }[] };
      return b.recentCommands[0]?.state === 'done' ? b : undefined;
    });
    expect(details).toMatchObject({
      switchId: bound,
      status: 1,
      concentrator: { id: gw.dev.id, eui: gw.dev.eui, online: 1 },
      relatedDevice: { id: valve.id, deviceType: 'electric-valve' },
      recentCommands: [{ sw: 1, state: 'done' }],
    });
    expect((await callB('GET', `device/details-switch?switchId=${bound}`)).statusCode).toBe(404);
    expect((await f.call(f.tok.admin, 'GET', 'device/details-switch?switchId=999999')).statusCode).toBe(404);

    const log = await f.call(f.tok.viewer, 'GET', `device/log?id=${gw.dev.id}&size=50`);
    expect(log.statusCode, log.body).toBe(200);
    const items = (
      log.json() as { content: { kind: string; action: string | null; online: number | null }[] }
    ).content;
    expect(items[0]).toMatchObject({ kind: 'command', action: 'switch' });
    expect(items.some((i) => i.kind === 'status' && i.online === 1)).toBe(true);
    const onlyStatus = await f.call(f.tok.viewer, 'GET', `device/log?id=${gw.dev.id}&kind=status`);
    expect(
      (onlyStatus.json() as { content: { kind: string }[] }).content.every((i) => i.kind === 'status'),
    ).toBe(true);
    const p1 = (await f.call(f.tok.viewer, 'GET', `device/log?id=${gw.dev.id}&page=0&size=1`)).json();
    expect(p1).toMatchObject({ size: 1, number: 0 });
    expect((p1 as { totalElements: number }).totalElements).toBe(items.length);

    const status = await f.call(f.tok.viewer, 'GET', `device/concentrator/status?id=${gw.dev.id}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      id: gw.dev.id,
      online: 1,
      lastChange: { online: 1 },
      switches: { total: 2, on: 1, pending: 0 },
    });
    expect(status.json()).toMatchObject({ nodes: { total: 1, online: 0 } });
    expect((await callB('GET', `device/concentrator/status?id=${gw.dev.id}`)).statusCode).toBe(404);
    const notGw = await f.call(f.tok.admin, 'GET', `device/concentrator/status?id=${valve.id}`);
    expect(notGw.statusCode).toBe(404);
  });

  it('rtu refresh-status asks the gateway; an offline gateway gives 409 and nothing is sent', async () => {
    const res = await f.call(f.tok.admin, 'POST', 'device/rtu/refresh-status', { id: gw.dev.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ command: { state: 'sent' } });
    await waitFor(() => gw.received.some((c) => c.action === 'refresh'));
    expect(
      (await f.call(f.tok.viewer, 'POST', 'device/rtu/refresh-status', { id: gw.dev.id })).statusCode,
    ).toBe(403);
    expect((await f.call(f.tok.admin, 'POST', 'device/rtu/refresh-status', { id: 'x' })).statusCode).toBe(
      400,
    );
    expect((await callB('POST', 'device/rtu/refresh-status', { id: gw.dev.id })).statusCode).toBe(404);

    const offline = await registerDevice(f.s, f.tA, { typeKey: 'gateway' });
    const refused = await f.call(f.tok.admin, 'POST', 'device/rtu/refresh-status', { id: offline.id });
    expect(refused.statusCode).toBe(409);
  });
});
