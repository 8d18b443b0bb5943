import type { Page as PageBody } from '@tilth/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedDemoNotices } from '../notice.demo.js';
import { NoticeScheduler } from '../notice.jobs.js';

// Issue 19 item 1: the announcements admin — audience, schedule, withdraw, read receipts.

interface Notice {
  id: number;
  title: string;
  statusCode: string;
  publishedDate: string | null;
  objectVersionNumber: number;
  audienceRoleIds: number[];
  audienceUnitIds: number[];
  readCount: number;
  audienceCount: number;
  noticeContent: { noticeBody: string };
}
interface Readers
  extends PageBody<{ userId: number; loginName: string; readFlag: number; readDate: string | null }> {
  readCount: number;
  audienceCount: number;
}

let s: TestServer;
let tA: number;
let tB: number;
const tok = { adminA: '', operatorA: '', viewerA: '', adminB: '', platform: '' };
type Who = keyof typeof tok;
const role: Record<string, number> = {};
let rootUnit = 0;
let childUnit = 0;

const exec = async <T>(tenant: number, q: ReturnType<typeof sql>) =>
  rowsOf<T>(await s.platform.database.withTenant(tenant, (tx) => tx.execute(q)));

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  for (const who of Object.keys(tok) as Who[]) tok[who] = await login(s, who);
  for (const r of await exec<{ id: string; code: string }>(
    tA,
    sql`select id, code from roles where tenant_id = ${tA}`,
  ))
    role[r.code] = Number(r.id);
  // An organisation unit with a department under it; viewerA works in the department.
  const [root] = await exec<{ id: string }>(
    tA,
    sql`insert into areas (tenant_id, area_name, organization_type) values (${tA}, 'North farm', 'company') returning id`,
  );
  rootUnit = Number(root?.id);
  const [child] = await exec<{ id: string }>(
    tA,
    sql`insert into areas (tenant_id, area_name, organization_type, parent_id)
        values (${tA}, 'Field team', 'department', ${rootUnit}) returning id`,
  );
  childUnit = Number(child?.id);
  await exec(
    tA,
    sql`insert into org_unit_members (tenant_id, unit_id, user_id) values (${tA}, ${childUnit}, ${s.fixtures.users.viewerA.id})`,
  );
});
afterAll(async () => {
  await s?.close();
});

const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.inject({ method, url, headers: auth(tok[who]), ...(payload ? { payload } : {}) });
const hmsg = (tenant: number, rest: string) => `/hmsg/v1/${tenant}/${rest}`;
const create = async (who: Who, tenant: number, payload: Record<string, unknown>) => {
  const res = await req(who, 'POST', hmsg(tenant, 'notices'), payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<Notice>(res);
};
const bellIds = async (who: Who, tenant: number) => {
  const res = await req(who, 'GET', hmsg(tenant, 'notices/page-details?page=0&size=50&endDate=2999-12-31'));
  expect(res.statusCode, res.body).toBe(200);
  return json<PageBody<Notice>>(res).content.map((n) => n.id);
};
const unread = async (who: Who, tenant: number) =>
  json<{ announce: number }>(await req(who, 'GET', hmsg(tenant, 'notices/unread-count'))).announce;
const latestId = async (who: Who, tenant: number) =>
  json<PageBody<Notice>>(await req(who, 'GET', hmsg(tenant, 'notices/page-details?size=0'))).content[0]?.id;
const inSeconds = (sec: number) => new Date(Date.now() + sec * 1000).toISOString();

describe('announcement audience', () => {
  it('a role-scoped announcement reaches that role only; others get 404 on its detail', async () => {
    const n = await create('adminA', tA, {
      title: 'Operators: spraying tomorrow',
      noticeBody: '<p>Wear masks</p>',
      audienceRoleIds: [role['farm-operator']],
      publish: true,
    });
    expect(n.audienceRoleIds).toEqual([role['farm-operator']]);
    expect(await bellIds('operatorA', tA)).toContain(n.id);
    expect(await latestId('operatorA', tA)).toBe(n.id);
    expect(await bellIds('viewerA', tA)).not.toContain(n.id);
    expect(await latestId('viewerA', tA)).not.toBe(n.id);
    expect(await unread('viewerA', tA)).toBe(0);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}`))).statusCode).toBe(404);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}/read-flag`))).statusCode).toBe(404);
    // readAll marks only what the caller sees.
    await req('viewerA', 'POST', hmsg(tA, 'messages/user/read-flag'), { readAll: 2 });
    const receipts = json<Readers>(await req('adminA', 'GET', hmsg(tA, `notices/${n.id}/readers`)));
    expect(receipts.audienceCount).toBe(1);
    expect(receipts.readCount).toBe(0);
    expect(receipts.content.map((r) => r.loginName)).toEqual(['operatorA']);
  });

  it('a unit addresses its staff and the staff of every unit under it', async () => {
    const n = await create('adminA', tA, {
      title: 'North farm meeting',
      noticeBody: '<p>At nine</p>',
      audienceUnitIds: [rootUnit],
      publish: true,
    });
    expect(await bellIds('viewerA', tA)).toContain(n.id);
    expect(await bellIds('operatorA', tA)).not.toContain(n.id);
    expect(await bellIds('adminA', tA)).not.toContain(n.id);
  });

  it('the picker offers the tenant’s roles and units to managers only', async () => {
    const res = await req('adminA', 'GET', hmsg(tA, 'notices/audience-options'));
    expect(res.statusCode, res.body).toBe(200);
    const o = json<{ roles: { id: number }[]; units: { id: number; parentId: number | null }[] }>(res);
    expect(o.roles.map((r) => r.id)).toContain(role['farm-operator']);
    expect(o.units).toContainEqual(expect.objectContaining({ id: childUnit, parentId: rootUnit }));
    expect((await req('viewerA', 'GET', hmsg(tA, 'notices/audience-options'))).statusCode).toBe(403);
    const b = json<{ roles: { id: number }[] }>(
      await req('adminB', 'GET', hmsg(tB, 'notices/audience-options')),
    );
    expect(b.roles.map((r) => r.id)).not.toContain(role['farm-operator']);
  });

  it('unknown roles or units, and a scoped platform announcement, are 400 naming the field', async () => {
    const badRole = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      audienceRoleIds: [987654],
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain('audienceRoleIds');
    // Tenant B's role id is no role of tenant A.
    const [bRole] = await exec<{ id: string }>(tB, sql`select id from roles where tenant_id = ${tB} limit 1`);
    const foreign = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      audienceRoleIds: [Number(bRole?.id)],
    });
    expect(foreign.statusCode).toBe(400);
    const badUnit = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      audienceUnitIds: [987654],
    });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.body).toContain('audienceUnitIds');
    const platformScoped = await req('platform', 'POST', hmsg(0, 'notices'), {
      title: 't',
      noticeBody: 'b',
      audienceRoleIds: [1],
    });
    expect(platformScoped.statusCode).toBe(400);
    const badTime = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      publish: true,
      publishAt: 'tomorrow',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('publishAt');
    const tooFar = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      publish: true,
      publishAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    expect(tooFar.statusCode).toBe(400);
    const list = json<PageBody<Notice>>(await req('adminA', 'GET', hmsg(tA, 'notices?size=100&title=t')));
    expect(list.content.filter((n) => n.title === 't')).toEqual([]);
  });
});

describe('scheduled publishing', () => {
  it('not due: hidden from readers, even with a far endDate; due: shown and published by the job once', async () => {
    const n = await create('adminA', tA, {
      title: 'Scheduled',
      noticeBody: '<p>later</p>',
      publish: true,
      publishAt: inSeconds(3600),
    });
    expect(n.statusCode).toBe('SCHEDULED');
    expect(await bellIds('viewerA', tA)).not.toContain(n.id);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}`))).statusCode).toBe(404);
    const scheduled = json<PageBody<Notice>>(
      await req('adminA', 'GET', hmsg(tA, 'notices?statusCode=SCHEDULED')),
    );
    expect(scheduled.content.map((x) => x.id)).toEqual([n.id]);

    // A scheduler made after a restart keeps no state of its own: the rows alone say what is due.
    const afterRestart = new NoticeScheduler(s.platform);
    expect(await afterRestart.tick(new Date())).toBe(0);
    expect(s.jobs.names()).toContain('notice-schedule');
    // Move it to a moment just ahead, then let it come due.
    const moved = await req('adminA', 'POST', hmsg(tA, `notices/${n.id}/schedule`), {
      publishAt: inSeconds(1),
      objectVersionNumber: n.objectVersionNumber,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const v2 = json<Notice>(moved);
    await new Promise((r) => setTimeout(r, 1200));
    // Readers see it at its time, before the job has run.
    expect(await bellIds('viewerA', tA)).toContain(n.id);
    expect(json<Notice>(await req('adminA', 'GET', hmsg(tA, `notices/${n.id}`))).statusCode).toBe(
      'PUBLISHED',
    );
    const [ticks1, ticks2] = await Promise.all([afterRestart.tick(), new NoticeScheduler(s.platform).tick()]);
    expect((ticks1 ?? 0) + (ticks2 ?? 0)).toBe(1);
    expect(await afterRestart.tick()).toBe(0);
    const stored = await exec<{ status_code: string }>(
      tA,
      sql`select status_code from notices where id = ${n.id}`,
    );
    expect(stored[0]?.status_code).toBe('PUBLISHED');
    // The job's change makes an edit from the old version stale.
    const stale = await req('adminA', 'PUT', hmsg(tA, `notices/${n.id}`), {
      title: 'x',
      noticeBody: 'y',
      objectVersionNumber: v2.objectVersionNumber,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('withdraw and read receipts', () => {
  it('withdrawn at once from bell, count, latest and detail; stale withdraw is 409', async () => {
    const n = await create('adminA', tA, { title: 'Water cut', noticeBody: '<p>Friday</p>', publish: true });
    expect(await latestId('viewerA', tA)).toBe(n.id);
    const before = await unread('viewerA', tA);
    const stale = await req('adminA', 'POST', hmsg(tA, `notices/${n.id}/withdraw`), {
      objectVersionNumber: 99,
    });
    expect(stale.statusCode).toBe(409);
    expect(await bellIds('viewerA', tA)).toContain(n.id);
    const w = await req('adminA', 'POST', hmsg(tA, `notices/${n.id}/withdraw`), {
      objectVersionNumber: n.objectVersionNumber,
    });
    expect(w.statusCode, w.body).toBe(200);
    expect(json<Notice>(w).statusCode).toBe('WITHDRAWN');
    expect(await bellIds('viewerA', tA)).not.toContain(n.id);
    expect(await latestId('viewerA', tA)).not.toBe(n.id);
    expect(await unread('viewerA', tA)).toBe(before - 1);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}`))).statusCode).toBe(404);
    const again = await req('adminA', 'POST', hmsg(tA, `notices/${n.id}/withdraw`), {
      objectVersionNumber: json<Notice>(w).objectVersionNumber,
    });
    expect(again.statusCode).toBe(409);
    // Published again, it is back.
    expect((await req('adminA', 'POST', hmsg(tA, `notices/${n.id}/publish`))).statusCode).toBe(200);
    expect(await bellIds('viewerA', tA)).toContain(n.id);
  });

  it('who read: the audience with read time and counts; the list shows "read / audience"', async () => {
    const n = await create('adminA', tA, { title: 'Harvest plan', noticeBody: '<p>see</p>', publish: true });
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}/read-flag`))).statusCode).toBe(200);
    const r = json<Readers>(await req('adminA', 'GET', hmsg(tA, `notices/${n.id}/readers?page=0&size=10`)));
    expect(r.audienceCount).toBe(3);
    expect(r.readCount).toBe(1);
    expect(r.content[0]).toMatchObject({ loginName: 'viewerA', readFlag: 1 });
    expect(r.content[0]?.readDate).toBeTruthy();
    expect(r.content.slice(1).every((x) => x.readFlag === 0 && x.readDate === null)).toBe(true);
    const unreadOnly = json<Readers>(
      await req('adminA', 'GET', hmsg(tA, `notices/${n.id}/readers?readFlag=0`)),
    );
    expect(unreadOnly.content.map((x) => x.loginName).sort()).toEqual(['adminA', 'operatorA']);
    const list = json<PageBody<Notice>>(await req('adminA', 'GET', hmsg(tA, 'notices?title=Harvest')));
    expect(list.content[0]).toMatchObject({ readCount: 1, audienceCount: 3 });
    // Readers themselves get no counts, other tenants nothing, and the receipts need a manager code.
    expect(json<Notice>(await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}`))).readCount).toBe(0);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${n.id}/readers`))).statusCode).toBe(403);
    expect((await req('adminB', 'GET', hmsg(tB, `notices/${n.id}/readers`))).statusCode).toBe(404);
    expect(
      (await req('adminB', 'POST', hmsg(tB, `notices/${n.id}/withdraw`), { objectVersionNumber: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await bellIds('adminB', tB)).not.toContain(n.id);
  });

  it('a platform announcement reaches every tenant; the platform sees who read it in any tenant', async () => {
    const p = await create('platform', 0, {
      title: 'Platform upgrade',
      noticeBody: '<p>Sunday</p>',
      publish: true,
    });
    expect(await bellIds('adminB', tB)).toContain(p.id);
    expect((await req('adminB', 'GET', hmsg(tB, `notices/${p.id}/read-flag`))).statusCode).toBe(200);
    const r = json<Readers>(await req('platform', 'GET', hmsg(0, `notices/${p.id}/readers?readFlag=1`)));
    expect(r.readCount).toBe(1);
    expect(r.content.map((x) => x.loginName)).toEqual(['adminB']);
    expect(r.audienceCount).toBeGreaterThanOrEqual(5);
  });

  it('filters by status and date range; hostile HTML is stripped on edit too', async () => {
    const d = await create('adminA', tA, { title: 'Draft <b>x</b>', noticeBody: '<p>a</p>' });
    const byStatus = json<PageBody<Notice>>(await req('adminA', 'GET', hmsg(tA, 'notices?statusCode=DRAFT')));
    expect(byStatus.content.map((x) => x.id)).toEqual([d.id]);
    const old = json<PageBody<Notice>>(
      await req('adminA', 'GET', hmsg(tA, 'notices?dateFrom=2000-01-01&dateTo=2000-12-31')),
    );
    expect(old.totalElements).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const recent = json<PageBody<Notice>>(
      await req('adminA', 'GET', hmsg(tA, `notices?dateFrom=${today}&statusCode=PUBLISHED&size=50`)),
    );
    expect(recent.totalElements).toBeGreaterThan(2);
    expect((await req('adminA', 'GET', hmsg(tA, 'notices?dateFrom=soon'))).statusCode).toBe(400);
    const edited = await req('adminA', 'PUT', hmsg(tA, `notices/${d.id}`), {
      title: 'Draft',
      noticeBody:
        '<p>ok</p><img src=x onerror=alert(1)><svg onload=alert(1)></svg><a href="javascript:x">l</a>',
      objectVersionNumber: d.objectVersionNumber,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = json<Notice>(edited).noticeContent.noticeBody;
    for (const bad of ['onerror', 'svg', 'onload', 'javascript:', 'alert']) expect(body).not.toContain(bad);
    // Deleting a draft leaves no trace.
    expect((await req('adminA', 'DELETE', hmsg(tA, `notices/${d.id}`))).statusCode).toBe(200);
    expect((await req('adminA', 'GET', hmsg(tA, `notices/${d.id}`))).statusCode).toBe(404);
  });
});

describe('demo announcements', () => {
  it('seeds a read tenant-wide one with a file, a role-scoped one, a scheduled one and a draft, once', async () => {
    const before = await unread('viewerA', tA);
    expect(await seedDemoNotices(s.platform, tA, s.fixtures.users.adminA.id)).toBe(true);
    expect(await seedDemoNotices(s.platform, tA, s.fixtures.users.adminA.id)).toBe(false);
    const all = json<PageBody<Notice>>(await req('adminA', 'GET', hmsg(tA, 'notices?size=100&title=/')));
    expect(all.content.map((n) => n.statusCode).sort()).toEqual([
      'DRAFT',
      'PUBLISHED',
      'PUBLISHED',
      'SCHEDULED',
    ]);
    // Members have read the tenant-wide one already: their unread counts do not move.
    expect(await unread('viewerA', tA)).toBe(before);
    const wide = all.content.find((n) => n.title.startsWith('春耕'));
    // … all but the holders of the role-scoped one's role (here farm-operator: no base-inspector role).
    expect(wide?.readCount).toBe((wide?.audienceCount ?? 0) - 1);
    expect(all.content.find((n) => n.audienceRoleIds.length > 0)?.audienceRoleIds).toEqual([
      role['farm-operator'],
    ]);
    const detail = json<Notice & { attachments: { fileUrl: string; fileName: string }[] }>(
      await req('viewerA', 'GET', hmsg(tA, `notices/${wide?.id}`)),
    );
    expect(detail.attachments.map((a) => a.fileName)).toEqual(['春耕备耕安排.txt']);
    const file = await req('viewerA', 'GET', detail.attachments[0]?.fileUrl ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Spring planting plan');
    // The newest announcement a member sees is not one of these back-dated ones.
    const latest = await latestId('viewerA', tA);
    expect(all.content.map((n) => n.id)).not.toContain(latest);
  });
});
