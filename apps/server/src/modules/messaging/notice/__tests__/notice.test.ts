import type { Page as PageBody } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

interface NoticeBody {
  noticeId: number;
  id: number;
  title: string;
  publishedDate: string | null;
  publishedByUser: string | null;
  readFlag: number;
  attachmentUuid: string | null;
  platformFlag: boolean;
  statusCode?: string;
  objectVersionNumber?: number;
  attachments?: { fileUrl: string; fileName: string }[];
  noticeContent: { noticeBody: string };
}
interface Counts {
  announce: number;
  notify: number;
  approve: number;
}

let s: TestServer;
let tA: number;
let tB: number;
const tok = { adminA: '', operatorA: '', viewerA: '', adminB: '', platform: '' };
type Who = keyof typeof tok;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  for (const who of Object.keys(tok) as Who[]) tok[who] = await login(s, who);
});
afterAll(async () => {
  await s?.close();
});

const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.inject({ method, url, headers: auth(tok[who]), ...(payload ? { payload } : {}) });
const hmsg = (tenant: number, rest: string) => `/hmsg/v1/${tenant}/${rest}`;

const createNotice = async (who: Who, tenant: number, payload: Record<string, unknown>) => {
  const res = await req(who, 'POST', hmsg(tenant, 'notices'), payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<NoticeBody>(res);
};
const pageOf = async (who: Who, tenant: number, query = 'page=0&size=10') => {
  const res = await req(who, 'GET', hmsg(tenant, `notices/page-details?${query}`));
  expect(res.statusCode, res.body).toBe(200);
  return json<PageBody<NoticeBody>>(res);
};
const counts = async (who: Who, tenant: number) =>
  json<Counts>(await req(who, 'GET', hmsg(tenant, 'notices/unread-count')));

describe('announcements', () => {
  let noticeA: NoticeBody;
  let platformNotice: NoticeBody;
  let noticeB: NoticeBody;

  it('managers publish; bodies are sanitised on write', async () => {
    noticeA = await createNotice('adminA', tA, {
      title: '  Farm A maintenance ',
      noticeBody:
        '<p onclick="steal()">Hello <b>A</b><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
        '<iframe src="https://evil.example"></iframe><img src="x.png" onerror="alert(2)"></p><style>p{}</style>',
      publish: true,
    });
    expect(noticeA.title).toBe('Farm A maintenance');
    expect(noticeA.statusCode).toBe('PUBLISHED');
    expect(noticeA.publishedByUser).toBe('adminA');
    const body = noticeA.noticeContent.noticeBody;
    expect(body).toContain('Hello <b>A</b>');
    expect(body).toContain('<img src="x.png" />');
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'style', 'alert']) {
      expect(body).not.toContain(bad);
    }
    platformNotice = await createNotice('platform', 0, {
      title: 'Platform news',
      noticeBody: '<p>all</p>',
      publish: true,
    });
    expect(platformNotice.platformFlag).toBe(true);
    noticeB = await createNotice('adminB', tB, { title: 'Farm B only', noticeBody: 'b', publish: true });
  });

  it('a tenant sees its own and the platform’s announcements, never another tenant’s', async () => {
    const a = await pageOf('viewerA', tA);
    const idsA = a.content.map((n) => n.id);
    expect(idsA).toEqual([platformNotice.id, noticeA.id]);
    expect(a.totalElements).toBe(2);
    expect(a.content.every((n) => n.readFlag === 0)).toBe(true);
    const b = await pageOf('adminB', tB);
    expect(b.content.map((n) => n.id)).toEqual([noticeB.id, platformNotice.id]);
    expect((await req('adminB', 'GET', hmsg(tB, `notices/${noticeA.id}`))).statusCode).toBe(404);
    expect((await req('adminB', 'GET', hmsg(tB, `notices/${noticeA.id}/read-flag`))).statusCode).toBe(404);
    expect((await req('adminB', 'DELETE', hmsg(tB, `notices/${noticeA.id}`))).statusCode).toBe(404);
    expect((await req('adminB', 'GET', hmsg(tA, 'notices/page-details'))).statusCode).toBe(403);
    // The platform's announcement cannot be changed from inside a tenant.
    expect((await req('adminA', 'DELETE', hmsg(tA, `notices/${platformNotice.id}`))).statusCode).toBe(404);
  });

  it('size 0 answers only the newest one; endDate hides later ones', async () => {
    const latest = await pageOf(
      'viewerA',
      tA,
      'page=1&size=0&statusCode=PUBLISHED&receiverTypeCode=ANNOUNCE',
    );
    expect(latest.content.map((n) => n.id)).toEqual([platformNotice.id]);
    const old = await pageOf('viewerA', tA, 'page=0&size=10&endDate=2000-01-01');
    expect(old.content).toEqual([]);
    const today = await pageOf(
      'viewerA',
      tA,
      'page=0&size=10&noticeCategoryCode=CLOUDFARM&endDate=2999-12-31 23:59:59',
    );
    expect(today.totalElements).toBe(2);
    expect((await req('viewerA', 'GET', hmsg(tA, 'notices/page-details?endDate=nonsense'))).statusCode).toBe(
      400,
    );
  });

  it('read-flag marks one read and the unread count drops', async () => {
    expect(await counts('viewerA', tA)).toEqual({ announce: 2, notify: 0, approve: 0 });
    const res = await req('viewerA', 'GET', hmsg(tA, `notices/${platformNotice.id}/read-flag`));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ noticeId: platformNotice.id, readFlag: 1 });
    expect((await counts('viewerA', tA)).announce).toBe(1);
    const unread = await pageOf('viewerA', tA, 'size=10&readFlag=0');
    expect(unread.content.map((n) => n.id)).toEqual([noticeA.id]);
    // An empty readFlag is the console's 'all'.
    expect((await pageOf('viewerA', tA, 'size=10&readFlag=&statusCode=&endDate=')).totalElements).toBe(2);
    const read = await pageOf('viewerA', tA, 'size=10&readFlag=1');
    expect(read.content.map((n) => [n.id, n.readFlag])).toEqual([[platformNotice.id, 1]]);
    // Read state is per reader: tenant B's reader still has it unread.
    expect((await counts('adminB', tB)).announce).toBe(2);
  });

  it('readAll 2 marks every announcement read for the caller only', async () => {
    const res = await req('viewerA', 'POST', hmsg(tA, 'messages/user/read-flag'), { readAll: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ count: 1 });
    expect((await counts('viewerA', tA)).announce).toBe(0);
    expect((await counts('operatorA', tA)).announce).toBe(2);
  });

  it('drafts are hidden until published and need the manager codes', async () => {
    const draft = await createNotice('adminA', tA, { title: 'Draft', noticeBody: '<p>soon</p>' });
    expect(draft.statusCode).toBe('DRAFT');
    expect(draft.publishedDate).toBeNull();
    expect((await pageOf('viewerA', tA)).totalElements).toBe(2);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${draft.id}`))).statusCode).toBe(404);
    expect((await req('adminA', 'GET', hmsg(tA, `notices/${draft.id}`))).statusCode).toBe(200);
    const manage = json<PageBody<NoticeBody>>(
      await req('adminA', 'GET', hmsg(tA, 'notices?statusCode=DRAFT')),
    );
    expect(manage.content.map((n) => n.id)).toEqual([draft.id]);
    expect((await req('viewerA', 'GET', hmsg(tA, 'notices'))).statusCode).toBe(403);
    expect(
      (await req('viewerA', 'POST', hmsg(tA, 'notices'), { title: 'x', noticeBody: 'y' })).statusCode,
    ).toBe(403);
    expect((await req('operatorA', 'POST', hmsg(tA, `notices/${draft.id}/publish`))).statusCode).toBe(403);

    const stale = await req('adminA', 'PUT', hmsg(tA, `notices/${draft.id}`), {
      title: 'Draft 2',
      noticeBody: '<p>soon</p>',
      objectVersionNumber: 99,
    });
    expect(stale.statusCode).toBe(409);
    const edited = await req('adminA', 'PUT', hmsg(tA, `notices/${draft.id}`), {
      title: 'Draft 2',
      noticeBody: '<p>soon<script>x</script></p>',
      objectVersionNumber: draft.objectVersionNumber,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<NoticeBody>(edited).noticeContent.noticeBody).toBe('<p>soon</p>');
    const empty = await req('adminA', 'PUT', hmsg(tA, `notices/${draft.id}`), {
      title: 'Draft 2',
      noticeBody: '<script>x</script>',
      objectVersionNumber: 2,
    });
    expect(empty.statusCode).toBe(400);

    const published = await req('adminA', 'POST', hmsg(tA, `notices/${draft.id}/publish`));
    expect(published.statusCode).toBe(200);
    expect(json<NoticeBody>(published).statusCode).toBe('PUBLISHED');
    expect((await req('adminA', 'POST', hmsg(tA, `notices/${draft.id}/publish`))).statusCode).toBe(409);
    const latest = await pageOf('viewerA', tA, 'size=0');
    expect(latest.content[0]?.id).toBe(draft.id);
    expect(latest.content[0]?.readFlag).toBe(0);

    expect((await req('adminA', 'DELETE', hmsg(tA, `notices/${draft.id}`))).statusCode).toBe(200);
    expect((await req('viewerA', 'GET', hmsg(tA, `notices/${draft.id}`))).statusCode).toBe(404);
  });

  it('strict bodies: unknown fields and over-long titles are 400', async () => {
    const extra = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 't',
      noticeBody: 'b',
      tenantId: 0,
    });
    expect(extra.statusCode).toBe(400);
    const long = await req('adminA', 'POST', hmsg(tA, 'notices'), {
      title: 'x'.repeat(201),
      noticeBody: 'b',
    });
    expect(long.statusCode).toBe(400);
    const badRead = await req('viewerA', 'POST', hmsg(tA, 'messages/user/read-flag'), { readAll: 5 });
    expect(badRead.statusCode).toBe(400);
    const none = await req('viewerA', 'POST', hmsg(tA, 'messages/user/read-flag'), {});
    expect(none.statusCode).toBe(400);
  });
});
