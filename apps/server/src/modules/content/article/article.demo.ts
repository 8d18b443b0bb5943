import { Readable } from 'node:stream';
import sharp from 'sharp';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { findUserByLogin } from '../../identity/identity/index.js';
import { FileService } from '../../messaging/file/index.js';
import {
  DEMO_ARTICLES,
  DEMO_CATEGORIES,
  DEMO_DRAFT_REVISIONS,
  DEMO_SCHEDULED,
  type DemoArticle,
} from './article.demo.data.js';
import { ArticlePublishService } from './article.publish.js';
import { lockArticle, updateArticle } from './article.repository.js';
import { ArticleService } from './article.service.js';
import { siblingNamed } from './category.repository.js';
import { CategoryService } from './category.service.js';

// Demo articles (issue 19): four categories, a dozen published articles with covers over the last weeks
// (the news page's carousel, latest and tabs), one scheduled, one draft with three revisions. Made through
// the services, so they obey every rule an editor's do. Idempotent: nothing is made when the first
// category exists.

const DAY_MS = 86_400_000;

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Paragraphs → HTML: '## ' a heading, runs of '- ' a list. */
export const demoBody = (lines: readonly string[], image?: { src: string; alt: string }): string => {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((l) => `<li><p>${esc(l)}</p></li>`).join('')}</ul>`);
    list = [];
  };
  for (const [i, line] of lines.entries()) {
    if (line.startsWith('- ')) {
      list.push(line.slice(2));
      continue;
    }
    flush();
    out.push(line.startsWith('## ') ? `<h2>${esc(line.slice(3))}</h2>` : `<p>${esc(line)}</p>`);
    if (i === 0 && image) out.push(`<img src="${esc(image.src)}" alt="${esc(image.alt)}">`);
  }
  flush();
  return out.join('');
};

const cover = async (files: FileService, ctx: Ctx, a: DemoArticle, i: number): Promise<string> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="${a.colour}"/>
    <circle cx="560" cy="60" r="120" fill="#ffffff" fill-opacity="0.12"/>
    <text x="40" y="200" font-size="40" fill="#fff" font-family="sans-serif">${esc(a.label)}</text></svg>`;
  const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
  const view = await files.upload(ctx, {
    stream: Readable.from([jpg]),
    partFileName: `article-cover-${i}.jpg`,
    options: {},
  });
  return view.fileUrl;
};

/** The demo articles of `tenantId`; answers how many were made (0 when they exist already). */
export const seedDemoArticles = async (
  platform: Platform,
  tenantId: number,
  login = 'demo',
): Promise<number> => {
  const db = platform.database;
  const first = DEMO_CATEGORIES[0];
  if (!first) return 0;
  if (await db.withTenant(tenantId, (tx) => siblingNamed(tx, tenantId, null, first.name))) return 0;
  const user = await db.withTenant(tenantId, (tx) => findUserByLogin(tx, login));
  if (!user) return 0;
  const files = new FileService(platform.storage, platform.config);
  const outside = {
    ...demoAdminCtx(db.db, tenantId, user.id),
    transact: (fn) => db.withTenant(tenantId, fn),
  } as Ctx;
  const all = [...DEMO_ARTICLES, DEMO_SCHEDULED];
  const covers: string[] = [];
  for (const [i, a] of all.entries()) covers.push(await cover(files, outside, a, i));

  return db.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, user.id) as TenantCtx;
    const categories = new CategoryService();
    const articles = new ArticleService();
    const publishing = new ArticlePublishService();
    const ids = new Map<string, number>();
    for (const c of DEMO_CATEGORIES) {
      const made = await categories.create(ctx, {
        parentId: null,
        categoryName: c.name,
        categoryEnName: c.en,
      });
      ids.set(c.key, made.id);
    }
    const now = Date.now();
    let made = 0;
    for (const [i, a] of all.entries()) {
      const coverPicture = covers[i] ?? null;
      const draft = await articles.create(ctx, {
        title: a.title,
        categoryId: ids.get(a.category) ?? null,
        summary: a.summary,
        content: demoBody(a.body, i === 0 && coverPicture ? { src: coverPicture, alt: a.label } : undefined),
        coverPicture,
        label: a.label,
        articleSource: a.source,
        carouselFlag: a.carousel ? 1 : 0,
      });
      made += 1;
      if (a.daysAgo < 0) {
        const at = new Date(now - a.daysAgo * DAY_MS);
        await publishing.schedule(ctx, draft.id, {
          objectVersionNumber: draft.objectVersionNumber,
          publishAt: at.toISOString(),
        });
        continue;
      }
      await publishing.publish(ctx, draft.id, draft.objectVersionNumber);
      // Released on its demo day, an hour apart within the day so the order is stable.
      const row = await lockArticle(tx, tenantId, draft.id);
      if (row) {
        const at = new Date(now - a.daysAgo * DAY_MS - i * 3_600_000);
        await updateArticle(tx, tenantId, row.id, row.objectVersionNumber, user.id, {
          uploadDate: at,
          creationDate: at,
        });
      }
    }
    // The draft with three revisions (the history and diff to look at).
    const [r1, ...rest] = DEMO_DRAFT_REVISIONS;
    if (r1) {
      let d = await articles.create(ctx, {
        title: r1.title,
        categoryId: ids.get('tech') ?? null,
        content: demoBody(r1.body),
        label: '小麦',
      });
      for (const r of rest) {
        d = await articles.save(ctx, {
          id: d.id,
          objectVersionNumber: d.objectVersionNumber,
          title: r.title,
          categoryId: d.categoryId,
          content: demoBody(r.body),
          label: d.label,
        });
      }
      made += 1;
    }
    return made;
  });
};

/** Runs seedDemoArticles in the background (never delays start-up); failures are logged. */
export const seedDemoArticlesLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoArticles(platform, tenantId).catch((err: unknown) =>
      log().error({ err }, 'demo articles failed'),
    );
  }, 1_000).unref();
};
