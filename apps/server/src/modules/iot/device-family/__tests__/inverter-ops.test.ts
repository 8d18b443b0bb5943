import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishStatus,
  publishTelemetry,
  registerDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';
import { type FamilyFixture, type Live, startFamilyFixture, today } from './family.fixture.js';

// Spec 02 §7 inverter operations over real inverters on the embedded broker: one acknowledges commands,
// one answers refresh with its values, one never answers.

let f: FamilyFixture;
let inv: Live;
const extra: MqttClient[] = [];

/** An inverter that answers refresh with its values (as the simulator's does), or one that never acks. */
const connectInverter = async (mode: 'answers' | 'silent'): Promise<Live> => {
  const dev = await registerDevice(f.s, f.tA, { typeKey: 'inverter' });
  const client = await connectDevice(f.s, { username: dev.username, secret: dev.secret });
  extra.push(client);
  const received: CommandPayload[] = [];
  client.on('message', (_t, buf) => {
    const cmd = JSON.parse(buf.toString()) as CommandPayload;
    received.push(cmd);
    if (mode === 'silent') return;
    const values = { pressure: 4.2, frequency: 47.5, running: 1 };
    // An ack still in flight when the test closes the client is dropped with it.
    client
      .publishAsync(topicOf(dev, 'ack'), JSON.stringify({ cmdId: cmd.cmdId, ok: true, values }), {
        qos: 1,
      })
      .catch(() => undefined);
  });
  await client.subscribeAsync(topicOf(dev, 'down'), { qos: 1 });
  await publishStatus(client, dev, true);
  await publishTelemetry(client, dev, { seq: 1, values: { pressure: 1.5, running: 0 } });
  await waitFor(async () => (await f.deviceRow(dev.id))?.online, 5000, 'inverter online');
  return { dev, client, received };
};
beforeAll(async () => {
  f = await startFamilyFixture();
  inv = await f.online('inverter');
  await publishTelemetry(inv.client, inv.dev, {
    seq: 1,
    values: { pressure: 3.2, frequency: 45, running: 1 },
  });
  await publishTelemetry(inv.client, inv.dev, {
    seq: 2,
    values: { pressure: 3.6, frequency: 48, running: 1 },
  });
});
afterAll(async () => {
  for (const c of extra) await closeClient(c);
  await f?.close();
});

const callB = (method: string, path: string) =>
  f.s.inject({
    method: method as 'GET',
    url: `/wfpe/v1/${f.s.fixtures.tenantB}/${path}`,
    headers: auth(f.tok.adminB),
  });

describe('connect / close / getLog', () => {
  it('starts and stops by GET, checks the eui, refuses offline, viewer and other tenants', async () => {
    const on = await f.call(f.tok.admin, 'GET', `inverter/${inv.dev.id}/connect?eui=${inv.dev.eui}`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ state: 'sent' });
    const off = await f.call(f.tok.admin, 'GET', `inverter/${inv.dev.id}/close`);
    expect(off.statusCode, off.body).toBe(200);
    await waitFor(() => inv.received.map((c) => c.action).join() === 'start,stop');

    const wrong = await f.call(f.tok.admin, 'GET', `inverter/${inv.dev.id}/connect?eui=OTHER123`);
    expect(wrong.statusCode).toBe(400);
    expect((await f.call(f.tok.viewer, 'GET', `inverter/${inv.dev.id}/connect`)).statusCode).toBe(403);
    expect((await callB('GET', `inverter/${inv.dev.id}/close`)).statusCode).toBe(404);
    const gw = await registerDevice(f.s, f.tA, { typeKey: 'gateway' });
    expect((await f.call(f.tok.admin, 'GET', `inverter/${gw.id}/connect`)).statusCode).toBe(404);
    const offline = await registerDevice(f.s, f.tA, { typeKey: 'inverter' });
    expect((await f.call(f.tok.admin, 'GET', `inverter/${offline.id}/connect`)).statusCode).toBe(409);
    expect(inv.received).toHaveLength(2);

    const log = await waitFor(async () => {
      const r = await f.call(f.tok.viewer, 'GET', `inverter/${inv.dev.id}/getLog?size=10`);
      const b = r.json() as { totalElements: number; content: { action: string; state: string }[] };
      return b.content.every((c) => c.state === 'done') ? b : undefined;
    });
    expect(log.totalElements).toBe(2);
    expect(log.content.map((c) => c.action)).toEqual(['stop', 'start']);
    expect((await f.call(f.tok.viewer, 'GET', `inverter/${inv.dev.id}/getLog?size=-1`)).statusCode).toBe(400);
  });
});

describe('refresh, history, export', () => {
  it('refresh asks the inverter: its answer with stale false; silent or offline → stored values, stale', async () => {
    const answering = await connectInverter('answers');
    const res = await f.call(f.tok.admin, 'POST', `inverter/${answering.dev.id}/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    const live = res.json() as { command: { cmdId: string; state: string } | null };
    expect(live).toMatchObject({
      online: 1,
      stale: false,
      latest: { pressure: 4.2, frequency: 47.5, running: 1 },
    });
    expect(answering.received.map((c) => [c.action, c.cmdId])).toEqual([['refresh', live.command?.cmdId]]);
    // The answer is stored like telemetry: the device row keeps the reported values.
    expect((await f.deviceRow(answering.dev.id))?.latest).toMatchObject({ pressure: 4.2 });

    const silent = await connectInverter('silent');
    const t0 = Date.now();
    const late = await f.call(f.tok.admin, 'POST', `inverter/${silent.dev.id}/refresh`);
    expect(late.statusCode, late.body).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4_900);
    expect(late.json()).toMatchObject({ online: 1, stale: true, latest: { pressure: 1.5 } });
    expect(late.json().command).not.toBeNull();
    expect(silent.received.map((c) => c.action)).toEqual(['refresh']);

    const offline = await registerDevice(f.s, f.tA, { typeKey: 'inverter' });
    const off = await f.call(f.tok.admin, 'POST', `inverter/${offline.id}/refresh`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ online: 0, stale: true, command: null, latest: {} });

    expect((await f.call(f.tok.viewer, 'POST', `inverter/${inv.dev.id}/refresh`)).statusCode).toBe(403);
    expect((await callB('POST', `inverter/${inv.dev.id}/refresh`)).statusCode).toBe(404);
    const gw = await registerDevice(f.s, f.tA, { typeKey: 'gateway' });
    expect((await f.call(f.tok.admin, 'POST', `inverter/${gw.id}/refresh`)).statusCode).toBe(404);
    expect(inv.received.some((c) => c.action === 'refresh')).toBe(false);
  }, 20_000);

  it('history gives chart-ready curves per metric; export opens with the readings', async () => {
    const h = await f.call(
      f.tok.viewer,
      'GET',
      `inverter/history?id=${inv.dev.id}&metrics=pressure,frequency&${today()}`,
    );
    expect(h.statusCode, h.body).toBe(200);
    const curves = h.json() as { metric: string; unit: string; points: { collectionData: number }[] }[];
    expect(curves.map((c) => [c.metric, c.unit])).toEqual([
      ['pressure', 'bar'],
      ['frequency', 'Hz'],
    ]);
    expect(curves[0]?.points.map((p) => p.collectionData)).toEqual([3.2, 3.6]);
    const all = (await f.call(f.tok.viewer, 'GET', `inverter/history?id=${inv.dev.id}&${today()}`)).json();
    expect((all as unknown[]).length).toBeGreaterThan(5);
    const bad = await f.call(
      f.tok.viewer,
      'GET',
      `inverter/history?id=${inv.dev.id}&metrics=nope&${today()}`,
    );
    expect(bad.statusCode).toBe(400);
    const badTime = await f.call(
      f.tok.viewer,
      'GET',
      `inverter/history?id=${inv.dev.id}&startTime=x&endTime=y`,
    );
    expect(badTime.statusCode).toBe(400);

    const x = await f.call(f.tok.viewer, 'GET', `inverter/export?id=${inv.dev.id}&${today()}`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]?.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(3);
    expect(rows[1]?.[2]).toBe(3.2);
    expect((await callB('GET', `inverter/export?id=${inv.dev.id}&${today()}`)).statusCode).toBe(404);
  });
});

describe('concentrator relation (v2 concentrator/upd/res)', () => {
  it('hangs the inverter off a gateway, refuses non-gateways, stale versions, viewers and other tenants', async () => {
    const gw = await registerDevice(f.s, f.tA, { typeKey: 'gateway' });
    const valve = await registerDevice(f.s, f.tA, { typeKey: 'electric-valve' });
    const put = (token: string, payload: Record<string, unknown>, tenant = f.tA) =>
      f.s.inject({
        method: 'PUT',
        url: `/wfpe/v2/${tenant}/device/concentrator/upd/res`,
        headers: auth(token),
        payload,
      });
    const ovn = (await f.deviceRow(inv.dev.id))?.objectVersionNumber ?? 0;
    expect(
      (await put(f.tok.viewer, { id: inv.dev.id, concentratorId: gw.id, objectVersionNumber: ovn }))
        .statusCode,
    ).toBe(403);
    const notGw = await put(f.tok.admin, {
      id: inv.dev.id,
      concentratorId: valve.id,
      objectVersionNumber: ovn,
    });
    expect(notGw.statusCode).toBe(400);
    expect(
      (await put(f.tok.admin, { id: inv.dev.id, concentratorId: 'x', objectVersionNumber: ovn })).statusCode,
    ).toBe(400);
    const other = await put(
      f.tok.adminB,
      { id: inv.dev.id, concentratorId: null, objectVersionNumber: ovn },
      f.s.fixtures.tenantB,
    );
    expect(other.statusCode).toBe(404);
    expect((await f.deviceRow(inv.dev.id))?.parentId).toBeNull();

    const ok = await put(f.tok.admin, { id: inv.dev.id, concentratorId: gw.id, objectVersionNumber: ovn });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ id: inv.dev.id, concentratorId: gw.id, objectVersionNumber: ovn + 1 });
    expect((await f.deviceRow(inv.dev.id))?.parentId).toBe(gw.id);
    const stale = await put(f.tok.admin, { id: inv.dev.id, concentratorId: null, objectVersionNumber: ovn });
    expect(stale.statusCode).toBe(409);
    const cleared = await put(f.tok.admin, {
      id: inv.dev.id,
      concentratorId: null,
      objectVersionNumber: ovn + 1,
    });
    expect(cleared.json()).toMatchObject({ concentratorId: null });
  });
});
