import type { Alarm, AlarmRule, AlarmStaff } from '@tilth/contracts/alarm.types';
import type { Page } from '@tilth/contracts/common.types';
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
import { registerDevice, type TestDevice } from '../../../../test/iot.js';
import { alarmEvaluatorOf } from '../alarm.jobs.js';

// The alarm pages have view codes only in the spec; issue 5 added write codes so a viewer can watch
// alarms without changing rules, contacts or acknowledgements.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let soil: TestDevice;
let rule: AlarmRule;
let contact: AlarmStaff;
let alarm: Alarm;

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const W = () => `/wfpe/v1/${A}/warning`;
const ruleBody = () => ({
  name: '表层缺水',
  deviceId: soil.id,
  metric: 'moisture0',
  op: 'lt',
  threshold: 25,
  severity: 'warning',
  staffIds: [contact.id],
});

/** Every write of the two pages, aimed at the fixtures. */
const writes = (): [string, string, unknown][] => [
  ['POST', 'rule', { ...ruleBody(), name: '另一条' }],
  [
    'PUT',
    'rule',
    { ...ruleBody(), id: rule.id, objectVersionNumber: rule.objectVersionNumber, threshold: 10 },
  ],
  ['POST', `rule/${rule.id}/enabled`, { enabledFlag: 0 }],
  ['DELETE', `rule/${rule.id}`, undefined],
  ['POST', `alarm/${alarm.id}/ack`, { note: 'x' }],
  ['POST', 'alarm/ack', { ids: [alarm.id] }],
  ['POST', 'staff', { name: '新联系人', phone: '13800002222', notifyInApp: false, notifySms: true }],
  [
    'PUT',
    'staff',
    {
      id: contact.id,
      objectVersionNumber: contact.objectVersionNumber,
      name: '改名',
      userId: contact.userId,
    },
  ],
  ['DELETE', `staff/${contact.id}`, undefined],
  ['GET', 'staff/candidate-users', undefined],
];

/** What the writes could change, read by the administrator. */
const snapshot = async () => ({
  rules: json<Page<AlarmRule>>(await call(tok.admin, 'GET', `${W()}/rule?size=0`)).content,
  alarms: json<Page<Alarm>>(await call(tok.admin, 'GET', `${W()}/alarm?size=0`)).content,
  staff: json<Page<AlarmStaff>>(await call(tok.admin, 'GET', `${W()}/staff?size=0`)).content,
});

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  soil = await registerDevice(s, A, { typeKey: 'soil-moisture', name: '权限墒情站' });
  const c = await call(tok.admin, 'POST', `${W()}/staff`, {
    name: '值班员',
    userId: s.fixtures.users.operatorA.id,
  });
  expect(c.statusCode, c.body).toBe(200);
  contact = json<AlarmStaff>(c);
  const r = await call(tok.admin, 'POST', `${W()}/rule`, ruleBody());
  expect(r.statusCode, r.body).toBe(200);
  rule = json<AlarmRule>(r);
  const ev = alarmEvaluatorOf(s.platform);
  if (!ev) throw new Error('no evaluator');
  await ev.onReadings([
    { tenantId: A, deviceId: soil.id, typeKey: 'soil-moisture', ts: new Date(), values: { moisture0: 5 } },
  ]);
  const [a] = (await snapshot()).alarms;
  if (!a) throw new Error('no alarm raised');
  alarm = a;
});
afterAll(async () => {
  await s.close();
});

describe('alarm write codes', () => {
  it('are in the catalogue the role screen offers, named in both languages', async () => {
    const res = await call(tok.admin, 'GET', `/iam/v1/${A}/permissions`);
    expect(res.statusCode, res.body).toBe(200);
    const codes = json<{ code: string }[]>(res).map((p) => p.code);
    for (const c of [
      'wfpf.farm.equipment.warning-manage.ps.create',
      'wfpf.farm.equipment.warning-manage.ps.edit',
      'wfpf.farm.equipment.warning-manage.ps.delete',
      'wfpf.farm.equipment.warning-manage.ps.ack',
      'wfpf.farm.equipment.warning-staff.ps.create',
      'wfpf.farm.equipment.warning-staff.ps.edit',
      'wfpf.farm.equipment.warning-staff.ps.delete',
    ])
      expect(codes).toContain(c);
  });

  it('a viewer reads the alarm pages but every write is 403 and changes nothing', async () => {
    for (const p of ['rule', `rule/${rule.id}`, 'alarm', 'alarm/summary', `alarm/${alarm.id}`, 'staff']) {
      expect((await call(tok.viewer, 'GET', `${W()}/${p}`)).statusCode, p).toBe(200);
    }
    const before = await snapshot();
    for (const [m, p, body] of writes()) {
      const res = await call(tok.viewer, m, `${W()}/${p}`, body);
      expect(res.statusCode, `${m} ${p}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect(before.alarms[0]?.acknowledgedAt).toBeNull();
  });

  it('a role with the view code and the acknowledge code acknowledges, and writes nothing else', async () => {
    const role = await call(tok.admin, 'POST', `/iam/v1/${A}/roles`, {
      code: 'alarm-ack-only',
      nameZh: '告警确认',
      nameEn: 'Alarm acknowledger',
      permissions: [
        'wfpf.farm.equipment.warning-manage',
        'wfpf.farm.equipment.warning-staff',
        'wfpf.farm.equipment.warning-manage.ps.ack',
      ],
    });
    expect(role.statusCode, role.body).toBe(200);
    const assigned = await call(
      tok.admin,
      'PUT',
      `/iam/v1/${A}/members/${s.fixtures.users.viewerA.id}/roles`,
      {
        roleIds: [json<{ id: number }>(role).id],
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = await login(s, 'viewerA');
    const before = await snapshot();
    for (const [m, p, body] of writes().filter(([, p]) => !p.startsWith('alarm/'))) {
      expect((await call(token, m, `${W()}/${p}`, body)).statusCode, `${m} ${p}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    const ack = await call(token, 'POST', `${W()}/alarm/${alarm.id}/ack`, { note: '已看到' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(json<Alarm>(ack)).toMatchObject({
      ackNote: '已看到',
      acknowledgedBy: s.fixtures.users.viewerA.id,
    });
  });

  it('the farm operator may do every write', async () => {
    for (const [m, p, body] of writes()) {
      const res = await call(tok.operator, m, `${W()}/${p}`, body);
      expect(res.statusCode, `${m} ${p}: ${res.body}`).toBe(200);
    }
    const after = await snapshot();
    expect(after.rules.map((r) => r.name)).toEqual(['另一条']);
    expect(after.staff.map((c) => c.name)).toEqual(['新联系人']);
  });

  it('the 农机告警 page reads farm machines’ alarms only, nothing else of the alarm pages', async () => {
    const role = await call(tok.admin, 'POST', `/iam/v1/${A}/roles`, {
      code: 'machinery-alarms',
      nameZh: '农机告警',
      nameEn: 'Machinery alarms',
      permissions: ['wfpf.farm.equipment.farmmachinery-alarm'],
    });
    expect(role.statusCode, role.body).toBe(200);
    const assigned = await call(
      tok.admin,
      'PUT',
      `/iam/v1/${A}/members/${s.fixtures.users.viewerA.id}/roles`,
      { roleIds: [json<{ id: number }>(role).id] },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = await login(s, 'viewerA');
    const machines = await call(token, 'GET', `${W()}/alarm?typeKey=farm-machine&size=0`);
    expect(machines.statusCode, machines.body).toBe(200);
    // The soil station's alarm exists, but is not a farm machine's.
    expect(json<Page<Alarm>>(machines).content.map((a) => a.id)).not.toContain(alarm.id);
    for (const url of ['alarm?size=0', 'alarm?typeKey=soil-moisture', 'alarm/summary', 'rule', 'staff']) {
      expect((await call(token, 'GET', `${W()}/${url}`)).statusCode, url).toBe(403);
    }
  });
});
