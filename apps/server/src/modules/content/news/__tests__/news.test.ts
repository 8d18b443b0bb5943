import type { NewsCategory, NewsList, NewsPage } from '@tilth/contracts/news.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, today } from '../../../../platform/time/zone.js';
import { auth, json } from '../../../../test/harness.js';
import { createTenant } from '../../../demo/seed.helpers.js';
import { contentArticleReads } from '../news.tables.js';
import { type ArticleSeed, type NewsHarness, newsHarness } from './news-helpers.js';

let h: NewsHarness;
const ids: Record<string, number> = {};
let tech = 0;
let rice = 0;
let pests = 0;
let tenantC = 0;
const HIDDEN = [
  '草稿',
  '审核中',
  '已撤回',
  '定时未到',
  '重新定时',
  '已停用',
  '未来发布',
  '其他类型',
  'B 的资讯',
];

beforeAll(async () => {
  h = await newsHarness();
  const { tA, tB } = h;
  tech = await h.category(tA, '种植技术');
  rice = await h.category(tA, '水稻', tech);
  pests = await h.category(tA, '病虫害');
  const off = await h.category(tA, '停用分类', null, 0);
  for (let i = 1; i <= 25; i += 1)
    ids[`种植 ${i}`] = await h.article(tA, { title: `种植 ${i}`, categoryId: tech });
  for (const t of ['水稻 1', '水稻 2']) ids[t] = await h.article(tA, { title: t, categoryId: rice });
  ids.稻飞虱 = await h.article(tA, { title: '稻飞虱', categoryId: pests, carouselFlag: 1 });
  ids.二化螟 = await h.article(tA, { title: '二化螟', categoryId: pests, articleSource: null });
  ids['轮播 1'] = await h.article(tA, { title: '轮播 1', carouselFlag: 1, categoryId: off });
  ids['轮播 2'] = await h.article(tA, { title: '轮播 2', carouselFlag: 1 });
  // Scheduled and already due (the publishing job may not have run yet): live.
  ids.定时已到 = await h.article(tA, {
    title: '定时已到',
    status: 'scheduled',
    publishAt: new Date(Date.now() - 60_000),
  });
  const hidden = async (title: string, a: Omit<ArticleSeed, 'title'>) => {
    ids[title] = await h.article(tA, { title, carouselFlag: 1, categoryId: tech, ...a });
  };
  await hidden('草稿', { status: 'draft' });
  await hidden('审核中', { status: 'review' });
  await hidden('已撤回', { status: 'withdrawn', uploadDate: new Date(Date.now() - 3_600_000) });
  await hidden('定时未到', { status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000) });
  // Withdrawn after going live, then scheduled again: its old release time must not make it live.
  await hidden('重新定时', {
    status: 'scheduled',
    uploadDate: new Date(Date.now() - 86_400_000),
    publishAt: new Date(Date.now() + 3_600_000),
  });
  await hidden('已停用', { enabledFlag: 0 });
  await hidden('未来发布', { uploadDate: new Date(Date.now() + 3_600_000) });
  await hidden('其他类型', { defaultType: 2 });
  ids['B 的资讯'] = await h.article(tB, { title: 'B 的资讯', carouselFlag: 1 });
  tenantC = await createTenant(h.s.platform.database, 'Farm C', { id: 103 });
});
afterAll(async () => {
  await h.s.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const LIVE_A = 25 + 2 + 2 + 2 + 1;
const titles = (l: NewsList) => l.list.map((i) => i.title);

describe('the news list (spec 03 §7), signed in', () => {
  it('latest: 10 newest live items of the tenant, with the total of live items', async () => {
    const l = await h.list('viewerA', 'valueType=2&size=10&page=1&enabledFlag=1&defaultType=1');
    expect(l.total).toBe(LIVE_A);
    expect(titles(l)).toEqual([
      '定时已到',
      '轮播 2',
      '轮播 1',
      '二化螟',
      '稻飞虱',
      '水稻 2',
      '水稻 1',
      '种植 25',
      '种植 24',
      '种植 23',
    ]);
    const first = l.list[3];
    expect(first).toMatchObject({ categoryName: '病虫害 (en)', articleSource: null, readTime: 0 });
    expect(first?.summary).toBe('二化螟 正文');
    expect(Date.parse(l.list[0]?.uploadDate ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('carousel: the live carousel items only', async () => {
    const l = await h.list('viewerA', 'valueType=3&size=10');
    expect(titles(l)).toEqual(['轮播 2', '轮播 1', '稻飞虱']);
    expect(l.total).toBe(3);
  });

  it('a category pages from 1 by 20, its sub-categories included, and the pages do not overlap', async () => {
    const p1 = await h.list('viewerA', `valueType=0&categoryId=${tech}&page=1`);
    const p2 = await h.list('viewerA', `valueType=0&categoryId=${tech}&page=2`);
    expect([p1.total, p1.list.length, p2.list.length]).toEqual([27, 20, 7]);
    expect(new Set([...titles(p1), ...titles(p2)]).size).toBe(27);
    expect(titles(p2).slice(-2)).toEqual(['种植 2', '种植 1']);
    const r = await h.list('viewerA', `valueType=0&categoryId=${rice}`);
    expect([r.total, titles(r)]).toEqual([2, ['水稻 2', '水稻 1']]);
    // No category: every live item; a page past the end is empty with the same total.
    const all = await h.list('viewerA', 'valueType=0&page=3&size=15');
    expect([all.total, all.list.length]).toEqual([LIVE_A, 2]);
    expect((await h.list('viewerA', 'valueType=0&page=9')).list).toEqual([]);
  });

  it('never lists drafts, items in review, withdrawn, not yet due, disabled, other types or other tenants', async () => {
    for (const vt of [0, 1, 2, 3]) {
      const l = await h.list('viewerA', `valueType=${vt}&size=100`);
      for (const t of HIDDEN) expect(titles(l)).not.toContain(t);
    }
    const b = await h.list('adminB', 'valueType=2', h.tB);
    expect(titles(b)).toEqual(['B 的资讯']);
  });

  it('the categories: the enabled tree in order, English names alongside', async () => {
    const res = await h.signedIn('viewerA', '/categories');
    const cats = json<NewsCategory[]>(res);
    expect(cats.map((c) => [c.categoryName, c.parentId])).toEqual([
      ['种植技术', null],
      ['水稻', tech],
      ['病虫害', null],
    ]);
  });

  it('refuses bad input with 400 naming the field, and callers outside the tenant', async () => {
    for (const [q, field] of [
      ['page=0', 'page'],
      ['valueType=5', 'valueType'],
      ['size=101', 'size'],
      ['categoryId=abc', 'categoryId'],
    ] as const) {
      const res = await h.signedIn('viewerA', `?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body).toContain(field);
    }
    const off = await h.signedIn('viewerA', '?enabledFlag=0');
    expect([off.statusCode, off.json().code]).toEqual([400, 'wfpf.news.enabledFlag']);
    const deep = await h.signedIn('viewerA', '?page=600&size=20');
    expect([deep.statusCode, deep.json().code]).toEqual([400, 'wfpf.news.pageTooDeep']);
    expect((await h.signedIn('adminB', '?valueType=2')).statusCode).toBe(403);
    const anon = await h.s.inject({ method: 'GET', url: `/wfpf/v1/${h.tA}/agriculture/news` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the detail and its read count', () => {
  it('answers the body, release time, source and category; hidden items answer the same 404', async () => {
    const d = await h.detail('viewerA', ids.稻飞虱 ?? 0);
    expect(d).toMatchObject({ title: '稻飞虱', content: '<p>稻飞虱 正文</p>', articleSource: '农技站' });
    expect(d.categoryName).toBe('病虫害 (en)');
    const missing = await h.signedIn('viewerA', '/99999999');
    expect(missing.statusCode).toBe(404);
    // Another defaultType is still a live article: the detail answers it (the lists filter by type).
    for (const t of HIDDEN.filter((x) => x !== '其他类型')) {
      const res = await h.signedIn('viewerA', `/${ids[t]}`);
      expect([t, res.statusCode, res.json()]).toEqual([t, 404, missing.json()]);
    }
  });

  it('counts once per reader per day, signed in or out, and again the next day', async () => {
    const id = ids.二化螟 ?? 0;
    expect((await h.detail('operatorA', id)).readTime).toBe(1);
    expect((await h.detail('operatorA', id)).readTime).toBe(1);
    expect((await h.detail('adminA', id)).readTime).toBe(2);
    // Signed out: one visitor is an address and a browser; the same pair again does not count.
    expect((await h.detail(null, id, '10.1.1.1', 'ua-1')).readTime).toBe(3);
    expect((await h.detail(null, id, '10.1.1.1', 'ua-1')).readTime).toBe(3);
    expect((await h.detail(null, id, '10.1.1.1', 'ua-2')).readTime).toBe(4);
    expect((await h.detail(null, id, '10.1.1.2', 'ua-1')).readTime).toBe(5);
    // The lists show the same count.
    const l = await h.list(null, 'valueType=2&size=10');
    expect(l.list.find((i) => i.consultId === id)?.readTime).toBe(5);
    // No address is stored: readers are user ids or keyed hashes.
    const keys = await h.s.platform.database.withTenant(h.tA, (tx) =>
      tx
        .select({ k: contentArticleReads.readerKey })
        .from(contentArticleReads)
        .where(eq(contentArticleReads.articleId, id)),
    );
    expect(keys).toHaveLength(5);
    for (const { k } of keys) expect(k).toMatch(/^(u:\d+|a:[A-Za-z0-9_-]{32})$/);
    expect(JSON.stringify(keys)).not.toContain('10.1.1');
    // The article list of /system/article shows the same count.
    const admin = await h.s.inject({
      method: 'GET',
      url: `/wfpf/v1/${h.tA}/content/articles/${id}`,
      headers: auth(await h.token('adminA')),
    });
    expect((admin.json() as { readCount: number }).readCount).toBe(5);
    // The next day the same readers count again (tokens are issued anew after the clock moves).
    vi.setSystemTime(Date.now() + 86_400_000);
    h.tokens.clear();
    expect((await h.detail('operatorA', id)).readTime).toBe(6);
    expect((await h.detail('operatorA', id)).readTime).toBe(6);
    expect((await h.detail(null, id, '10.1.1.1', 'ua-1')).readTime).toBe(7);
  });

  it('the hot list ranks by reads of the last 7 days, ties newest first, never a read older than that', async () => {
    const day = today(DEFAULT_TIME_ZONE);
    // 100 reads nine days ago: outside the window. 6 reads six days ago: inside.
    await h.pastReads(h.tA, ids['种植 3'] ?? 0, addDays(day, -9), 100);
    await h.pastReads(h.tA, ids['种植 5'] ?? 0, addDays(day, -6), 6);
    for (const u of ['adminA', 'operatorA', 'viewerA']) await h.detail(u, ids['水稻 1'] ?? 0);
    const hot = await h.list('viewerA', 'valueType=1&size=10');
    // Today's reads of the tests above count too (二化螟 5, 稻飞虱 1); then the unread, newest first.
    expect(titles(hot).slice(0, 5)).toEqual(['种植 5', '二化螟', '水稻 1', '稻飞虱', '定时已到']);
    expect(titles(hot)).not.toContain('种植 3');
    expect(hot.total).toBe(LIVE_A);
    expect(hot.list).toHaveLength(10);
    // Paging past the ranked items continues with the rest, newest first, no item twice.
    const p2 = await h.list('viewerA', 'valueType=1&size=10&page=2');
    const p4 = await h.list('viewerA', 'valueType=1&size=10&page=4');
    const every = [
      ...titles(hot),
      ...titles(p2),
      ...titles(await h.list('viewerA', 'valueType=1&size=10&page=3')),
      ...titles(p4),
    ];
    expect(every).toHaveLength(LIVE_A);
    expect(new Set(every).size).toBe(LIVE_A);
    // All-time counts still include the old reads.
    const old = await h.detail('viewerA', ids['种植 3'] ?? 0);
    expect(old.readTime).toBe(101);
  });

  it('an article scheduled a few seconds ahead appears at its time', async () => {
    const at = new Date(Date.now() + 3_000);
    const id = await h.article(h.tA, { title: '定时三秒', status: 'scheduled', publishAt: at });
    expect(titles(await h.list(null, 'valueType=2&size=10'))).not.toContain('定时三秒');
    expect((await h.pub(`/${id}`)).statusCode).toBe(404);
    vi.setSystemTime(at.getTime() + 1);
    const l = await h.list(null, 'valueType=2&size=10');
    expect(titles(l)[0]).toBe('定时三秒');
    expect(l.list[0]?.uploadDate).toBe(at.toISOString());
    expect((await h.pub(`/${id}`)).statusCode).toBe(200);
  });
});

describe('the public news calls (no sign-in)', () => {
  it('answer only the live items of the path tenant; no news is an empty list; an unknown tenant 404', async () => {
    const a = await h.list(null, 'valueType=0&size=100');
    for (const t of HIDDEN) expect(titles(a)).not.toContain(t);
    expect(titles(await h.list(null, 'valueType=3', h.tB))).toEqual(['B 的资讯']);
    expect(await h.list(null, 'valueType=2', tenantC)).toEqual({ list: [], total: 0 });
    expect(json(await h.pub('/categories', tenantC))).toEqual([]);
    for (const path of ['?valueType=2', '/categories', `/${ids['B 的资讯']}`]) {
      const res = await h.pub(path, 999_999);
      expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'wfpf.news.tenantNotFound']);
    }
    // Another tenant's item through this tenant's path: the same 404 as no item.
    const cross = await h.pub(`/${ids['B 的资讯']}`, h.tA);
    expect([cross.statusCode, cross.json().code]).toEqual([404, 'wfpf.news.notFound']);
    expect((await h.pub('/abc')).statusCode).toBe(400);
  });

  it('limits each client address: the 121st list in a minute answers 429, another visitor is served', async () => {
    for (let i = 0; i < 120; i += 1) {
      const res = await h.pub('?valueType=2&size=1', h.tA, '10.7.7.7');
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await h.pub('?valueType=2&size=1', h.tA, '10.7.7.7');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await h.pub('?valueType=2&size=1', h.tA, '10.7.7.8')).statusCode).toBe(200);
  });
});

describe('the generic page page/{id}', () => {
  it('renders a published article for any member, 404 when not published, and counts no read', async () => {
    const res = await h.signedIn('viewerA', `/page/${ids['轮播 2']}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = json<NewsPage>(res);
    expect(p).toMatchObject({ id: ids['轮播 2'], title: '轮播 2', content: '<p>轮播 2 正文</p>' });
    expect((await h.detail('viewerA', ids['轮播 2'] ?? 0)).readTime).toBe(1);
    for (const t of ['草稿', '定时未到', '重新定时', '已撤回']) {
      const r = await h.signedIn('viewerA', `/page/${ids[t]}`);
      expect([t, r.statusCode, r.json().code]).toEqual([t, 404, 'wfpf.news.pageNotFound']);
    }
    expect((await h.signedIn('adminB', `/page/${ids['轮播 2']}`)).statusCode).toBe(403);
  });
});
