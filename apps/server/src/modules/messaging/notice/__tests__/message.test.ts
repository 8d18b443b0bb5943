import type { Page as PageBody } from '@tilth/contracts';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../platform/http/context.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { NotificationService } from '../message.service.js';

interface MessageBody {
  userMessageId: number;
  subject: string;
  content: string;
  publishedDate: string;
  readFlag: number;
}

let s: TestServer;
let tA: number;
let tB: number;
const tok = { viewerA: '', operatorA: '', adminB: '' };
type Who = keyof typeof tok;

/** What another module's service would hand over: a ctx in the tenant, here from a background job. */
const notify = (tenantId: number, userIds: number[], subject: string, content: string) =>
  s.platform.database.withTenant(tenantId, (db) => {
    const ctx: Ctx = {
      user: null,
      tenantId,
      lang: 'zh-CN',
      timeZone: DEFAULT_TIME_ZONE,
      db,
      permissions: new Set(),
      log: s.app.log,
      transact: (fn) => fn(db),
    };
    return NotificationService.notify(ctx, { userIds, subject, content });
  });

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  for (const who of Object.keys(tok) as Who[]) tok[who] = await login(s, who);
});
afterAll(async () => {
  await s?.close();
});

const get = (who: Who, url: string) => s.inject({ method: 'GET', url, headers: auth(tok[who]) });
const post = (who: Who, url: string, payload: object) =>
  s.inject({ method: 'POST', url, headers: auth(tok[who]), payload });
const m = (tenant: number, rest: string) => `/hmsg/v1/${tenant}/messages/user${rest}`;
const count = async (who: Who, tenant: number) =>
  json<{ count: number }>(await get(who, m(tenant, '/count'))).count;

describe('notifications', () => {
  const viewer = () => s.fixtures.users.viewerA.id;
  const operator = () => s.fixtures.users.operatorA.id;
  let ids: number[] = [];

  it('notify writes one message per user, cleaned', async () => {
    ids = await notify(
      tA,
      [viewer(), viewer(), operator()],
      'Pump alarm',
      '<b>Pump 3</b><script>x()</script>',
    );
    expect(ids).toHaveLength(2);
    await notify(tA, [viewer()], 'Second', 'two');
    await notify(tA, [viewer()], 'Third', 'three');
  });

  it('lists only the caller’s messages, newest first', async () => {
    const res = await get('viewerA', m(tA, '?page=0&size=10&withContent=1&userMessageTypeCode=NOTICE'));
    expect(res.statusCode, res.body).toBe(200);
    const page = json<PageBody<MessageBody>>(res);
    expect(page.totalElements).toBe(3);
    expect(page.content.map((x) => x.subject)).toEqual(['Third', 'Second', 'Pump alarm']);
    expect(page.content[2]?.content).toBe('<b>Pump 3</b>');
    const op = json<PageBody<MessageBody>>(await get('operatorA', m(tA, '?size=10')));
    expect(op.content.map((x) => x.subject)).toEqual(['Pump alarm']);
    const noContent = json<PageBody<MessageBody>>(await get('viewerA', m(tA, '?size=10&withContent=0')));
    expect(noContent.content.every((x) => x.content === '')).toBe(true);
    const b = json<PageBody<MessageBody>>(await get('adminB', m(tB, '?size=10')));
    expect(b.totalElements).toBe(0);
  });

  it('detail marks read; another user’s message is not found', async () => {
    expect(await count('viewerA', tA)).toBe(3);
    const mine = json<PageBody<MessageBody>>(await get('viewerA', m(tA, '?size=1'))).content[0];
    if (!mine) throw new Error('no message');
    const detail = await get('viewerA', m(tA, `/${mine.userMessageId}`));
    expect(detail.statusCode).toBe(200);
    expect(json<MessageBody>(detail).readFlag).toBe(1);
    expect(await count('viewerA', tA)).toBe(2);
    const opMsg = json<PageBody<MessageBody>>(await get('operatorA', m(tA, '?size=1'))).content[0];
    expect((await get('viewerA', m(tA, `/${opMsg?.userMessageId}`))).statusCode).toBe(404);
    expect((await get('adminB', m(tB, `/${opMsg?.userMessageId}`))).statusCode).toBe(404);
    const unread = json<PageBody<MessageBody>>(await get('viewerA', m(tA, '?size=10&readFlag=0')));
    expect(unread.totalElements).toBe(2);
  });

  it('read-flag by ids touches only the caller’s messages; readAll 3 clears the rest', async () => {
    const opMsg = json<PageBody<MessageBody>>(await get('operatorA', m(tA, '?size=1'))).content[0];
    const foreign = await post('viewerA', m(tA, '/read-flag'), { userMessageIds: [opMsg?.userMessageId] });
    expect(json(foreign)).toEqual({ count: 0 });
    expect(await count('operatorA', tA)).toBe(1);
    const unread = json<PageBody<MessageBody>>(await get('viewerA', m(tA, '?size=10&readFlag=0'))).content;
    const one = await post('viewerA', m(tA, '/read-flag'), { userMessageIds: [unread[0]?.userMessageId] });
    expect(json(one)).toEqual({ count: 1 });
    expect(await count('viewerA', tA)).toBe(1);
    const all = await post('viewerA', m(tA, '/read-flag'), { readAll: 3 });
    expect(json(all)).toEqual({ count: 1 });
    expect(await count('viewerA', tA)).toBe(0);
    expect(await count('operatorA', tA)).toBe(1);
    const counts = await get('operatorA', `/hmsg/v1/${tA}/notices/unread-count`);
    expect(json(counts)).toEqual({ announce: 0, notify: 1, approve: 0 });
  });
});
