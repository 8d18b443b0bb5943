import { createHmac } from 'node:crypto';
import {
  NEWS_HOT_DAYS,
  NEWS_MAX_OFFSET,
  NEWS_VALUE_TYPES,
  type NewsCategory,
  type NewsDetail,
  type NewsItem,
  type NewsList,
  type NewsListQuery,
  type NewsPage,
} from '@tilth/contracts/news.types';
import { type Access, requireAccess } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { addDays, today } from '../../../platform/time/zone.js';
import { findTenant } from '../../identity/tenant/index.js';
import { NewsErrors } from './news.errors.js';
import { shownFileIds, withNewsImages } from './news.images.js';
import {
  categoryNames,
  countLive,
  enabledCategories,
  findLive,
  hotLive,
  listLive,
  type NewsFilter,
  type NewsRow,
  readCounts,
  recordRead,
} from './news.repository.js';

// The news page's three calls (spec 03 §7 "News"), signed in and signed out alike: only live articles of
// the route's tenant are ever answered. Reading a detail counts once per reader per day in the tenant's
// calendar; the hot list ranks by the reads of the last NEWS_HOT_DAYS days, ties newest first.

export const NEWS_ACCESS = {
  view: 'wfpf.farm.agriculture.information',
  public: 'public',
  page: 'authenticated',
} as const satisfies Record<string, Access>;

const EXCERPT = 140;
/** Totals are counted at most this often per tenant and filter: a count over a big tenant is the list's cost. */
const TOTAL_TTL_MS = 15_000;
const TOTAL_CACHE_MAX = 2_000;

/** The hot list's ranking is made at most this often per tenant and page (summing a week of reads). */
const HOT_TTL_MS = 5_000;

/** A small per-process cache (bounded: the oldest entry goes first). */
class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, now: number): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now - e.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: T, now: number): void {
    if (this.entries.size >= TOTAL_CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: now });
  }
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A card's excerpt: the summary, else the start of the body as plain text (shown as text, never HTML). */
const excerptOf = (r: NewsRow): string | null => {
  if (r.summary?.trim()) return r.summary.trim();
  const text = r.excerpt
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
};

export interface NewsServiceOptions {
  /** Keys the hash of a signed-out reader's address and browser; never stored. */
  readerSecret: Uint8Array;
}

export class NewsService {
  private readonly totals = new TtlCache<number>(TOTAL_TTL_MS);
  private readonly hot = new TtlCache<NewsRow[]>(HOT_TTL_MS);

  constructor(private readonly opts: NewsServiceOptions) {}

  /** Spec 03 §7 list: valueType 3 carousel, 2 latest, 1 hot, 0 a category's list (page from 1). */
  async list(ctx: Ctx, access: Access, q: NewsListQuery): Promise<NewsList> {
    const tenantId = await this.admit(ctx, access);
    if (q.enabledFlag === 0) throw NewsErrors.enabledOnly();
    const offset = (q.page - 1) * q.size;
    if (offset + q.size > NEWS_MAX_OFFSET) throw NewsErrors.pageTooDeep({ max: NEWS_MAX_OFFSET });
    const now = new Date();
    const f: NewsFilter = { tenantId, defaultType: q.defaultType, now };
    if (q.valueType === NEWS_VALUE_TYPES.carousel) f.carouselOnly = true;
    if (q.valueType === NEWS_VALUE_TYPES.category && q.categoryId !== undefined) {
      f.categoryIds = await ctx.transact((db) => this.subtree(db, tenantId, q.categoryId as number));
    }
    return ctx.transact(async (db) => {
      // The same total for 15 s: a release or a withdrawal shows in the rows at once, in the total soon after.
      const key = JSON.stringify([tenantId, f.defaultType, !!f.carouselOnly, f.categoryIds ?? null]);
      let total = this.totals.get(key, now.getTime());
      if (total === undefined) {
        total = await countLive(db, f);
        this.totals.set(key, total, now.getTime());
      }
      let rows: NewsRow[];
      if (q.valueType === NEWS_VALUE_TYPES.hot) {
        // The most read first; then, so the list is never short, the newest of the rest (no reads = a tie).
        const to = today(ctx.timeZone, now);
        const from = addDays(to, 1 - NEWS_HOT_DAYS);
        const hotKey = JSON.stringify([tenantId, f.defaultType, from, offset + q.size]);
        let ranked = this.hot.get(hotKey, now.getTime());
        if (!ranked) {
          ranked = await hotLive(db, f, from, to, offset + q.size);
          this.hot.set(hotKey, ranked, now.getTime());
        }
        if (ranked.length === offset + q.size) rows = ranked.slice(offset);
        else {
          const pad = offset + q.size - ranked.length;
          const skip = Math.max(0, offset - ranked.length);
          const rest = await listLive(db, { ...f, excludeIds: ranked.map((r) => r.id) }, pad - skip, skip);
          rows = [...ranked.slice(offset), ...rest];
        }
      } else rows = await listLive(db, f, q.size, offset);
      return { list: await this.items(db, tenantId, rows, ctx.lang), total };
    });
  }

  /** The enabled categories, in tree order; the page shows the top-level ones as tabs. */
  async categories(ctx: Ctx, access: Access): Promise<NewsCategory[]> {
    const tenantId = await this.admit(ctx, access);
    const rows = await ctx.transact((db) => enabledCategories(db, tenantId));
    return rows.map((c) => ({
      categoryId: c.id,
      categoryName: c.categoryName,
      categoryEnName: c.categoryEnName,
      parentId: c.parentId,
      sortOrder: c.sortOrder,
    }));
  }

  /** One live item with its body; the caller's first read of it today is counted first. */
  async detail(ctx: Ctx, access: Access, consultId: number): Promise<NewsDetail> {
    const tenantId = await this.admit(ctx, access);
    const now = new Date();
    return ctx.transact(async (db) => {
      const row = await findLive(db, tenantId, consultId, now);
      if (!row) throw NewsErrors.notFound();
      await recordRead(db, tenantId, consultId, today(ctx.timeZone, now), this.readerKey(ctx, now), now);
      const [item] = await this.items(db, tenantId, [row], ctx.lang);
      return { ...(item as NewsItem), content: withNewsImages(tenantId, row.id, row.content, 1600) };
    });
  }

  /** A published article as a module's generic page (`page/{id}`): no read is counted. */
  async page(ctx: Ctx, id: number): Promise<NewsPage> {
    const tenantId = await this.admit(ctx, NEWS_ACCESS.page);
    const row = await ctx.transact((db) => findLive(db, tenantId, id, new Date()));
    if (!row) throw NewsErrors.pageNotFound();
    return {
      id: row.id,
      title: row.title,
      uploadDate: row.releasedAt.toISOString(),
      articleSource: row.articleSource,
      content: withNewsImages(tenantId, row.id, row.content, 1600),
    };
  }

  /** Passes when `fileId` is a picture the live article shows (its cover or its body), else 404. */
  async showsFile(ctx: Ctx, consultId: number, fileId: string): Promise<void> {
    const tenantId = await this.admit(ctx, NEWS_ACCESS.public);
    const row = await ctx.transact((db) => findLive(db, tenantId, consultId, new Date()));
    if (!row || !shownFileIds(tenantId, row.coverPicture, row.content).has(fileId.toLowerCase()))
      throw NewsErrors.notFound();
  }

  private async admit(ctx: Ctx, access: Access): Promise<number> {
    requireAccess(ctx, access);
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw NewsErrors.tenantNotFound();
    // Signed out, the path's tenant is all there is: an unknown one is a 404, not an empty page.
    if (access === 'public' && !(await ctx.transact((db) => findTenant(db, tenantId))))
      throw NewsErrors.tenantNotFound();
    return tenantId;
  }

  /** A category and every enabled category below it (a tab lists its sub-categories' items too). */
  private async subtree(db: Parameters<typeof enabledCategories>[0], tenantId: number, root: number) {
    const all = await enabledCategories(db, tenantId);
    const ids = [root];
    for (let i = 0; i < ids.length; i += 1)
      for (const c of all) if (c.parentId === ids[i] && !ids.includes(c.id)) ids.push(c.id);
    return ids;
  }

  private async items(
    db: Parameters<typeof readCounts>[0],
    tenantId: number,
    rows: NewsRow[],
    lang: Ctx['lang'],
  ): Promise<NewsItem[]> {
    const ids = rows.map((r) => r.id);
    const catIds = [...new Set(rows.flatMap((r) => (r.categoryId === null ? [] : [r.categoryId])))];
    const [reads, cats] = [await readCounts(db, tenantId, ids), await categoryNames(db, tenantId, catIds)];
    return rows.map((r) => {
      const cat = r.categoryId === null ? undefined : cats.get(r.categoryId);
      return {
        consultId: r.id,
        title: r.title,
        summary: excerptOf(r),
        coverPicture: r.coverPicture && withNewsImages(tenantId, r.id, r.coverPicture, 1600),
        label: r.label,
        articleSource: r.articleSource,
        readTime: reads.get(r.id) ?? 0,
        uploadDate: r.releasedAt.toISOString(),
        categoryId: r.categoryId,
        categoryName: cat ? (lang === 'en-US' && cat.categoryEnName) || cat.categoryName : null,
        carouselFlag: r.carouselFlag,
      };
    });
  }

  /**
   * Who counts as one reader: a signed-in user by id; a signed-out visitor by a keyed hash of address and
   * browser, salted with the day, so no address is stored and one day's visitor cannot be followed into
   * the next.
   */
  private readerKey(ctx: Ctx, now: Date): string {
    if (ctx.user) return `u:${ctx.user.id}`;
    const who = `${today(ctx.timeZone, now)}|${ctx.origin?.ip ?? ''}|${ctx.origin?.userAgent ?? ''}`;
    return `a:${createHmac('sha256', this.opts.readerSecret).update('news-reader|').update(who).digest('base64url').slice(0, 32)}`;
  }
}
