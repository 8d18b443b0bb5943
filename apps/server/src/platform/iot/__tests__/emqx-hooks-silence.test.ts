import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
} from '../../../test/iot.js';
import { EMQX_SECRET_HEADER, requireHookSecret } from '../emqx-hooks.js';

// EMQX's HTTP authentication / authorization sources answer with the embedded broker's rules; and the
// silence sweep honours a device's own upload period.

const SECRET = 'emqx-hook-secret-for-tests';
let s: TestServer;
let me: TestDevice;
let other: TestDevice;
let disabled: TestDevice;

beforeAll(async () => {
  s = await startTestServer({ EMQX_HOOK_SECRET: SECRET }, { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } });
  const t = s.fixtures.tenantA;
  me = await registerDevice(s, t, { typeKey: 'weather-station' });
  other = await registerDevice(s, t, { typeKey: 'weather-station' });
  disabled = await registerDevice(s, t, { typeKey: 'weather-station' });
  await s.platform.database.withTenant(t, (tx) =>
    tx.execute(sql`update devices set enabled_flag = 0 where id = ${disabled.id}`),
  );
});
afterAll(async () => {
  await s?.close();
});

const hook = (path: 'authn' | 'authz', payload: Record<string, unknown>, secret: string | null = SECRET) =>
  s.inject({
    method: 'POST',
    url: `/iot/emqx/${path}`,
    headers: secret === null ? {} : { [EMQX_SECRET_HEADER]: secret },
    payload,
  });
const result = async (path: 'authn' | 'authz', payload: Record<string, unknown>) => {
  const res = await hook(path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: string }).result;
};
const login = (d: TestDevice, o: { password?: string; clientid?: string } = {}) => ({
  username: d.username,
  password: o.password ?? d.secret,
  clientid: o.clientid ?? d.username,
});

describe('EMQX HTTP authentication', () => {
  it('allows a device with its secret and client id, never as superuser', async () => {
    const res = await hook('authn', login(me));
    expect(res.json()).toEqual({ result: 'allow', is_superuser: false });
    expect(await result('authn', login(me, { clientid: `${me.username}:backup` }))).toBe('allow');
  });

  it('denies a wrong or another device’s secret, a foreign client id, a disabled or unknown device', async () => {
    expect(await result('authn', login(me, { password: 'wrong' }))).toBe('deny');
    expect(await result('authn', login(me, { password: other.secret }))).toBe('deny');
    expect(await result('authn', login(me, { clientid: other.username }))).toBe('deny');
    expect(await result('authn', login(disabled))).toBe('deny');
    const ghost = { ...me, username: `${me.tenantId}/weather-station/NOBODY42` };
    expect(await result('authn', login(ghost))).toBe('deny');
  });

  it('leaves accounts that are not devices (the server’s own) to EMQX’s next source', async () => {
    expect(await result('authn', { username: 'tilth-server', password: 'x', clientid: 'tilth-a-0' })).toBe(
      'ignore',
    );
  });

  it('refuses callers without the shared secret, and bad bodies with 400', async () => {
    expect((await hook('authn', login(me), null)).statusCode).toBe(401);
    expect((await hook('authn', login(me), 'guess')).statusCode).toBe(401);
    expect(
      (await hook('authz', { username: me.username, topic: 'x', action: 'publish' }, 'guess')).statusCode,
    ).toBe(401);
    expect((await hook('authn', { username: me.username })).statusCode).toBe(400);
    expect((await hook('authz', { username: me.username, topic: 'x', action: 'delete' })).statusCode).toBe(
      400,
    );
    // Without EMQX_HOOK_SECRET the hooks are off.
    expect(() => requireHookSecret(undefined, SECRET)).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('EMQX HTTP authorization', () => {
  const authz = (topic: string, action: 'publish' | 'subscribe' | 'all', d: TestDevice = me) =>
    result('authz', { username: d.username, topic, action });

  it('a device publishes only its own up / status / ack and subscribes only its own down', async () => {
    for (const k of ['up', 'status', 'ack'] as const)
      expect(await authz(topicOf(me, k), 'publish')).toBe('allow');
    expect(await authz(topicOf(me, 'down'), 'subscribe')).toBe('allow');
    expect(await authz(topicOf(me, 'down'), 'publish')).toBe('deny');
    expect(await authz(topicOf(me, 'up'), 'subscribe')).toBe('deny');
    expect(await authz(topicOf(other, 'up'), 'publish')).toBe('deny');
    expect(await authz(topicOf(other, 'down'), 'subscribe')).toBe('deny');
    expect(await authz(`tilth/${me.tenantId}/weather-station/+/down`, 'subscribe')).toBe('deny');
    expect(await authz('#', 'subscribe')).toBe('deny');
    expect(await authz(`tilth-internal/events/${me.tenantId}`, 'publish')).toBe('deny');
    expect(await authz('tilth-internal/events/+', 'subscribe')).toBe('deny');
    expect(await authz(topicOf(me, 'up'), 'all')).toBe('deny');
    expect(
      await result('authz', { username: 'tilth-server', topic: 'tilth/1/x/y/down', action: 'publish' }),
    ).toBe('ignore');
  });
});

describe('silence timeout from the device’s own upload period', () => {
  it('is offline after max(type timeout, 3 × uploadPeriodMin)', async () => {
    const t = s.fixtures.tenantA;
    // Weather stations: 90 min by type. Hourly → 180 min; every 5 min → still the type's 90.
    const hourly = await registerDevice(s, t, {
      typeKey: 'weather-station',
      config: { uploadPeriodMin: 60 },
    });
    const fast = await registerDevice(s, t, { typeKey: 'weather-station', config: { uploadPeriodMin: 5 } });
    const plain = await registerDevice(s, t, { typeKey: 'weather-station' });
    for (const d of [hourly, fast, plain]) {
      const c = await connectDevice(s, { username: d.username, secret: d.secret });
      await publishTelemetry(c, d, { seq: 1, values: { airTemp: 12 } });
      await closeClient(c);
    }
    await s.iot.settle();
    const online = async () => {
      const r = (await s.platform.database.withTenant(t, (tx) =>
        tx.execute(
          sql`select id::int as id from devices where online and id in (${hourly.id}, ${fast.id}, ${plain.id}) order by id`,
        ),
      )) as unknown as { rows: { id: number }[] };
      return r.rows.map((x) => x.id);
    };
    const at = (min: number) => new Date(Date.now() + min * 60_000);
    expect(await online()).toEqual([hourly.id, fast.id, plain.id]);
    await s.iot.sweepSilence(at(80));
    expect(await online()).toEqual([hourly.id, fast.id, plain.id]);
    await s.iot.sweepSilence(at(95));
    expect(await online()).toEqual([hourly.id]);
    await s.iot.sweepSilence(at(175));
    expect(await online()).toEqual([hourly.id]);
    await s.iot.sweepSilence(at(185));
    expect(await online()).toEqual([]);
    const log = (await s.platform.database.withTenant(t, (tx) =>
      tx.execute(sql`select source from device_status_log where device_id = ${hourly.id} order by id`),
    )) as unknown as { rows: { source: string }[] };
    expect(log.rows.map((r) => r.source)).toEqual(['telemetry', 'silence']);
  });
});
