import type { Alarm, AlarmRule, AlarmStaff } from '@tilth/contracts/alarm.types';
import type { Page } from '@tilth/contracts/common.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredReading } from '../../../../platform/iot/iot.js';
import {
  auth,
  json,
  login,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { registerDevice, type TestDevice } from '../../../../test/iot.js';
import type { AlarmEvaluator } from '../alarm.engine.js';
import { alarmEvaluatorOf } from '../alarm.jobs.js';
import { insertAlarm } from '../alarm.repository.js';

// Two server processes can evaluate the same breach at once (ingest through a shared subscription):
// the alarms_active_uq index and INSERT … ON CONFLICT DO NOTHING keep one active alarm per rule and
// device, and only the raise that inserted notifies. On PostgreSQL (npm run test:db) the two evaluations
// below really race; on PGlite they run one after the other.

let s: TestServer;
let admin: string;
let A: number;
let soil: TestDevice;
let rule: AlarmRule;
let ev: AlarmEvaluator;
const NAME = '竞态墒情站';

const W = () => `/wfpe/v1/${A}/warning`;
const get = async <T>(token: string, url: string) => {
  const res = await s.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};
const alarmsOf = async (q = '') =>
  (await get<Page<Alarm>>(admin, `${W()}/alarm?size=0&deviceId=${soil.id}${q}`)).content;
const reading = (moisture0: number): StoredReading => ({
  tenantId: A,
  deviceId: soil.id,
  typeKey: 'soil-moisture',
  ts: new Date(),
  values: { moisture0 },
});
const notices = async () => {
  const op = await login(s, 'operatorA');
  const page = await get<Page<{ subject: string }>>(op, `/hmsg/v1/${A}/messages/user?size=50`);
  return page.content.filter((m) => m.subject.includes(NAME)).length;
};
const texts = () => s.sms.outbox.filter((m) => m.text.includes(NAME)).length;

beforeAll(async () => {
  s = await startTestServer();
  admin = (await signInRoles(s)).admin;
  A = s.fixtures.tenantA;
  soil = await registerDevice(s, A, { typeKey: 'soil-moisture', name: NAME });
  const post = (url: string, payload: Record<string, unknown>) =>
    s.inject({ method: 'POST', url, headers: auth(admin), payload });
  const c = await post(`${W()}/staff`, {
    name: '值班员',
    userId: s.fixtures.users.operatorA.id,
    phone: '13800003333',
    notifySms: true,
  });
  expect(c.statusCode, c.body).toBe(200);
  const r = await post(`${W()}/rule`, {
    name: '缺水',
    deviceId: soil.id,
    metric: 'moisture0',
    op: 'lt',
    threshold: 25,
    severity: 'critical',
    staffIds: [json<AlarmStaff>(c).id],
  });
  expect(r.statusCode, r.body).toBe(200);
  rule = json<AlarmRule>(r);
  const found = alarmEvaluatorOf(s.platform);
  if (!found) throw new Error('no evaluator');
  ev = found;
});
afterAll(async () => {
  await s.close();
});

describe('one active alarm per rule and device', () => {
  it('two evaluations of the same breach at once raise one alarm and notify once', async () => {
    await Promise.all([ev.onReadings([reading(5)]), ev.onReadings([reading(6)])]);
    const active = await alarmsOf('&state=active');
    expect(active).toHaveLength(1);
    expect(await alarmsOf()).toHaveLength(1);
    expect(await notices()).toBe(1);
    expect(texts()).toBe(1);
  });

  it('the database refuses a second active alarm for the same rule and device', async () => {
    const again = await s.platform.database.withTenant(A, (tx) =>
      insertAlarm(tx, A, {
        ruleId: rule.id,
        deviceId: soil.id,
        kind: 'threshold',
        severity: 'critical',
        state: 'active',
        message: 'duplicate',
      }),
    );
    expect(again).toBeUndefined();
    expect(await alarmsOf()).toHaveLength(1);
  });

  it('after it cleared, a new breach raises a new alarm and notifies again', async () => {
    const [first] = await alarmsOf();
    await ev.onReadings([reading(40)]);
    expect(await alarmsOf('&state=active')).toHaveLength(0);
    await Promise.all([ev.onReadings([reading(4)]), ev.onReadings([reading(3)])]);
    const all = await alarmsOf();
    expect(all).toHaveLength(2);
    const active = all.filter((a) => a.state === 'active');
    expect(active).toHaveLength(1);
    expect(active[0]?.id).not.toBe(first?.id);
    expect(all.find((a) => a.id === first?.id)?.state).toBe('cleared');
    expect(await notices()).toBe(2);
    expect(texts()).toBe(2);
  });
});
