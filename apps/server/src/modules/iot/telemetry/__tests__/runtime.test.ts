import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandAck, StatusChange, StoredReading } from '../../../../platform/iot/iot.js';
import { dayOf } from '../../../../platform/time/zone.js';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';

// Live stream, hooks, silence sweep, daily rollup and ingest counters.

let server: TestServer;
let tokens: RoleTokens;
let baseUrl: string;
const clients: MqttClient[] = [];
const clock = Date.now();
const readings: StoredReading[] = [];
const changes: StatusChange[] = [];
const acks: CommandAck[] = [];

const rows = async <T>(tenantId: number, q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.platform.database.withTenant(tenantId, (tx) => tx.execute(q))) as unknown as { rows: T[] })
    .rows;

const connect = async (d: TestDevice) => {
  const c = await connectDevice(server, { username: d.username, secret: d.secret });
  clients.push(c);
  return c;
};

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0, rollupEveryMs: 0, now: () => clock } });
  server.platform.iot.hooks.onReadings(async (r) => {
    readings.push(...r);
  });
  server.platform.iot.hooks.onStatus(async (c) => {
    changes.push(...c);
  });
  server.platform.iot.hooks.onAck(async (a) => {
    acks.push(a);
  });
  server.platform.iot.hooks.onReadings(async () => {
    throw new Error('a broken hook must not stop ingest');
  });
  tokens = await signInRoles(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await server?.close();
});

/** Reads SSE frames from a fetch body until `until` says stop. */
const readEvents = async (
  body: ReadableStream<Uint8Array>,
  until: (events: { event: string; data: unknown }[]) => boolean,
): Promise<{ event: string; data: unknown }[]> => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buf = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i = buf.indexOf('\n\n');
    while (i >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
      i = buf.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
};

describe('live stream (SSE)', () => {
  it('streams a telemetry event of a stored reading to a signed-in viewer', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    const res = await fetch(`${baseUrl}/wfpe/v1/${tenantA}/device/stream`, { headers: auth(tokens.viewer) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    if (!res.body) throw new Error('no body');
    const pending = readEvents(res.body, (ev) => ev.some((e) => e.event === 'telemetry'));
    await waitFor(() => server.iot.events.listenerCount(tenantA) > 0, 3000, 'subscribed');
    await publishTelemetry(c, d, { seq: 1, ts: clock, values: { airTemp: 18.2 } });
    const events = await pending;
    expect(events.find((e) => e.event === 'telemetry')?.data).toMatchObject({
      type: 'telemetry',
      deviceId: d.id,
      values: { airTemp: 18.2 },
    });
    await waitFor(() => server.iot.events.listenerCount(tenantA) === 0, 3000, 'unsubscribed on close');
  });

  it('refuses without a token (401) and to another tenant (403)', async () => {
    const { tenantA } = server.fixtures;
    expect((await fetch(`${baseUrl}/wfpe/v1/${tenantA}/device/stream`)).status).toBe(401);
    const res = await fetch(`${baseUrl}/wfpe/v1/${tenantA}/device/stream`, { headers: auth(tokens.adminB) });
    expect(res.status).toBe(403);
  });
});

describe('hooks and status', () => {
  it('hands stored readings, status changes and acks to hooks; ack values merge into latest', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await publishTelemetry(c, d, { seq: 1, ts: clock, values: { airTemp: 7 } });
    const cmdId = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
    await c.publishAsync(
      topicOf(d, 'ack'),
      JSON.stringify({ cmdId, ok: true, values: { airHumidity: 44 } }),
      { qos: 1 },
    );
    await server.iot.settle();
    expect(readings.filter((r) => r.deviceId === d.id).map((r) => r.values)).toEqual([{ airTemp: 7 }]);
    expect(changes.filter((x) => x.deviceId === d.id)).toMatchObject([{ online: true, source: 'telemetry' }]);
    expect(acks.filter((a) => a.deviceId === d.id)).toMatchObject([
      { cmdId, ok: true, stage: 'done', values: { airHumidity: 44 } },
    ]);
    const [dev] = await rows<{ latest: Record<string, number> }>(
      tenantA,
      sql`select latest from devices where id = ${d.id}`,
    );
    expect(dev?.latest).toEqual({ airTemp: 7, airHumidity: 44 });
  });

  it("marks a device offline after its type's silence timeout, once", async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await publishTelemetry(c, d, { seq: 1, ts: clock, values: { airTemp: 7 } });
    // Weather stations: three missed 30-minute uploads.
    expect(await server.iot.sweepSilence(new Date(Date.now() + 80 * 60_000))).toBe(0);
    expect(await server.iot.sweepSilence(new Date(Date.now() + 91 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await server.iot.sweepSilence(new Date(Date.now() + 92 * 60_000))).toBe(0);
    const log = await rows<{ online: boolean; source: string }>(
      tenantA,
      sql`select online, source from device_status_log where device_id = ${d.id} order by id`,
    );
    expect(log).toEqual([
      { online: true, source: 'telemetry' },
      { online: false, source: 'silence' },
    ]);
  });
});

describe('daily rollup', () => {
  it('sums hourly rows into Asia/Shanghai days, and recomputes a day that got new data', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    // 2 days ago, 23:30 and 00:30 Shanghai time fall on two different days (15:30 / 16:30 UTC).
    const day = new Date(clock - 2 * 86_400_000);
    const utc = (h: number, m: number) =>
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m);
    await publishTelemetry(c, d, { seq: 1, ts: utc(15, 30), values: { rainfall: 2 } });
    await publishTelemetry(c, d, { seq: 2, ts: utc(14, 10), values: { rainfall: 1.5 } });
    await publishTelemetry(c, d, { seq: 3, ts: utc(16, 30), values: { rainfall: 4 } });
    await server.platform.iot.refreshDailyRollups(tenantA);
    const daily = async () =>
      rows<{ b: string; count: number; sum: number; max: number }>(
        tenantA,
        sql`select to_char(bucket at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as b, count, sum, max
            from telemetry_daily where device_id = ${d.id} and metric = 'rainfall' order by bucket`,
      );
    const d1 = dayOf(new Date(utc(15, 30)), 'Asia/Shanghai');
    const d2 = dayOf(new Date(utc(16, 30)), 'Asia/Shanghai');
    expect(await daily()).toEqual([
      { b: `${d1} 00:00`, count: 2, sum: 3.5, max: 2 },
      { b: `${d2} 00:00`, count: 1, sum: 4, max: 4 },
    ]);
    await publishTelemetry(c, d, { seq: 4, ts: utc(17, 0), values: { rainfall: 1 } });
    await server.platform.iot.refreshDailyRollups(tenantA);
    expect((await daily())[1]).toEqual({ b: `${d2} 00:00`, count: 2, sum: 5, max: 4 });
  });
});

describe('daily rollup in the tenant time zone', () => {
  // 02:00 and 06:00 UTC: one day in Shanghai (10:00, 14:00), two in New York (21:00 / 22:00 the day before, then 01:00 / 02:00).
  const setup = async () => {
    const { tenantB } = server.fixtures;
    const d = await registerDevice(server, tenantB, { typeKey: 'weather-station' });
    const c = await connect(d);
    const day = new Date(clock - 3 * 86_400_000);
    const utc = (h: number) => Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h);
    await publishTelemetry(c, d, { seq: 1, ts: utc(2), values: { rainfall: 2 } });
    await publishTelemetry(c, d, { seq: 2, ts: utc(6), values: { rainfall: 3 } });
    const daily = () =>
      rows<{ b: string; sum: number }>(
        tenantB,
        sql`select to_char(bucket at time zone 'America/New_York', 'YYYY-MM-DD HH24:MI') as b, sum
            from telemetry_daily where device_id = ${d.id} and metric = 'rainfall' order by bucket`,
      );
    return { tenantB, utc, daily };
  };
  const setZone = (id: number, tz: string) =>
    server.platform.database.db.execute(sql`update tenants set time_zone = ${tz} where id = ${id}`);

  it("cuts days at the tenant's midnight (America/New_York)", async () => {
    const { tenantB, utc, daily } = await setup();
    await setZone(tenantB, 'America/New_York');
    try {
      await server.platform.iot.refreshDailyRollups(tenantB);
      expect(await daily()).toEqual([
        { b: `${dayOf(new Date(utc(2)), 'America/New_York')} 00:00`, sum: 2 },
        { b: `${dayOf(new Date(utc(6)), 'America/New_York')} 00:00`, sum: 3 },
      ]);
    } finally {
      await setZone(tenantB, 'Asia/Shanghai');
      await server.platform.iot.refreshDailyRollups(tenantB);
    }
  });

  it("cuts a tenant's daily rows again when its zone changes", async () => {
    const { tenantB, utc, daily } = await setup();
    await server.platform.iot.refreshDailyRollups(tenantB);
    const shanghai = await rows<{ n: number }>(
      tenantB,
      sql`select count(*)::int as n from telemetry_daily where tenant_id = ${tenantB}
          and bucket <> date_trunc('day', bucket at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`,
    );
    expect(shanghai).toEqual([{ n: 0 }]);
    expect((await daily()).map((r) => r.sum)).toEqual([5]);
    await setZone(tenantB, 'America/New_York');
    try {
      await server.platform.iot.refreshDailyRollups(tenantB);
      expect(await daily()).toEqual([
        { b: `${dayOf(new Date(utc(2)), 'America/New_York')} 00:00`, sum: 2 },
        { b: `${dayOf(new Date(utc(6)), 'America/New_York')} 00:00`, sum: 3 },
      ]);
    } finally {
      await setZone(tenantB, 'Asia/Shanghai');
      await server.platform.iot.refreshDailyRollups(tenantB);
    }
    expect((await daily()).map((r) => r.sum)).toEqual([5]);
  });
});

describe('ingest stats route', () => {
  it('shows counts since start and per day to an equipment viewer, not to another tenant', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await c.publishAsync(topicOf(d, 'up'), '{oops', { qos: 1 });
    await server.iot.counters.flush(server.platform.database);
    const res = await server.inject({
      url: `/wfpe/v1/${tenantA}/device/ingest-stats`,
      headers: auth(tokens.viewer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{
      sinceStart: Record<string, number>;
      days: { kind: string; count: number; lastReason: string | null }[];
    }>(res);
    expect(body.sinceStart.malformed).toBeGreaterThanOrEqual(1);
    expect(body.days.find((x) => x.kind === 'malformed')).toMatchObject({
      lastReason: 'payload is not UTF-8 JSON',
    });
    const bad = await server.inject({
      url: `/wfpe/v1/${tenantA}/device/ingest-stats?days=500`,
      headers: auth(tokens.admin),
    });
    expect(bad.statusCode).toBe(400);
    const other = await server.inject({
      url: `/wfpe/v1/${tenantA}/device/ingest-stats`,
      headers: auth(tokens.adminB),
    });
    expect(other.statusCode).toBe(403);
  });
});
