import type { Alarm, AlarmRule, AlarmStaff } from '@tilth/contracts/alarm.types';
import type { Page } from '@tilth/contracts/common.types';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  connectDevice,
  publishStatus,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  waitFor,
} from '../../../../test/iot.js';
import { alarmEvaluatorOf } from '../alarm.jobs.js';

let s: TestServer;
let tok: RoleTokens;
let A: number;
let soil: TestDevice;
let valve: TestDevice;
let client: MqttClient;
let seq = 1;

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const W = () => `/wfpe/v1/${A}/warning`;
const alarmsOf = async (q = '') =>
  json<Page<Alarm>>(await call(tok.admin, 'GET', `${W()}/alarm?size=50${q}`)).content;

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  soil = await registerDevice(s, A, { typeKey: 'soil-moisture', name: '1号墒情站' });
  valve = await registerDevice(s, A, { typeKey: 'electric-valve', name: '东区电磁阀' });
  client = await connectDevice(s, soil);
});
afterAll(async () => {
  await client?.endAsync();
  await s.close();
});

describe('alarm contacts (warning-staff)', () => {
  it('adds a contact linked to a member, refuses a non-member, a bad phone and a duplicate name', async () => {
    const ok = await call(tok.admin, 'POST', `${W()}/staff`, {
      name: '值班员',
      userId: s.fixtures.users.operatorA.id,
      phone: '13800001111',
      notifyInApp: true,
      notifySms: true,
      minSeverity: 'warning',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<AlarmStaff>(ok)).toMatchObject({ name: '值班员', userName: 'operatorA', notifySms: true });

    const outsider = await call(tok.admin, 'POST', `${W()}/staff`, {
      name: 'B',
      userId: s.fixtures.users.adminB.id,
    });
    expect(outsider.statusCode).toBe(400);
    expect(json(outsider)).toMatchObject({ code: 'wfpe.alarm.userNotMember' });
    const phone = await call(tok.admin, 'POST', `${W()}/staff`, {
      name: 'P',
      phone: '123',
      notifyInApp: false,
      notifySms: true,
    });
    expect(phone.statusCode).toBe(400);
    const dup = await call(tok.admin, 'POST', `${W()}/staff`, {
      name: '值班员',
      userId: s.fixtures.users.adminA.id,
    });
    expect(dup.statusCode).toBe(409);
    const smsOnly = await call(tok.admin, 'POST', `${W()}/staff`, {
      name: 'SMS 无电话',
      notifyInApp: false,
      notifySms: true,
    });
    expect(smsOnly.statusCode).toBe(400);
    const list = json<Page<AlarmStaff>>(await call(tok.admin, 'GET', `${W()}/staff?size=0`));
    expect(list.content.map((c) => c.name)).toEqual(['值班员']);
  });

  it('stale objectVersionNumber → 409; another tenant sees nothing (404)', async () => {
    const [c] = json<Page<AlarmStaff>>(await call(tok.admin, 'GET', `${W()}/staff?size=0`)).content;
    if (!c) throw new Error('no contact');
    const body = {
      id: c.id,
      objectVersionNumber: c.objectVersionNumber,
      name: '值班员',
      userId: c.userId,
      phone: c.phone,
      notifySms: true,
    };
    expect((await call(tok.admin, 'PUT', `${W()}/staff`, body)).statusCode).toBe(200);
    expect((await call(tok.admin, 'PUT', `${W()}/staff`, body)).statusCode).toBe(409);
    const B = s.fixtures.tenantB;
    const other = await call(tok.adminB, 'PUT', `/wfpe/v1/${B}/warning/staff`, {
      ...body,
      objectVersionNumber: 2,
    });
    expect(other.statusCode).toBe(404);
    expect((await call(tok.adminB, 'DELETE', `/wfpe/v1/${B}/warning/staff/${c.id}`)).statusCode).toBe(404);
  });
});

describe('threshold rules', () => {
  let rule: AlarmRule;
  let staffId: number;
  const t0 = Date.now() - 30 * 60_000;

  it('refuses a metric the type does not have, a threshold out of range and a missing target (400, nothing stored)', async () => {
    const base = { name: '缺水', metric: 'moisture0', op: 'lt', threshold: 25, deviceId: soil.id };
    const bad = [
      { ...base, metric: 'windSpeed' },
      { ...base, threshold: 180 },
      { ...base, deviceId: undefined },
      { ...base, kind: 'offline' },
      { ...base, deviceId: 999_999 },
      { ...base, typeKey: 'weather-station' },
      { ...base, durationMin: 1441 },
    ];
    for (const b of bad) {
      const res = await call(tok.admin, 'POST', `${W()}/rule`, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
    }
    expect(json<Page<AlarmRule>>(await call(tok.admin, 'GET', `${W()}/rule`)).totalElements).toBe(0);
  });

  it('raises only after the condition lasted N minutes, notifies the contacts, then clears', async () => {
    const staff = json<Page<AlarmStaff>>(await call(tok.admin, 'GET', `${W()}/staff?size=0`)).content;
    staffId = staff[0]?.id ?? 0;
    const created = await call(tok.admin, 'POST', `${W()}/rule`, {
      name: '表层缺水',
      deviceId: soil.id,
      metric: 'moisture0',
      op: 'lt',
      threshold: 25,
      durationMin: 10,
      severity: 'critical',
      staffIds: [staffId],
    });
    expect(created.statusCode, created.body).toBe(200);
    rule = json<AlarmRule>(created);
    expect(rule).toMatchObject({ typeKey: 'soil-moisture', unit: '%', kind: 'threshold' });

    await publishTelemetry(client, soil, { seq: seq++, ts: t0, values: { moisture0: 20 } });
    await publishTelemetry(client, soil, { seq: seq++, ts: t0 + 5 * 60_000, values: { moisture0: 19 } });
    await s.iot.settle();
    expect(await alarmsOf()).toHaveLength(0);

    await publishTelemetry(client, soil, { seq: seq++, ts: t0 + 10 * 60_000, values: { moisture0: 18.4 } });
    await s.iot.settle();
    const [raised] = await waitFor(async () => {
      const l = await alarmsOf();
      return l.length > 0 && l;
    });
    expect(raised).toMatchObject({
      state: 'active',
      severity: 'critical',
      deviceName: '1号墒情站',
      metric: 'moisture0',
      value: 18.4,
      threshold: 25,
      unit: '%',
      ruleName: '表层缺水',
      acknowledgedAt: null,
    });
    expect(raised?.message).toContain('18.4%');

    // The linked user got a notification; the phone an SMS.
    const opTok = await login(s, 'operatorA');
    const msgs = json<Page<{ subject: string }>>(
      await call(opTok, 'GET', `/hmsg/v1/${A}/messages/user?size=10`),
    );
    expect(msgs.content.some((m) => m.subject.includes('1号墒情站') && m.subject.includes('18.4'))).toBe(
      true,
    );
    expect(s.sms.outbox.some((m) => m.phone === '13800001111' && m.text.includes('1号墒情站'))).toBe(true);

    // Still dry: no second alarm while one is active.
    await publishTelemetry(client, soil, { seq: seq++, ts: t0 + 12 * 60_000, values: { moisture0: 17 } });
    await s.iot.settle();
    expect(await alarmsOf()).toHaveLength(1);

    await publishTelemetry(client, soil, { seq: seq++, ts: t0 + 15 * 60_000, values: { moisture0: 30 } });
    await s.iot.settle();
    const [cleared] = await alarmsOf();
    expect(cleared).toMatchObject({ state: 'cleared', id: raised?.id });
    expect(cleared?.clearedAt).toBeTruthy();
  });

  it('a breach interrupted before N minutes starts over', async () => {
    const t1 = t0 + 16 * 60_000;
    await publishTelemetry(client, soil, { seq: seq++, ts: t1, values: { moisture0: 10 } });
    await publishTelemetry(client, soil, { seq: seq++, ts: t1 + 6 * 60_000, values: { moisture0: 40 } });
    await publishTelemetry(client, soil, { seq: seq++, ts: t1 + 7 * 60_000, values: { moisture0: 10 } });
    await publishTelemetry(client, soil, { seq: seq++, ts: t1 + 12 * 60_000, values: { moisture0: 10 } });
    await s.iot.settle();
    expect(await alarmsOf('&state=active')).toHaveLength(0);
  });

  it('acknowledges with a note, once; bulk acknowledge counts only new ones', async () => {
    const [a] = await alarmsOf();
    if (!a) throw new Error('no alarm');
    const res = await call(tok.admin, 'POST', `${W()}/alarm/${a.id}/ack`, { note: '已安排灌溉' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Alarm>(res)).toMatchObject({
      ackNote: '已安排灌溉',
      acknowledgedBy: s.fixtures.users.adminA.id,
      acknowledgedByName: 'adminA',
    });
    const again = await call(tok.operator, 'POST', `${W()}/alarm/${a.id}/ack`, { note: 'x' });
    expect(json<Alarm>(again).ackNote).toBe('已安排灌溉');
    const bulk = await call(tok.admin, 'POST', `${W()}/alarm/ack`, { ids: [a.id] });
    expect(json(bulk)).toEqual({ acknowledged: 0 });
    expect(await alarmsOf('&acknowledged=0')).toHaveLength(0);
    expect(await alarmsOf('&acknowledged=1')).toHaveLength(1);
    const long = await call(tok.admin, 'POST', `${W()}/alarm/${a.id}/ack`, { note: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
  });

  it('stale rule version → 409; disabling stops evaluation', async () => {
    const body = {
      id: rule.id,
      objectVersionNumber: rule.objectVersionNumber,
      name: '表层缺水',
      deviceId: soil.id,
      metric: 'moisture0',
      op: 'lt',
      threshold: 20,
      durationMin: 0,
      severity: 'warning',
      staffIds: [staffId],
    };
    const ok = await call(tok.admin, 'PUT', `${W()}/rule`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(tok.admin, 'PUT', `${W()}/rule`, body)).statusCode).toBe(409);
    const off = await call(tok.admin, 'POST', `${W()}/rule/${rule.id}/enabled`, { enabledFlag: 0 });
    expect(json<AlarmRule>(off).enabledFlag).toBe(0);
    await publishTelemetry(client, soil, { seq: seq++, values: { moisture0: 5 } });
    await s.iot.settle();
    expect(await alarmsOf('&state=active')).toHaveLength(0);
  });
});

describe('offline rules', () => {
  it('raises when a device of the type goes offline and clears when it is back', async () => {
    const res = await call(tok.admin, 'POST', `${W()}/rule`, {
      name: '墒情站离线',
      kind: 'offline',
      typeKey: 'soil-moisture',
      severity: 'warning',
    });
    expect(res.statusCode, res.body).toBe(200);
    await publishStatus(client, soil, false);
    await s.iot.settle();
    const [a] = await waitFor(async () => {
      const l = await alarmsOf('&state=active');
      return l.length > 0 && l;
    });
    expect(a).toMatchObject({ kind: 'offline', deviceId: soil.id, severity: 'warning' });
    await publishStatus(client, soil, true);
    await s.iot.settle();
    await waitFor(async () => (await alarmsOf('&state=active')).length === 0);
  });

  it('with "lasts N minutes", the sweep raises once the device stayed offline that long', async () => {
    const res = await call(tok.admin, 'POST', `${W()}/rule`, {
      name: '电磁阀离线 5 分钟',
      kind: 'offline',
      deviceId: valve.id,
      durationMin: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const vc = await connectDevice(s, valve);
    await publishStatus(vc, valve, true);
    await publishStatus(vc, valve, false);
    await vc.endAsync();
    await s.iot.settle();
    const ev = alarmEvaluatorOf(s.platform);
    if (!ev) throw new Error('no evaluator');
    await ev.sweep([A], new Date(Date.now() + 60_000));
    expect(await alarmsOf(`&state=active&deviceId=${valve.id}`)).toHaveLength(0);
    await ev.sweep([A], new Date(Date.now() + 6 * 60_000));
    expect(await alarmsOf(`&state=active&deviceId=${valve.id}`)).toHaveLength(1);
  });
});

describe('access', () => {
  it('another tenant gets 404 for our rules and alarms and sees none', async () => {
    const B = s.fixtures.tenantB;
    const [a] = await alarmsOf();
    const [r] = json<Page<AlarmRule>>(await call(tok.admin, 'GET', `${W()}/rule`)).content;
    expect((await call(tok.adminB, 'GET', `/wfpe/v1/${B}/warning/rule/${r?.id}`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'POST', `/wfpe/v1/${B}/warning/alarm/${a?.id}/ack`, {})).statusCode).toBe(
      404,
    );
    expect((await call(tok.adminB, 'DELETE', `/wfpe/v1/${B}/warning/rule/${r?.id}`)).statusCode).toBe(404);
    expect(
      json<Page<Alarm>>(await call(tok.adminB, 'GET', `/wfpe/v1/${B}/warning/alarm`)).totalElements,
    ).toBe(0);
    expect((await call(tok.adminB, 'GET', `${W()}/alarm`)).statusCode).toBe(403);
  });

  it('a member whose roles lack the alarm pages gets 403', async () => {
    const role = await call(tok.admin, 'POST', `/iam/v1/${A}/roles`, {
      code: 'no-alarms',
      nameZh: '无告警',
      nameEn: 'No alarms',
      permissions: ['wfpf.farm.farm.base'],
    });
    expect(role.statusCode, role.body).toBe(200);
    const user = s.fixtures.users.viewerA.id;
    const assigned = await call(tok.admin, 'PUT', `/iam/v1/${A}/members/${user}/roles`, {
      roleIds: [json<{ id: number }>(role).id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = await login(s, 'viewerA');
    for (const [m, p, body] of [
      ['GET', 'alarm', undefined],
      ['GET', 'rule', undefined],
      ['POST', 'rule', { name: 'x', kind: 'offline', typeKey: 'soil-moisture' }],
      ['GET', 'staff', undefined],
      ['POST', 'alarm/ack', { ids: [1] }],
    ] as const) {
      expect((await call(token, m, `${W()}/${p}`, body)).statusCode, `${m} ${p}`).toBe(403);
    }
  });
});
