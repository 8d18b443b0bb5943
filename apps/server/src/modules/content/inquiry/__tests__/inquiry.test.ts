import { randomUUID } from 'node:crypto';
import type { Inquiry, InquiryDashboard, InquiryDetail } from '@tilth/contracts/inquiry.types';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login } from '../../../../test/harness.js';
import { contentInquiries } from '../inquiry.tables.js';
import { fakeFile, type InquiryHarness, inquiryHarness } from './inquiry-helpers.js';

type PageBody = { content: Inquiry[]; totalElements: number };

let h: InquiryHarness;
beforeAll(async () => {
  h = await inquiryHarness();
});
afterAll(async () => {
  await h.s.close();
});

const mine = async (who: 'farmer' | 'farmer2' | 'farmerB' = 'farmer', tenant?: number) =>
  h.ok<PageBody>(who, 'GET', 'inquiries?scope=mine&size=50', undefined, tenant);

const refused = async (status: number, res: LightMyRequestResponse, text?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (text) expect(JSON.parse(res.body).message).toContain(text);
};

describe('asking', () => {
  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = (await mine()).totalElements;
    const body = { title: 'T', question: 'Q', cropId: h.ids.crop, landId: h.ids.land };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, title: '   ' }, 'title'],
      [{ ...body, cropId: 999_999 }, 'cropId'],
      [{ ...body, landId: h.ids.landB }, 'landId'],
      [{ ...body, landId: h.ids.land2, batchId: h.ids.batch }, 'batchId'],
      [{ ...body, urgency: 'panic' }, 'urgency'],
      [{ ...body, photoFileIds: Array.from({ length: 7 }, () => randomUUID()) }, 'photoFileIds'],
      [{ ...body, photoFileIds: [randomUUID()] }, 'photoFileIds'],
    ];
    for (const [payload, field] of bad)
      await refused(400, await h.call('farmer', 'POST', 'inquiries', payload), field);
    // Photos: only JPG/PNG, at most 10 MB, and only this tenant's uploads.
    const pdf = randomUUID();
    await fakeFile(h.s, h.tA, pdf, 'application/pdf', 1000);
    const huge = randomUUID();
    await fakeFile(h.s, h.tA, huge, 'image/png', 10 * 1024 * 1024 + 1);
    const foreign = await h.photo('adminB', h.tB);
    for (const [id, text] of [
      [pdf, 'JPG or PNG'],
      [huge, '10 MB'],
      [foreign, 'no such uploaded photo'],
    ] as const)
      await refused(400, await h.call('farmer', 'POST', 'inquiries', { ...body, photoFileIds: [id] }), text);
    expect((await mine()).totalElements).toBe(before);
  });

  it('lets only askers ask: the viewer gets 403', async () => {
    await refused(
      403,
      await h.call('viewer', 'POST', 'inquiries', { title: 'T', question: 'Q', cropId: 1, landId: 1 }),
    );
  });
});

describe('the thread: ask, ask back, reply, answer, close with a rating', () => {
  let q: InquiryDetail;
  it('asks with crop, plot, batch and a photo; the tenant experts are notified', async () => {
    const photo = await h.photo('farmer');
    q = await h.ask('farmer', { batchId: h.ids.batch, photoFileIds: [photo], urgency: 'urgent' });
    expect(q).toMatchObject({
      status: 'open',
      cropName: 'Tomato',
      landName: 'Plot 1',
      batchName: 'Spring tomatoes',
      urgency: 'urgent',
      audience: 'tenant',
      askerName: 'operatorA',
      firstResponseSeconds: null,
      objectVersionNumber: 1,
    });
    expect(q.photos).toHaveLength(1);
    const img = await h.call('farmer', 'GET', q.photos[0]?.fileUrl ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const note = (await h.notifications('expert', h.tA)).find((n) => n.subject.includes('Yellow leaves'));
    expect(note?.content).toContain(`/web/agriculture/expert-inquiry?id=${q.inquiryId}`);
    // The farmer is not told about their own question; the queue shows it to experts, oldest first.
    expect((await h.notifications('farmer', h.tA)).length).toBe(0);
    const queue = await h.ok<PageBody>('expert', 'GET', 'inquiries?scope=queue');
    expect(queue.content.map((x) => x.inquiryId)).toContain(q.inquiryId);
  });

  it('refuses answering to the farmer, and another farmer sees nothing of it', async () => {
    const body = { body: '<p>x</p>', objectVersionNumber: 1 };
    await refused(403, await h.call('farmer', 'POST', `inquiries/${q.inquiryId}/answer`, body));
    await refused(403, await h.call('farmer', 'GET', 'inquiries?scope=queue'));
    await refused(404, await h.call('farmer2', 'GET', `inquiries/${q.inquiryId}`));
    await refused(
      404,
      await h.call('farmer2', 'POST', `inquiries/${q.inquiryId}/reply`, {
        body: 'x',
        objectVersionNumber: 1,
      }),
    );
    expect((await mine('farmer2')).totalElements).toBe(0);
  });

  it('an ask-back waits for the farmer, who is notified; a stale version is 409 and changes nothing', async () => {
    const back = await h.ok('expert', 'POST', `inquiries/${q.inquiryId}/ask-back`, {
      body: '<p>Any spots on the <b>stems</b>?</p><script>alert(1)</script>',
      objectVersionNumber: 1,
    });
    expect(back.status).toBe('asked_back');
    expect(back.expertName).toBe('expertA');
    expect(back.firstResponseSeconds).not.toBeNull();
    expect(back.messages[0]?.body).not.toContain('<script');
    expect(back.messages[0]?.body).toContain('<b>stems</b>');
    const note = (await h.notifications('farmer', h.tA)).find((n) => n.subject.includes('asks you'));
    expect(note?.content).toContain(`expert-inquiry?id=${q.inquiryId}`);
    await refused(
      409,
      await h.call('expert', 'POST', `inquiries/${q.inquiryId}/answer`, {
        body: 'late',
        objectVersionNumber: 1,
      }),
    );
    const after = await h.ok('farmer', 'GET', `inquiries/${q.inquiryId}`);
    expect(after.messages).toHaveLength(1);
    q = after;
  });

  it("the farmer's reply goes back to the queue and to the expert's bell", async () => {
    const photo = await h.photo('farmer');
    const r = await h.ok('farmer', 'POST', `inquiries/${q.inquiryId}/reply`, {
      body: 'No spots on stems.',
      photoFileIds: [photo],
      objectVersionNumber: q.objectVersionNumber,
    });
    expect(r.status).toBe('open');
    expect(r.messages.at(-1)).toMatchObject({
      kind: 'reply',
      authorRole: 'farmer',
      body: 'No spots on stems.',
    });
    expect(r.messages.at(-1)?.photos).toHaveLength(1);
    expect((await h.notifications('expert', h.tA)).some((n) => n.subject.includes('replied'))).toBe(true);
    q = await h.ok('expert', 'POST', `inquiries/${q.inquiryId}/answer`, {
      body: '<p>Magnesium deficiency: spray 0.2% MgSO4.</p>',
      objectVersionNumber: r.objectVersionNumber,
    });
    expect(q.status).toBe('answered');
    expect((await h.notifications('farmer', h.tA)).some((n) => n.subject.includes('answered'))).toBe(true);
  });

  it('closing needs a rating from the farmer; then the expert is told and the thread is shut', async () => {
    const url = `inquiries/${q.inquiryId}/close`;
    await refused(
      400,
      await h.call('farmer', 'POST', url, { objectVersionNumber: q.objectVersionNumber }),
      'rating',
    );
    await refused(
      400,
      await h.call('farmer', 'POST', url, { rating: 6, objectVersionNumber: q.objectVersionNumber }),
      'rating',
    );
    // An expert may not close one the farmer answered just now.
    await refused(
      400,
      await h.call('expert', 'POST', url, { objectVersionNumber: q.objectVersionNumber }),
      '7 days',
    );
    const closed = await h.ok('farmer', 'POST', url, {
      rating: 4,
      comment: 'Worked',
      objectVersionNumber: q.objectVersionNumber,
    });
    expect(closed).toMatchObject({
      status: 'closed',
      rating: 4,
      ratingComment: 'Worked',
      closedBy: 'farmer',
    });
    expect(closed.resolutionSeconds).not.toBeNull();
    expect((await h.notifications('expert', h.tA)).some((n) => n.subject.includes('closed'))).toBe(true);
    await refused(
      400,
      await h.call('expert', 'POST', `inquiries/${q.inquiryId}/answer`, {
        body: 'x',
        objectVersionNumber: closed.objectVersionNumber,
      }),
      'closed',
    );
    const dash = await h.ok<InquiryDashboard>('expert', 'GET', 'inquiries/dashboard');
    expect(dash).toMatchObject({ myAnsweredCount: 1, averageRating: 4, ratedCount: 1 });
    expect(dash.averageFirstResponseSeconds).not.toBeNull();
    const answered = await h.ok<PageBody>('expert', 'GET', 'inquiries?scope=answered');
    expect(answered.content.map((x) => x.inquiryId)).toEqual([q.inquiryId]);
    await refused(403, await h.call('farmer', 'GET', 'inquiries/dashboard'));
  });

  it("an expert publishes the answer as a draft article without the farmer's identity", async () => {
    const url = `inquiries/${q.inquiryId}/publish-article`;
    await refused(403, await h.call('farmer', 'POST', url, {}));
    const made = await h.ok<{ articleId: number; editorPath: string; tenantId: number }>(
      'expert',
      'POST',
      url,
      {},
    );
    expect(made.editorPath).toBe(`/system/graphic-editor?id=${made.articleId}`);
    expect(made.tenantId).toBe(h.tA);
    const article = await h.ok<{ title: string; content: string; status: string }>(
      'admin',
      'GET',
      `/wfpf/v1/${h.tA}/content/articles/${made.articleId}`,
    );
    expect(article.title).toBe('Yellow leaves');
    expect(article.content).toContain('Magnesium deficiency');
    expect(article.content).not.toContain('operatorA');
    expect(article.status).toBe('draft');
    // Nothing answered yet: nothing to publish, and no article is made.
    const fresh = await h.ask('farmer', { title: 'Unanswered' });
    await refused(
      400,
      await h.call('expert', 'POST', `inquiries/${fresh.inquiryId}/publish-article`, {}),
      'no expert answer',
    );
  });

  it('an expert closes an inquiry the farmer left silent for 7 days, and the farmer is told', async () => {
    let s = await h.ask('farmer', { title: 'Silent one' });
    s = await h.ok('expert', 'POST', `inquiries/${s.inquiryId}/answer`, {
      body: 'Try this',
      objectVersionNumber: 1,
    });
    await h.s.platform.database.withTenant(h.tA, (tx) =>
      tx
        .update(contentInquiries)
        .set({ lastActivityAt: sql`now() - interval '8 days'` })
        .where(and(eq(contentInquiries.tenantId, h.tA), eq(contentInquiries.id, s.inquiryId))),
    );
    const c = await h.ok('expert', 'POST', `inquiries/${s.inquiryId}/close`, {
      comment: 'No news for a week',
      objectVersionNumber: s.objectVersionNumber,
    });
    expect(c).toMatchObject({ status: 'closed', closedBy: 'expert', rating: null });
    expect((await h.notifications('farmer', h.tA)).some((n) => n.subject.includes('Silent one'))).toBe(true);
  });
});

describe('tenancy and the platform expert pool', () => {
  let pooled: InquiryDetail;
  let local: InquiryDetail;
  let fromB: InquiryDetail;
  beforeAll(async () => {
    const photo = await h.photo('farmer');
    pooled = await h.ask('farmer', {
      title: 'Brown spots on fruit',
      audience: 'pool',
      photoFileIds: [photo],
    });
    local = await h.ask('farmer', { title: 'Only for our agronomist' });
    fromB = await h.ask('farmerB', { title: 'Rice blast?' }, h.tB);
  });

  it("another tenant sees nothing of tenant A's inquiries", async () => {
    await refused(403, await h.call('adminB', 'GET', `inquiries/${local.inquiryId}`));
    await refused(404, await h.call('adminB', 'GET', `inquiries/${local.inquiryId}`, undefined, h.tB));
    const all = await h.ok<PageBody>('adminB', 'GET', 'inquiries?scope=all&size=50', undefined, h.tB);
    expect(all.content.map((x) => x.title)).toEqual(['Rice blast?']);
    await refused(403, await h.call('expert', 'GET', 'inquiries?scope=all', undefined, h.tB));
  });

  it('pool experts are notified of pool inquiries and see only those, from every tenant', async () => {
    const note = (await h.notifications('pool', 0)).find((n) => n.subject.includes('Brown spots'));
    // The link is HTML: its ampersands are escaped as they must be.
    expect(note?.content).toContain(`pool=1&amp;askTenantId=${h.tA}&amp;id=${pooled.inquiryId}`);
    expect((await h.notifications('pool', 0)).some((n) => n.subject.includes('Only for our'))).toBe(false);
    const list = await h.ok<PageBody>('pool', 'GET', 'inquiry-pool?scope=all&size=50', undefined, 0);
    expect(list.content.map((x) => x.title)).toEqual(['Brown spots on fruit']);
    expect(list.totalElements).toBe(1);
    await refused(404, await h.call('pool', 'GET', `inquiry-pool/${h.tA}/${local.inquiryId}`, undefined, 0));
    await refused(404, await h.call('pool', 'GET', `inquiry-pool/${h.tB}/${fromB.inquiryId}`, undefined, 0));
    await refused(
      404,
      await h.call(
        'pool',
        'POST',
        `inquiry-pool/${h.tA}/${local.inquiryId}/answer`,
        { body: 'x', objectVersionNumber: 1 },
        0,
      ),
    );
    // The pool's photo route serves this inquiry's photos only; tenant routes of A stay closed to them.
    const detail = await h.ok('pool', 'GET', `inquiry-pool/${h.tA}/${pooled.inquiryId}`, undefined, 0);
    const img = await h.call('pool', 'GET', detail.photos[0]?.fileUrl ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Stored bytes are served inert, as every file route (security/file-serving.test.ts lists this one).
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(String(img.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const other = await h.photo('farmer');
    await refused(
      404,
      await h.call(
        'pool',
        'GET',
        `/wfpf/v1/0/agriculture/inquiry-pool/${h.tA}/${pooled.inquiryId}/photos/${other}`,
      ),
    );
    await refused(403, await h.call('pool', 'GET', `inquiries/${pooled.inquiryId}`));
    await refused(403, await h.call('pool', 'GET', pooled.photos[0]?.fileUrl ?? ''));
  });

  it('only experts of the platform tenant are in the pool', async () => {
    await refused(403, await h.call('expert', 'GET', 'inquiry-pool', undefined, 0));
    await refused(403, await h.call('expert', 'GET', 'inquiry-pool', undefined, h.tA), "platform's pool");
    await refused(403, await h.call('farmer', 'GET', 'inquiry-pool', undefined, 0));
  });

  it("a pool expert's answer is written in the farmer's tenant; the farmer's reply reaches the pool expert", async () => {
    const a = await h.ok(
      'pool',
      'POST',
      `inquiry-pool/${h.tA}/${pooled.inquiryId}/answer`,
      { body: '<p>Anthracnose: remove affected fruit.</p>', objectVersionNumber: 1 },
      0,
    );
    expect(a).toMatchObject({ status: 'answered', expertName: 'poolExpert' });
    const seen = await h.ok('farmer', 'GET', `inquiries/${pooled.inquiryId}`);
    expect(seen.messages[0]).toMatchObject({
      kind: 'answer',
      authorRole: 'expert',
      authorName: 'poolExpert',
    });
    expect((await h.notifications('farmer', h.tA)).some((n) => n.subject.includes('Brown spots'))).toBe(true);
    await h.ok('farmer', 'POST', `inquiries/${pooled.inquiryId}/reply`, {
      body: 'Thanks, what about the leaves?',
      objectVersionNumber: seen.objectVersionNumber,
    });
    const poolNotes = await h.notifications('pool', 0);
    expect(poolNotes.some((n) => n.subject.includes('replied') && n.content.includes('pool=1'))).toBe(true);
    const dash = await h.ok<InquiryDashboard>('pool', 'GET', 'inquiry-pool/dashboard', undefined, 0);
    expect(dash).toMatchObject({ queueCount: 1, myAnsweredCount: 1 });
    const answered = await h.ok<PageBody>('pool', 'GET', 'inquiry-pool?scope=answered', undefined, 0);
    expect(answered.content.map((x) => x.inquiryId)).toEqual([pooled.inquiryId]);
    // Published by the pool expert: a draft of the platform tenant, none in the farmer's.
    const made = await h.ok<{ articleId: number; tenantId: number }>(
      'pool',
      'POST',
      `inquiry-pool/${h.tA}/${pooled.inquiryId}/publish-article`,
      {},
      0,
    );
    expect(made.tenantId).toBe(0);
    const platform = await login(h.s, 'platform');
    const read = await h.s.inject({
      method: 'GET',
      url: `/wfpf/v1/0/content/articles/${made.articleId}`,
      headers: auth(platform),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(JSON.parse(read.body).content).toContain('Anthracnose');
  });
});
