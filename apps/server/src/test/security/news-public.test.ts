import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentArticles, contentCategories } from '../../modules/content/article/index.js';
import { startTestServer, type TestServer } from '../harness.js';
import { fillPath } from '../routes.js';

// The signed-out news routes (issue 19 item 3) against everything a tenant has that is not live news:
// whatever route, query or id a visitor tries, no draft, item in review, scheduled-not-due, withdrawn or
// disabled article, and nothing of another tenant, comes back; every one of these routes is rate limited.

let s: TestServer;
const MARK = 'SECRETNEWS';
const hiddenIds: number[] = [];
let liveA = 0;
let liveB = 0;
let catA = 0;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.platform.database;
  const A = s.fixtures.tenantA;
  const B = s.fixtures.tenantB;
  const past = new Date(Date.now() - 3_600_000);
  const future = new Date(Date.now() + 3_600_000);
  await db.withTenant(A, async (tx) => {
    const [c] = await tx
      .insert(contentCategories)
      .values({ tenantId: A, categoryName: '资讯' })
      .returning({ id: contentCategories.id });
    catA = c?.id ?? 0;
    const base = { tenantId: A, categoryId: catA, carouselFlag: 1, content: `<p>${MARK}</p>` };
    const rows = await tx
      .insert(contentArticles)
      .values([
        { ...base, title: `${MARK} draft`, status: 'draft' },
        { ...base, title: `${MARK} review`, status: 'review' },
        { ...base, title: `${MARK} rejected`, status: 'rejected' },
        { ...base, title: `${MARK} withdrawn`, status: 'withdrawn', uploadDate: past },
        { ...base, title: `${MARK} scheduled`, status: 'scheduled', publishAt: future },
        { ...base, title: `${MARK} disabled`, status: 'published', uploadDate: past, enabledFlag: 0 },
        { ...base, title: `${MARK} future`, status: 'published', uploadDate: future },
      ])
      .returning({ id: contentArticles.id });
    hiddenIds.push(...rows.map((r) => r.id));
    const [live] = await tx
      .insert(contentArticles)
      .values({ tenantId: A, categoryId: catA, title: 'A live', status: 'published', uploadDate: past })
      .returning({ id: contentArticles.id });
    liveA = live?.id ?? 0;
  });
  await db.withTenant(B, async (tx) => {
    const [live] = await tx
      .insert(contentArticles)
      .values({
        tenantId: B,
        title: `${MARK} of B`,
        status: 'published',
        uploadDate: past,
        carouselFlag: 1,
        content: `<p>${MARK}</p>`,
      })
      .returning({ id: contentArticles.id });
    liveB = live?.id ?? 0;
  });
});
afterAll(async () => {
  await s.close();
});

const newsRoutes = () =>
  s.routes.filter((r) => r.url.startsWith('/wfpf/v1/public/:tenantId/news') && r.method !== 'HEAD');

describe('public news routes', () => {
  it('are all rate limited per client address', () => {
    const routes = newsRoutes();
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/wfpf/v1/public/:tenantId/news',
      '/wfpf/v1/public/:tenantId/news/:consultId',
      '/wfpf/v1/public/:tenantId/news/:consultId/image/:fileId',
      '/wfpf/v1/public/:tenantId/news/categories',
    ]);
    for (const r of routes) expect(r.options.config?.rateLimit, r.url).toBeTruthy();
  });

  it("answer no byte of an article that is not live, nor of another tenant's, whatever is asked", async () => {
    const A = s.fixtures.tenantA;
    const queries = [''];
    for (const vt of [0, 1, 2, 3])
      for (const extra of ['', `&categoryId=${catA}`, '&size=100', '&page=2', '&enabledFlag=1'])
        queries.push(`?valueType=${vt}${extra}`);
    let checked = 0;
    for (const r of newsRoutes()) {
      const ids = r.url.includes(':consultId') ? [...hiddenIds, liveB] : [0];
      for (const id of ids)
        for (const q of r.url.includes(':consultId') ? [''] : queries) {
          const url = `${fillPath(r.url, A, { consultId: id, fileId: '00000000-0000-4000-8000-000000000000' })}${q}`;
          const res = await s.inject({ method: 'GET', url, remoteAddress: `10.66.${checked % 200}.1` });
          checked += 1;
          expect([200, 404], url).toContain(res.statusCode);
          expect(res.body, url).not.toContain(MARK);
        }
    }
    expect(checked).toBeGreaterThan(25);
    // The live article of A is there (the check above is not vacuous), and B's only under B's path.
    const a = await s.inject({ method: 'GET', url: `/wfpf/v1/public/${A}/news/${liveA}` });
    expect(a.statusCode).toBe(200);
    const b = await s.inject({ method: 'GET', url: `/wfpf/v1/public/${s.fixtures.tenantB}/news/${liveB}` });
    expect([b.statusCode, b.body.includes(MARK)]).toEqual([200, true]);
  });

  it('an unknown tenant answers 404 on every route, the same as a tenant id out of range answers 400', async () => {
    for (const r of newsRoutes()) {
      const res = await s.inject({
        method: 'GET',
        url: fillPath(r.url, 987_654, { consultId: liveA, fileId: '00000000-0000-4000-8000-000000000000' }),
      });
      expect([r.url, res.statusCode]).toEqual([r.url, 404]);
      const bad = await s.inject({
        method: 'GET',
        url: fillPath(r.url, 1, { consultId: liveA, fileId: '00000000-0000-4000-8000-000000000000' }).replace(
          '/1/',
          '/x/',
        ),
      });
      expect([r.url, bad.statusCode]).toEqual([r.url, 400]);
    }
  });
});
