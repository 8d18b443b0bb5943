import {
  type CreateNoticeRequest,
  DEFAULT_NOTICE_CATEGORY,
  NOTICE_SCHEDULE_MAX_DAYS,
  type NoticeAudienceOptions,
  type NoticeDetail,
  type NoticeItem,
  type NoticeReadersPage,
  type Page,
  type PageQuery,
  type ScheduleNoticeRequest,
  type UpdateNoticeRequest,
} from '@tilth/contracts';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { FileService } from '../file/index.js';
import { sanitizeNoticeHtml } from './html.sanitize.js';
import { countUnreadMessages } from './message.repository.js';
import { NoticeErrors } from './notice.errors.js';
import * as repo from './notice.repository.js';
import * as audience from './notice-audience.repository.js';

export const NOTICE_BELL: PermissionCode = 'wfpf.farm.user.ps.notice-message';
export const NOTICE_MANAGE = {
  view: 'wfpf.company.system.notice-manger',
  create: 'wfpf.company.system.notice-manger.ps.create',
  edit: 'wfpf.company.system.notice-manger.ps.edit',
  delete: 'wfpf.company.system.notice-manger.ps.delete',
  publish: 'wfpf.company.system.notice-manger.ps.publish',
} as const satisfies Record<string, PermissionCode>;
export const NOTICE_MANAGERS: readonly PermissionCode[] = Object.values(NOTICE_MANAGE);

export interface NoticePageQuery extends PageQuery {
  noticeCategoryCode?: string | undefined;
  readFlag?: number | undefined;
  endDate?: Date | undefined;
}

export interface NoticeManageQuery extends PageQuery, repo.OwnFilter {}

export interface NoticeReadersQuery extends PageQuery, audience.ReadersFilter {}

const DAY_MS = 86_400_000;
/** Readers answered per page at most (size 0 included): a platform announcement's audience is large. */
const READERS_PAGE_MAX = 200;

const PLATFORM_TENANT = 0;

const reader = (ctx: TenantCtx): repo.Reader => ({ tenantId: ctx.tenantId, userId: ctx.user.id });

const item = (r: repo.NoticeRow): NoticeItem => ({
  noticeId: r.id,
  id: r.id,
  title: r.title,
  publishedDate: r.publishedDate ? r.publishedDate.toISOString() : null,
  publishedByUser: r.publishedByUser,
  readFlag: r.readFlag,
  attachmentUuid: r.attachmentUuid,
  platformFlag: r.tenantId === 0,
  noticeContent: { noticeBody: r.noticeBody },
});

/** A scheduled announcement whose time has come is published, whether or not the job has run yet. */
const statusOf = (r: repo.NoticeRow): string =>
  r.statusCode === 'SCHEDULED' && r.publishedDate !== null && r.publishedDate.getTime() <= Date.now()
    ? 'PUBLISHED'
    : r.statusCode;

const cleanBody = (html: string): string => {
  const body = sanitizeNoticeHtml(html);
  if (body.replace(/<(?!img|video)[^>]*>|&nbsp;|\s/gi, '') === '') throw NoticeErrors.emptyBody();
  return body;
};

/**
 * Announcements (spec 01 §2.12, §4): each tenant reads its own published ones and the platform's (tenant 0);
 * read state is per reader. Managers of a tenant write, publish and delete its announcements; the platform
 * administrator does the same in tenant 0.
 */
export class NoticeService {
  constructor(private readonly files: FileService) {}

  /** Size 0 answers the newest one only (spec 03 §7: the console's latest-announcement check). */
  async page(ctx: Ctx, q: NoticePageQuery): Promise<Page<NoticeItem>> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    const filter = {
      readFlag: q.readFlag,
      noticeCategoryCode: q.noticeCategoryCode,
      endDate: q.endDate ?? new Date(),
    };
    const latestOnly = q.size === 0;
    const w = latestOnly ? { limit: 1, offset: 0 } : pageWindow(q);
    const { rows, total } = await repo.listVisible(ctx.db, reader(ctx), filter, w.limit, w.offset);
    return pageAnswer(rows.map(item), total, q, { numberWhenAll: 'asked' });
  }

  async detail(ctx: Ctx, id: number): Promise<NoticeDetail> {
    requireAccess(ctx, [NOTICE_BELL, ...NOTICE_MANAGERS]);
    requireTenant(ctx);
    let row = await repo.findVisible(ctx.db, reader(ctx), id);
    // Drafts are seen only by the tenant's announcement managers.
    if (!row && NOTICE_MANAGERS.some((c) => ctx.permissions.has(c)))
      row = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!row) throw NoticeErrors.noticeNotFound();
    return this.detailOf(ctx, row);
  }

  private async detailOf(ctx: TenantCtx, row: repo.NoticeRow): Promise<NoticeDetail> {
    return {
      ...(await this.manageItem(ctx, row)),
      attachments: await this.files.attachmentsOf(ctx, row.tenantId, row.attachmentUuid),
    };
  }

  /** Read counts go only to the announcement's own managers; readers get zeros. */
  private async manageItem(ctx: TenantCtx, row: repo.NoticeRow): Promise<NoticeDetail> {
    const manager = row.tenantId === ctx.tenantId && NOTICE_MANAGERS.some((c) => ctx.permissions.has(c));
    const stats = manager ? await audience.audienceStats(ctx.db, row) : { readCount: 0, audienceCount: 0 };
    return {
      ...item(row),
      statusCode: statusOf(row),
      noticeCategoryCode: row.noticeCategoryCode,
      receiverTypeCode: row.receiverTypeCode,
      objectVersionNumber: row.objectVersionNumber,
      attachments: [],
      audienceRoleIds: row.audienceRoleIds,
      audienceUnitIds: row.audienceUnitIds,
      ...stats,
    };
  }

  async markRead(ctx: Ctx, id: number): Promise<{ noticeId: number; readFlag: number }> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    const row = await repo.findVisible(ctx.db, reader(ctx), id);
    if (!row) throw NoticeErrors.noticeNotFound();
    await repo.markRead(ctx.db, reader(ctx), row);
    return { noticeId: id, readFlag: 1 };
  }

  /** Unread counts per notice-centre tab; approvals are counted by the approval module (0 here). */
  async unreadCounts(ctx: Ctx): Promise<{ announce: number; notify: number; approve: number }> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    const announce = await repo.countUnread(ctx.db, reader(ctx));
    const notify = await countUnreadMessages(ctx.db, ctx.tenantId, ctx.user.id);
    return { announce, notify, approve: 0 };
  }

  async manageList(ctx: Ctx, q: NoticeManageQuery): Promise<Page<NoticeDetail>> {
    requireAccess(ctx, NOTICE_MANAGERS);
    requireTenant(ctx);
    const w = pageWindow(q);
    const { rows, total } = await repo.listOwn(ctx.db, reader(ctx), q, w.limit, w.offset);
    // Attachments are fetched on the detail call; read counts are one query per row of the page.
    const content: NoticeDetail[] = [];
    for (const r of rows) content.push(await this.manageItem(ctx, r));
    return pageAnswer(content, total, q, { numberWhenAll: 'asked' });
  }

  /** Roles and units the tenant's announcements may address (none for the platform's). */
  async audienceOptions(ctx: Ctx): Promise<NoticeAudienceOptions> {
    requireAccess(ctx, NOTICE_MANAGERS);
    requireTenant(ctx);
    if (ctx.tenantId === PLATFORM_TENANT) return { roles: [], units: [] };
    return audience.audienceOptions(ctx.db, ctx.tenantId);
  }

  /** The audience of one of the tenant's announcements with read / unread and read time. */
  async readers(ctx: Ctx, id: number, q: NoticeReadersQuery): Promise<NoticeReadersPage> {
    requireAccess(ctx, NOTICE_MANAGERS);
    requireTenant(ctx);
    const row = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!row) throw NoticeErrors.noticeNotFound();
    const size = q.size === 0 ? READERS_PAGE_MAX : Math.min(q.size, READERS_PAGE_MAX);
    const { rows, total } = await audience.listAudience(ctx.db, row, q, size, q.page * size);
    const stats = await audience.audienceStats(ctx.db, row);
    return {
      ...pageAnswer(
        rows.map((r) => ({
          tenantId: r.tenantId,
          userId: r.userId,
          loginName: r.loginName,
          realName: r.realName,
          readFlag: r.readDate ? 1 : 0,
          readDate: r.readDate ? r.readDate.toISOString() : null,
        })),
        total,
        { page: q.page, size },
      ),
      ...stats,
    };
  }

  /** Now, or the scheduled time (no further ahead than NOTICE_SCHEDULE_MAX_DAYS). */
  private publishValues(ctx: TenantCtx, at?: string): repo.PublishValues {
    const now = Date.now();
    const when = at === undefined ? now : Math.max(now, Date.parse(at));
    if (when - now > NOTICE_SCHEDULE_MAX_DAYS * DAY_MS)
      throw NoticeErrors.scheduleTooFar({ days: NOTICE_SCHEDULE_MAX_DAYS });
    return { publishedDate: new Date(when), publishedBy: ctx.user.id, publishedByUser: ctx.user.realName };
  }

  private async values(
    ctx: TenantCtx,
    b: CreateNoticeRequest | UpdateNoticeRequest,
    current?: repo.NoticeRow,
  ): Promise<repo.NoticeValues> {
    const audienceRoleIds = [...new Set(b.audienceRoleIds ?? current?.audienceRoleIds ?? [])];
    const audienceUnitIds = [...new Set(b.audienceUnitIds ?? current?.audienceUnitIds ?? [])];
    await this.checkAudience(ctx, audienceRoleIds, audienceUnitIds);
    return {
      title: b.title,
      noticeBody: cleanBody(b.noticeBody),
      noticeCategoryCode: b.noticeCategoryCode ?? DEFAULT_NOTICE_CATEGORY,
      receiverTypeCode: b.receiverTypeCode ?? 'ANNOUNCE',
      attachmentUuid: b.attachmentUuid ?? null,
      audienceRoleIds,
      audienceUnitIds,
    };
  }

  private async checkAudience(ctx: TenantCtx, roleIds: number[], unitIds: number[]): Promise<void> {
    const lists = [
      ['audienceRoleIds', 'roles', roleIds],
      ['audienceUnitIds', 'units', unitIds],
    ] as const;
    for (const [field, kind, ids] of lists) {
      if (ids.length === 0) continue;
      if (ctx.tenantId === PLATFORM_TENANT) throw NoticeErrors.platformAudience({ field });
      const missing = await audience.missingIds(ctx.db, kind, ctx.tenantId, ids);
      if (missing.length > 0) throw NoticeErrors.unknownAudience({ field, ids: missing.join(', ') });
    }
  }

  private async own(ctx: TenantCtx, id: number): Promise<NoticeDetail> {
    const row = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!row) throw NoticeErrors.noticeNotFound();
    return this.detailOf(ctx, row);
  }

  /** A draft, or published at once with `publish: true` (which needs the publish code too). */
  async create(ctx: Ctx, body: CreateNoticeRequest): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.create);
    requireTenant(ctx);
    if (body.publish) requireAccess(ctx, NOTICE_MANAGE.publish);
    const publish = body.publish ? this.publishValues(ctx, body.publishAt) : null;
    const values = await this.values(ctx, body);
    const id = await repo.insertNotice(ctx.db, ctx.tenantId, ctx.user.id, values, publish);
    return this.own(ctx, id);
  }

  async update(ctx: Ctx, id: number, body: UpdateNoticeRequest): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.edit);
    requireTenant(ctx);
    const current = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!current) throw NoticeErrors.noticeNotFound();
    const values = await this.values(ctx, body, current);
    const ok = await repo.updateNotice(
      ctx.db,
      ctx.tenantId,
      id,
      body.objectVersionNumber,
      ctx.user.id,
      values,
    );
    if (!ok) throw CommonErrors.stale();
    return this.own(ctx, id);
  }

  async publish(ctx: Ctx, id: number): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.publish);
    requireTenant(ctx);
    const existing = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!existing) throw NoticeErrors.noticeNotFound();
    if (statusOf(existing) === 'PUBLISHED') throw NoticeErrors.alreadyPublished();
    const from = ['DRAFT', 'SCHEDULED', 'WITHDRAWN'];
    if (!(await repo.publishNotice(ctx.db, ctx.tenantId, id, this.publishValues(ctx), from)))
      throw NoticeErrors.alreadyPublished();
    return this.own(ctx, id);
  }

  /** Publishes at `publishAt` (a draft, a withdrawn one, or a scheduled one moved); a past time = now. */
  async schedule(ctx: Ctx, id: number, body: ScheduleNoticeRequest): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.publish);
    requireTenant(ctx);
    const existing = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!existing) throw NoticeErrors.noticeNotFound();
    if (statusOf(existing) === 'PUBLISHED') throw NoticeErrors.alreadyPublished();
    const p = this.publishValues(ctx, body.publishAt);
    const from = ['DRAFT', 'SCHEDULED', 'WITHDRAWN'];
    if (!(await repo.publishNotice(ctx.db, ctx.tenantId, id, p, from, body.objectVersionNumber)))
      throw CommonErrors.stale();
    return this.own(ctx, id);
  }

  /** Takes a published or scheduled announcement away from every reader at once. */
  async withdraw(ctx: Ctx, id: number, body: { objectVersionNumber: number }): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.publish);
    requireTenant(ctx);
    const existing = await repo.findOwn(ctx.db, reader(ctx), id);
    if (!existing) throw NoticeErrors.noticeNotFound();
    if (existing.statusCode !== 'PUBLISHED' && existing.statusCode !== 'SCHEDULED')
      throw NoticeErrors.notWithdrawable();
    const ok = await repo.withdrawNotice(ctx.db, ctx.tenantId, id, ctx.user.id, body.objectVersionNumber);
    if (!ok) throw CommonErrors.stale();
    return this.own(ctx, id);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, NOTICE_MANAGE.delete);
    requireTenant(ctx);
    if (!(await repo.deleteNotice(ctx.db, ctx.tenantId, id))) throw NoticeErrors.noticeNotFound();
    return { success: true };
  }
}
