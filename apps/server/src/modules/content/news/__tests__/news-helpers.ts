import type { NewsDetail, NewsList } from '@tilth/contracts/news.types';
import { expect } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { contentArticles, contentCategories } from '../../article/index.js';
import { contentArticleDayReads } from '../news.tables.js';

// Rows for the news tests, written straight into the article tables (helper "article" owns writing them
// through the API; the news calls only read them), and short-hands for the signed-in and public calls.

export interface ArticleSeed {
  title: string;
  status?: string;
  categoryId?: number | null;
  carouselFlag?: number;
  enabledFlag?: number;
  defaultType?: number;
  uploadDate?: Date | null;
  publishAt?: Date | null;
  content?: string;
  articleSource?: string | null;
  summary?: string | null;
  coverPicture?: string | null;
}

export const newsHarness = async () => {
  const s: TestServer = await startTestServer();
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const tokens = new Map<string, string>();
  const token = async (user: string) => {
    const t = tokens.get(user) ?? (await login(s, user));
    tokens.set(user, t);
    return t;
  };
  const db = s.platform.database;

  const category = async (tenantId: number, name: string, parentId: number | null = null, enabled = 1) => {
    const [r] = await db.withTenant(tenantId, (tx) =>
      tx
        .insert(contentCategories)
        .values({
          tenantId,
          categoryName: name,
          categoryEnName: `${name} (en)`,
          parentId,
          enabledFlag: enabled,
        })
        .returning({ id: contentCategories.id }),
    );
    return r?.id ?? 0;
  };

  let minute = 0;
  /** An article; published ones are released one minute apart, in the order they are made, in the past. */
  const article = async (tenantId: number, a: ArticleSeed) => {
    minute += 1;
    const status = a.status ?? 'published';
    const uploadDate =
      a.uploadDate !== undefined
        ? a.uploadDate
        : status === 'published'
          ? new Date(Date.now() - 86_400_000 + minute * 60_000)
          : null;
    const [r] = await db.withTenant(tenantId, (tx) =>
      tx
        .insert(contentArticles)
        .values({
          tenantId,
          title: a.title,
          status,
          categoryId: a.categoryId ?? null,
          carouselFlag: a.carouselFlag ?? 0,
          enabledFlag: a.enabledFlag ?? 1,
          defaultType: a.defaultType ?? 1,
          uploadDate,
          publishAt: a.publishAt ?? null,
          content: a.content ?? `<p>${a.title} 正文</p>`,
          articleSource: a.articleSource === undefined ? '农技站' : a.articleSource,
          summary: a.summary ?? null,
          coverPicture: a.coverPicture ?? null,
        })
        .returning({ id: contentArticles.id }),
    );
    return r?.id ?? 0;
  };

  /** Reads counted on an earlier day, written into the tally as the detail call would have. */
  const pastReads = (tenantId: number, articleId: number, readDay: string, reads: number) =>
    db.withTenant(tenantId, (tx) =>
      tx.insert(contentArticleDayReads).values({ tenantId, articleId, readDay, reads }),
    );

  const signedIn = async (user: string, path: string, tenantId = tA, lang = 'en-US') =>
    s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tenantId}/agriculture/news${path}`,
      headers: { ...auth(await token(user)), 'accept-language': lang },
    });
  const pub = (path: string, tenantId: number | string = tA, ip = '127.0.0.1', ua = 'test-browser') =>
    s.inject({
      method: 'GET',
      url: `/wfpf/v1/public/${tenantId}/news${path}`,
      remoteAddress: ip,
      headers: { 'user-agent': ua, 'accept-language': 'zh-CN' },
    });
  const list = async (user: string | null, query: string, tenantId = tA): Promise<NewsList> => {
    const res = user ? await signedIn(user, `?${query}`, tenantId) : await pub(`?${query}`, tenantId);
    expect(res.statusCode, res.body).toBe(200);
    return json<NewsList>(res);
  };
  const detail = async (user: string | null, id: number, ip?: string, ua?: string): Promise<NewsDetail> => {
    const res = user ? await signedIn(user, `/${id}`) : await pub(`/${id}`, tA, ip, ua);
    expect(res.statusCode, res.body).toBe(200);
    return json<NewsDetail>(res);
  };
  return { s, tA, tB, tokens, token, category, article, pastReads, signedIn, pub, list, detail };
};

export type NewsHarness = Awaited<ReturnType<typeof newsHarness>>;
