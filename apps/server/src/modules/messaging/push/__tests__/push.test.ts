import type { Page } from '@tilth/contracts/common.types';
import type { PushDelivery, PushSubscription, PushSubscriptionWithSecret } from '@tilth/contracts/push.types';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  waitFor,
} from '../../../../test/iot.js';
import { enqueuePush } from '../index.js';
import { pushWorkerFor } from '../push.jobs.js';
import { type Receiver, startReceiver, verifySignature } from './receiver.js';

let s: TestServer;
let tok: RoleTokens;
let A: number;
let rx: Receiver;

const call = (token: string, method: string, url: string, payload?: unknown, lang?: string) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const P = (t = A) => `/wfpf/v1/${t}/data-push`;
const worker = () => pushWorkerFor(s.platform, s.app.log);
const create = async (body: Record<string, unknown>) => {
  const res = await call(tok.admin, 'POST', P(), body);
  expect(res.statusCode, res.body).toBe(200);
  return json<PushSubscriptionWithSecret>(res);
};
const deliveries = async (id: number, q = '') =>
  json<Page<PushDelivery>>(await call(tok.admin, 'GET', `${P()}/${id}/deliveries?size=100${q}`)).content;
const setEnabled = async (sub: { id: number }, enabled: boolean) => {
  const cur = json<PushSubscription>(await call(tok.admin, 'GET', `${P()}/${sub.id}`));
  const res = await call(tok.admin, 'POST', `${P()}/${sub.id}/enabled`, {
    enabled,
    objectVersionNumber: cur.objectVersionNumber,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await s?.close();
});

describe('data push subscriptions', () => {
  let sub: PushSubscriptionWithSecret;

  it('creates a subscription, shows the secret once, and audits it', async () => {
    sub = await create({ name: 'Hook', url: rx.url, eventTypes: ['task.finished'], enabled: false });
    expect(sub.secret).toMatch(/^whsec_/);
    expect(sub).toMatchObject({ name: 'Hook', enabled: false, pending: 0, objectVersionNumber: 1 });
    const list = json<Page<PushSubscription>>(await call(tok.admin, 'GET', `${P()}?name=hoo`));
    expect(list.content.map((x) => x.id)).toEqual([sub.id]);
    expect(JSON.stringify(list)).not.toContain(sub.secret);
    expect(json<Page<PushSubscription>>(await call(tok.admin, 'GET', `${P()}?enabled=true`)).content).toEqual(
      [],
    );
    const audit = await s.platform.database.withTenant(A, (tx) =>
      tx.execute(sql`select action, after from audit_log where target_type = 'push' order by id`),
    );
    const rows = (audit as unknown as { rows: { action: string; after: unknown }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(['push.create']);
    expect(JSON.stringify(rows)).not.toContain(sub.secret);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    for (const [body, field] of [
      [{ name: 'x', url: 'ftp://example.com/x', eventTypes: ['task.finished'] }, 'url'],
      [{ name: 'x', url: 'not a url', eventTypes: ['task.finished'] }, 'url'],
      [{ name: 'x', url: rx.url, eventTypes: [] }, 'eventTypes'],
      [{ name: 'x', url: rx.url, eventTypes: ['nope'] }, 'eventTypes'],
      [{ name: ' ', url: rx.url, eventTypes: ['task.finished'] }, 'name'],
    ] as const) {
      const res = await call(tok.admin, 'POST', P(), body, 'en-US');
      expect(res.statusCode, res.body).toBe(400);
      expect(json<{ message: string }>(res).message).toContain(field);
    }
    expect(json<Page<PushSubscription>>(await call(tok.admin, 'GET', P())).totalElements).toBe(1);
  });

  it('push test: a signed test event arrives; a dead link answers the spec message', async () => {
    const ok = await call(tok.admin, 'POST', `${P()}/${sub.id}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    const got = rx.accepted.at(-1);
    expect(got?.type).toBe('test');
    expect(got && verifySignature(sub.secret, got)).toBe(true);
    expect(got && verifySignature('wrong', got)).toBe(false);

    const dead = await create({
      name: 'Dead',
      url: 'http://127.0.0.1:1/hook',
      eventTypes: ['task.finished'],
    });
    const en = await call(tok.admin, 'POST', `${P()}/${dead.id}/test`, undefined, 'en-US');
    expect(en.statusCode).toBe(400);
    expect(json<{ code: string; message: string }>(en)).toMatchObject({ code: 'wfpf.push.testFailed' });
    expect(json<{ message: string }>(en).message).toMatch(/^push test failed, link not detected/);
    const zh = await call(tok.admin, 'POST', `${P()}/${dead.id}/test`, undefined, 'zh-CN');
    expect(json<{ message: string }>(zh).message).toMatch(/^推送测试失败，未检测到链接/);
    expect((await call(tok.admin, 'DELETE', `${P()}/${dead.id}`)).statusCode).toBe(200);
  });

  it('stale objectVersionNumber → 409, nothing changed', async () => {
    const cur = json<PushSubscription>(await call(tok.admin, 'GET', `${P()}/${sub.id}`));
    const put = await call(tok.admin, 'PUT', P(), { ...cur, name: 'Renamed' });
    expect(put.statusCode, put.body).toBe(200);
    const again = await call(tok.admin, 'PUT', P(), { ...cur, name: 'Stale' });
    expect(again.statusCode).toBe(409);
    const en = await call(tok.admin, 'POST', `${P()}/${sub.id}/enabled`, {
      enabled: true,
      objectVersionNumber: 1,
    });
    expect(en.statusCode).toBe(409);
    const now = json<PushSubscription>(await call(tok.admin, 'GET', `${P()}/${sub.id}`));
    expect(now).toMatchObject({ name: 'Renamed', enabled: false, objectVersionNumber: 2 });
  });

  it('another tenant sees nothing; roles without the codes are refused', async () => {
    expect((await call(tok.adminB, 'GET', P())).statusCode).toBe(403);
    expect((await call(tok.adminB, 'GET', `${P()}/${sub.id}`)).statusCode).toBe(403);
    const own = json<Page<PushSubscription>>(await call(tok.adminB, 'GET', P(s.fixtures.tenantB)));
    expect(own.totalElements).toBe(0);
    expect((await call(tok.adminB, 'GET', `${P(s.fixtures.tenantB)}/${sub.id}`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'POST', `${P(s.fixtures.tenantB)}/${sub.id}/test`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'GET', `${P(s.fixtures.tenantB)}/${sub.id}/deliveries`)).statusCode).toBe(
      404,
    );
    expect((await call(tok.adminB, 'DELETE', `${P(s.fixtures.tenantB)}/${sub.id}`)).statusCode).toBe(404);
    for (const t of [tok.operator, tok.viewer]) {
      const res = await call(t, 'POST', P(), { name: 'x', url: rx.url, eventTypes: ['task.finished'] });
      expect(res.statusCode).toBe(403);
    }
    expect(json<PushSubscription>(await call(tok.admin, 'GET', `${P()}/${sub.id}`)).name).toBe('Renamed');
  });

  it('delivery refuses a private address when the setting is turned off after saving', async () => {
    await setEnabled(sub, true);
    await s.platform.database.withTenant(A, (tx) => enqueuePush(tx, A, 'task.finished', [{ taskId: 1 }]));
    s.platform.config.pushAllowPrivate = false;
    const before = rx.accepted.length;
    try {
      await worker().tick(new Date());
    } finally {
      s.platform.config.pushAllowPrivate = true;
    }
    expect(rx.accepted.length).toBe(before);
    const [d] = await deliveries(sub.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, eventType: 'task.finished' });
    expect(d?.lastError).toContain('private');
    // Once allowed again it goes at its next attempt.
    await worker().tick(new Date(Date.now() + 3600_000));
    expect(rx.accepted.at(-1)?.body).toMatchObject({ type: 'task.finished', data: { taskId: 1 } });
    await setEnabled(sub, false);
  });
});

describe('events from the real paths', () => {
  let soil: TestDevice;
  let client: MqttClient;
  let sub: PushSubscriptionWithSecret;

  beforeAll(async () => {
    soil = await registerDevice(s, A, { typeKey: 'soil-moisture', name: '1号墒情站' });
    client = await connectDevice(s, soil);
  });
  afterAll(async () => {
    await client?.endAsync();
  });

  it('delivers readings from the ingest and an alarm raised and cleared, signed and in order', async () => {
    sub = await create({
      name: 'Everything',
      url: rx.url,
      eventTypes: ['device.reading', 'device.online', 'alarm.raised', 'alarm.cleared'],
    });
    const rule = await call(tok.admin, 'POST', `/wfpe/v1/${A}/warning/rule`, {
      name: '表层缺水',
      deviceId: soil.id,
      metric: 'moisture0',
      op: 'lt',
      threshold: 25,
      durationMin: 0,
      severity: 'critical',
      staffIds: [],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const t0 = Date.now() - 10 * 60_000;
    await publishTelemetry(client, soil, { seq: 1, ts: t0, values: { moisture0: 20 } });
    await s.iot.settle();
    await waitFor(async () => (await deliveries(sub.id)).some((d) => d.eventType === 'alarm.raised'));
    await publishTelemetry(client, soil, { seq: 2, ts: t0 + 60_000, values: { moisture0: 30 } });
    await s.iot.settle();
    await waitFor(async () => (await deliveries(sub.id)).some((d) => d.eventType === 'alarm.cleared'));

    const start = rx.accepted.length;
    expect(await worker().tick(new Date())).toBeGreaterThanOrEqual(4);
    const got = rx.accepted.slice(start).filter((r) => r.body.subscriptionId === sub.id);
    expect(got.every((r) => verifySignature(sub.secret, r))).toBe(true);
    expect(got.map((r) => r.body.seq)).toEqual(got.map((_, i) => i + 1));
    const types = got.map((r) => r.type);
    expect(types).toContain('device.online');
    // Readings come as one event per stored batch, each carrying its readings.
    const readings = got
      .filter((r) => r.type === 'device.reading')
      .flatMap((r) => r.body.data.readings as unknown[]);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toMatchObject({ deviceId: soil.id, eui: soil.eui, values: { moisture0: 20 } });
    expect(types.indexOf('alarm.raised')).toBeLessThan(types.indexOf('alarm.cleared'));
    const raised = got.find((r) => r.type === 'alarm.raised');
    expect(raised?.body.data).toMatchObject({ deviceName: '1号墒情站', ruleName: '表层缺水', value: 20 });
    const log = await deliveries(sub.id);
    expect(log.every((d) => d.state === 'delivered' && d.attempts === 1 && d.lastResponseMs !== null)).toBe(
      true,
    );
  });

  it('a disabled subscription queues nothing', async () => {
    await setEnabled(sub, false);
    const before = (await deliveries(sub.id)).length;
    await publishTelemetry(client, soil, { seq: 3, ts: Date.now() - 60_000, values: { moisture0: 31 } });
    await s.iot.settle();
    expect((await deliveries(sub.id)).length).toBe(before);
  });

  it('gives an event up after 24 h, then redelivers it on request', async () => {
    const gone = await create({ name: 'Gone', url: rx.url, eventTypes: ['task.finished'] });
    await s.platform.database.withTenant(A, (tx) => enqueuePush(tx, A, 'task.finished', [{ taskId: 7 }]));
    rx.failNext(1);
    await worker().tick(new Date(Date.now() + 25 * 3600_000));
    const [failed] = await deliveries(gone.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 503 });
    expect(json<PushSubscription>(await call(tok.admin, 'GET', `${P()}/${gone.id}`)).failed).toBe(1);

    const bad = await call(tok.admin, 'POST', `${P()}/${gone.id}/deliveries/999/redeliver`);
    expect(bad.statusCode).toBe(404);
    const again = await call(tok.admin, 'POST', `${P()}/${gone.id}/deliveries/${failed?.seq}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    const twice = await call(tok.admin, 'POST', `${P()}/${gone.id}/deliveries/${failed?.seq}/redeliver`);
    expect(twice.statusCode).toBe(409);
    await worker().tick(new Date(Date.now() + 60_000));
    expect(await deliveries(gone.id, '&state=delivered')).toHaveLength(1);
    expect(rx.accepted.at(-1)?.body).toMatchObject({ subscriptionId: gone.id, data: { taskId: 7 } });
  });
});

describe('SSRF refusal with private targets not allowed', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ TILTH_PUSH_ALLOW_PRIVATE: '0' });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses loopback, private, IPv6 loopback, IPv4-mapped and names resolving to loopback', async () => {
    const { login } = await import('../../../../test/harness.js');
    const admin = await login(strict, 'adminA');
    const post = (url: string) =>
      strict.inject({
        method: 'POST',
        url: `/wfpf/v1/${strict.fixtures.tenantA}/data-push`,
        headers: { ...auth(admin), 'accept-language': 'en-US' },
        payload: { name: 'x', url, eventTypes: ['task.finished'] },
      });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://localhost/hook',
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(json<{ code: string; message: string }>(res), url).toMatchObject({
        code: 'wfpf.push.urlPrivate',
      });
      expect(json<{ message: string }>(res).message).toMatch(/^url:/);
    }
    const plain = await post('http://93.184.215.14/hook');
    expect(json<{ code: string }>(plain).code).toBe('wfpf.push.urlScheme');
    const list = await strict.inject({
      method: 'GET',
      url: `/wfpf/v1/${strict.fixtures.tenantA}/data-push`,
      headers: auth(admin),
    });
    expect(json<Page<PushSubscription>>(list).totalElements).toBe(0);
  });
});
