import type { Page } from '@tilth/contracts/common.types';
import {
  INQUIRY_PHOTO_BYTES_MAX,
  INQUIRY_PHOTO_TYPES,
  type Inquiry,
  type InquiryCloseBody,
  type InquiryCreateBody,
  type InquiryDashboard,
  type InquiryDetail,
  type InquiryExpertBody,
  type InquiryListQuery,
  type InquiryOptions,
  type InquiryPhoto,
  type InquiryPublishAnswer,
  type InquiryPublishBody,
  type InquiryReplyBody,
  type InquiryStatus,
} from '@tilth/contracts/inquiry.types';
import type { Database, Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { findBatch } from '../../farm/batch/index.js';
import { findCrop } from '../../farm/crop/index.js';
import { findPlot } from '../../farm/land/index.js';
import { usersHolding } from '../../identity/access/index.js';
import { fileUrlOf } from '../../messaging/file/index.js';
import { INQUIRY_ACCESS, INQUIRY_EITHER } from './inquiry.access.js';
import { InquiryErrors } from './inquiry.errors.js';
import { notifyInquiry } from './inquiry.notify.js';
import { articleBodyOf, publishDraft } from './inquiry.publish.js';
import {
  askOptions,
  type ExpertStats,
  expertStats,
  findInquiry,
  type InquiryFilter,
  insertInquiry,
  listInquiries,
  photoFiles,
} from './inquiry.repository.js';
import {
  type Actor,
  closeInquiry,
  detailOf,
  expertSays,
  farmerReplies,
  type Owed,
  type Scope,
  toInquiry,
} from './inquiry.thread.js';

const QUEUE: readonly InquiryStatus[] = ['open'];
const ARTICLE_CREATE = 'wfpf.company.system.article.ps.create' as const;

const actorOf = (ctx: TenantCtx): Actor => ({
  id: ctx.user.id,
  name: ctx.user.realName,
  tenantId: ctx.tenantId,
});
const scopeOf = (ctx: TenantCtx, db: Db): Scope => ({ db, tenantId: ctx.tenantId, lang: ctx.lang });

/** Dashboard figures from the stats of one or more tenants. */
export const dashboardOf = (all: ExpertStats[]): InquiryDashboard => {
  const sum = (f: (s: ExpertStats) => number) => all.reduce((a, s) => a + f(s), 0);
  const oldest = all
    .map((s) => s.oldestOpen)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const rated = sum((s) => s.ratedCount);
  const responded = sum((s) => s.respondedCount);
  return {
    queueCount: sum((s) => s.queueCount),
    oldestOpenDate: oldest?.toISOString() ?? null,
    myAnsweredCount: sum((s) => s.answeredCount),
    averageRating: rated > 0 ? Math.round((sum((s) => s.ratingSum) / rated) * 100) / 100 : null,
    ratedCount: rated,
    averageFirstResponseSeconds:
      responded > 0 ? Math.round(sum((s) => s.firstResponseSecondsSum) / responded) : null,
  };
};

/** Checks the photos are this tenant's uploads, JPG or PNG, ≤ 10 MB each (spec 03 §5). */
export const checkPhotos = async (
  db: Db,
  tenantId: number,
  ids: readonly string[],
): Promise<InquiryPhoto[]> => {
  const unique = [...new Set(ids)];
  const found = new Map((await photoFiles(db, tenantId, unique)).map((f) => [f.id, f]));
  for (const id of unique) {
    const f = found.get(id);
    if (!f) throw InquiryErrors.photoNotFound();
    if (!(INQUIRY_PHOTO_TYPES as readonly string[]).includes(f.contentType)) throw InquiryErrors.photoType();
    if (f.fileSize > INQUIRY_PHOTO_BYTES_MAX) throw InquiryErrors.photoTooLarge();
  }
  return unique.map((fileId) => ({ fileId, fileUrl: fileUrlOf(tenantId, fileId) }));
};

/**
 * Expert inquiry inside one tenant (issue 19 item 5): farmers (ask code) ask and see their own; the tenant's
 * experts (answer code) see and answer every inquiry of the tenant. Mutations run on noTransaction routes:
 * the thread changes in a transaction of the tenant, and notifications owed to the platform's pool experts
 * are written afterwards in one of the platform tenant (ADR 0018).
 */
export class InquiryService {
  constructor(private readonly database: Database) {}

  async options(ctx: Ctx): Promise<InquiryOptions> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.ask);
    return ctx.transact((db) => askOptions(db, ctx.tenantId, ctx.lang));
  }

  async list(ctx: Ctx, q: InquiryListQuery): Promise<Page<Inquiry>> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_EITHER);
    const expert = ctx.permissions.has(INQUIRY_ACCESS.answer);
    if (q.scope !== 'mine' && !expert) throw CommonErrors.forbidden();
    const f: InquiryFilter = {
      urgency: q.urgency,
      cropId: q.cropId,
      keyword: q.keyword?.trim() || undefined,
      statuses: q.scope === 'queue' ? QUEUE : q.status ? [q.status] : undefined,
      oldestFirst: q.scope === 'queue',
      ...(q.scope === 'mine' ? { askerId: ctx.user.id } : {}),
      ...(q.scope === 'answered' ? { answeredBy: { userId: ctx.user.id, tenantId: ctx.tenantId } } : {}),
    };
    const w = pageWindow(q);
    const { rows, total } = await ctx.transact((db) =>
      listInquiries(db, ctx.tenantId, ctx.lang, f, w.limit ?? 1000, w.offset),
    );
    const url = (p: InquiryPhoto) => fileUrlOf(ctx.tenantId, p.fileId);
    return pageAnswer(
      rows.map((r) => toInquiry(r, url)),
      total,
      q,
    );
  }

  /** One inquiry with its thread: the asker's own, or any of the tenant for its experts. */
  async get(ctx: Ctx, id: number): Promise<InquiryDetail> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_EITHER);
    return ctx.transact(async (db) => {
      const d = await detailOf(scopeOf(ctx, db), id, (p) => fileUrlOf(ctx.tenantId, p.fileId));
      if (d.askerId !== ctx.user.id && !ctx.permissions.has(INQUIRY_ACCESS.answer))
        throw InquiryErrors.notFound();
      return d;
    });
  }

  async ask(ctx: Ctx, body: InquiryCreateBody): Promise<InquiryDetail> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.ask);
    const { id, owed } = await ctx.transact(async (db) => {
      if (!(await findCrop(db, ctx.tenantId, body.cropId))) throw InquiryErrors.cropNotFound();
      if (!(await findPlot(db, ctx.tenantId, body.landId))) throw InquiryErrors.landNotFound();
      if (body.batchId) {
        const b = await findBatch(db, ctx.tenantId, body.batchId);
        if (b?.landId !== body.landId) throw InquiryErrors.batchNotOnLand();
      }
      const photos = await checkPhotos(db, ctx.tenantId, body.photoFileIds);
      const row = await insertInquiry(db, ctx.tenantId, {
        title: body.title,
        question: body.question,
        cropId: body.cropId,
        landId: body.landId,
        batchId: body.batchId ?? null,
        urgency: body.urgency,
        audience: body.audience,
        photos,
        identificationNote: body.identificationNote,
        askerId: ctx.user.id,
        askerName: ctx.user.realName,
      });
      const ref = { tenantId: ctx.tenantId, id: row.id, title: row.title };
      const experts = (await usersHolding(db, INQUIRY_ACCESS.answer)).filter((u) => u !== ctx.user.id);
      const owed: Owed[] = [{ tenantId: ctx.tenantId, userIds: experts, event: 'asked', inquiry: ref }];
      // The pool's experts are found in the platform tenant, after this transaction (deliver).
      if (body.audience === 'pool' && ctx.tenantId !== PLATFORM_TENANT_ID)
        owed.push({ tenantId: PLATFORM_TENANT_ID, userIds: [], event: 'asked', inquiry: ref });
      await this.deliverHere(ctx, db, owed);
      return { id: row.id, owed };
    });
    await this.deliverElsewhere(ctx, owed);
    return this.get(ctx, id);
  }

  answer(ctx: Ctx, id: number, body: InquiryExpertBody) {
    return this.expert(ctx, id, 'answer', body);
  }

  askBack(ctx: Ctx, id: number, body: InquiryExpertBody) {
    return this.expert(ctx, id, 'ask_back', body);
  }

  private async expert(ctx: Ctx, id: number, kind: 'answer' | 'ask_back', body: InquiryExpertBody) {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.answer);
    return this.act(ctx, id, (s) => expertSays(s, actorOf(ctx), id, kind, body));
  }

  async reply(ctx: Ctx, id: number, body: InquiryReplyBody): Promise<InquiryDetail> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.ask);
    return this.act(ctx, id, async (s) => {
      const photos = await checkPhotos(s.db, ctx.tenantId, body.photoFileIds);
      return farmerReplies(s, actorOf(ctx), id, body, photos);
    });
  }

  /** The asker closes with a rating; an expert of the tenant closes a stale one. */
  async close(ctx: Ctx, id: number, body: InquiryCloseBody): Promise<InquiryDetail> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_EITHER);
    return this.act(ctx, id, async (s) => {
      const r = await findInquiry(s.db, s.tenantId, s.lang, id);
      if (!r) throw InquiryErrors.notFound();
      const asker = r.askerId === ctx.user.id;
      if (!asker && !ctx.permissions.has(INQUIRY_ACCESS.answer)) throw InquiryErrors.notFound();
      return closeInquiry(s, actorOf(ctx), asker ? 'farmer' : 'expert', id, body);
    });
  }

  /** An expert of the tenant (or an article author) turns the answers into a draft article of the tenant. */
  async publish(ctx: Ctx, id: number, body: InquiryPublishBody): Promise<InquiryPublishAnswer> {
    requireTenant(ctx);
    requireAccess(ctx, [INQUIRY_ACCESS.answer, ARTICLE_CREATE]);
    return ctx.transact(async (db) => {
      const draft = await articleBodyOf(scopeOf(ctx, db), id);
      return publishDraft(ctx, db, body, draft, id);
    });
  }

  async dashboard(ctx: Ctx): Promise<InquiryDashboard> {
    requireTenant(ctx);
    requireAccess(ctx, INQUIRY_ACCESS.answer);
    const s = await ctx.transact((db) =>
      expertStats(db, ctx.tenantId, { userId: ctx.user.id, tenantId: ctx.tenantId }, false),
    );
    return dashboardOf([s]);
  }

  /** Runs a thread change in the tenant's transaction, then owed notifications, then answers the thread. */
  private async act(ctx: TenantCtx, id: number, fn: (s: Scope) => Promise<Owed[]>): Promise<InquiryDetail> {
    const owed = await ctx.transact(async (db) => {
      const found = await findInquiry(db, ctx.tenantId, ctx.lang, id);
      // A farmer without the answer code reaches only their own inquiries.
      if (!found || (found.askerId !== ctx.user.id && !ctx.permissions.has(INQUIRY_ACCESS.answer)))
        throw InquiryErrors.notFound();
      const o = await fn(scopeOf(ctx, db));
      await this.deliverHere(ctx, db, o);
      return o;
    });
    await this.deliverElsewhere(ctx, owed);
    return this.get(ctx, id);
  }

  private async deliverHere(ctx: TenantCtx, db: Db, owed: Owed[]): Promise<void> {
    await deliverIn(ctx, db, ctx.tenantId, owed);
  }

  /** Notifications owed to users of another tenant (the pool's), each in a transaction of that tenant. */
  private async deliverElsewhere(ctx: TenantCtx, owed: Owed[]): Promise<void> {
    await deliverOwed(
      this.database,
      ctx,
      owed.filter((x) => x.tenantId !== ctx.tenantId),
    );
  }
}

/**
 * Writes the notifications owed to users of `tenantId` in its open transaction db; an empty user list on
 * the platform tenant means its pool experts.
 */
export const deliverIn = async (ctx: Ctx, db: Db, tenantId: number, owed: Owed[]): Promise<void> => {
  for (const o of owed.filter((x) => x.tenantId === tenantId)) {
    const userIds =
      o.userIds.length > 0 || o.tenantId !== PLATFORM_TENANT_ID
        ? o.userIds
        : await usersHolding(db, INQUIRY_ACCESS.answer);
    await notifyInquiry(ctx, db, o.tenantId, userIds, o.event, o.inquiry, o.extra);
  }
};

/** Notifications owed to users of other tenants, each written in a transaction of its tenant. */
export const deliverOwed = async (database: Database, ctx: Ctx, owed: Owed[]): Promise<void> => {
  for (const t of new Set(owed.map((o) => o.tenantId)))
    await database.withTenant(t, (tx) => deliverIn(ctx, tx, t, owed));
};
