import type { ArticleListItem, Category, RevisionListItem } from '@tilth/contracts/article.types';
import type { Page } from '@tilth/contracts/common.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoArticles } from '../index.js';
import { type ArticleHarness, articleHarness } from './article-helpers.js';

// The demo articles the news page and /system/article show on `npm start`: four categories, a dozen
// published ones with covers over recent weeks, one scheduled, one draft with three revisions; once only.

let h: ArticleHarness;
beforeAll(async () => {
  h = await articleHarness();
});
afterAll(async () => {
  await h.s.close();
});

describe('demo articles', () => {
  it('seeds categories and articles in every state, once', async () => {
    expect(await seedDemoArticles(h.s.platform, h.tA, 'adminA')).toBe(14);
    expect(await seedDemoArticles(h.s.platform, h.tA, 'adminA')).toBe(0);
    const cats = await h.ok<Category[]>('admin', 'GET', 'categories');
    expect(cats.map((c) => [c.categoryName, c.categoryEnName])).toEqual([
      ['种植技术', 'Growing techniques'],
      ['病虫害防治', 'Pest and disease control'],
      ['市场行情', 'Market prices'],
      ['政策资讯', 'Policy news'],
    ]);
    const all = (await h.ok<Page<ArticleListItem>>('admin', 'GET', 'articles?size=0')).content;
    const by = (s: string) => all.filter((a) => a.status === s);
    expect(by('published')).toHaveLength(12);
    expect(by('scheduled')).toHaveLength(1);
    expect(by('draft')).toHaveLength(1);
    const published = by('published');
    expect(published.every((a) => a.coverPicture?.startsWith('/hfle/') && a.categoryId !== null)).toBe(true);
    expect(published.filter((a) => a.carouselFlag === 1).length).toBeGreaterThanOrEqual(3);
    // Spread over the last weeks, newest first in the list.
    const days = published.map((a) => Date.parse(a.uploadDate ?? ''));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(20 * 86_400_000);
    expect(days).toEqual([...days].sort((x, y) => y - x));
    const draft = by('draft')[0];
    const revs = await h.ok<RevisionListItem[]>('admin', 'GET', `articles/${draft?.id}/revisions`);
    expect(revs.map((r) => r.revision)).toEqual([3, 2, 1]);
    expect(Date.parse(by('scheduled')[0]?.publishAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('another tenant has none of them', async () => {
    const b = await h.ok<Page<ArticleListItem>>('adminB', 'GET', 'articles?size=0', undefined, h.tB);
    expect(b.totalElements).toBe(0);
  });
});
