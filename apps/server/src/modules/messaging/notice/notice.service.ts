import {
  type CreateNoticeRequest,
  DEFAULT_NOTICE_CATEGORY,
  type NoticeDetail,
  type NoticeItem,
  type Page,
  type PageQuery,
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

export interface NoticeManageQuery extends PageQuery {
  statusCode?: string | undefined;
  title?: string | undefined;
}

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
      ...item(row),
      statusCode: row.statusCode,
      noticeCategoryCode: row.noticeCategoryCode,
      receiverTypeCode: row.receiverTypeCode,
      objectVersionNumber: row.objectVersionNumber,
      attachments: await this.files.attachmentsOf(ctx, row.tenantId, row.attachmentUuid),
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
    // Attachments are fetched on the detail call; the list stays one query.
    return pageAnswer(
      rows.map((r) => ({
        ...item(r),
        statusCode: r.statusCode,
        noticeCategoryCode: r.noticeCategoryCode,
        receiverTypeCode: r.receiverTypeCode,
        objectVersionNumber: r.objectVersionNumber,
        attachments: [],
      })),
      total,
      q,
      { numberWhenAll: 'asked' },
    );
  }

  private publishValues(ctx: TenantCtx): repo.PublishValues {
    return { publishedDate: new Date(), publishedBy: ctx.user.id, publishedByUser: ctx.user.realName };
  }

  private values(b: CreateNoticeRequest | UpdateNoticeRequest): repo.NoticeValues {
    return {
      title: b.title,
      noticeBody: cleanBody(b.noticeBody),
      noticeCategoryCode: b.noticeCategoryCode ?? DEFAULT_NOTICE_CATEGORY,
      receiverTypeCode: b.receiverTypeCode ?? 'ANNOUNCE',
      attachmentUuid: b.attachmentUuid ?? null,
    };
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
    const publish = body.publish ? this.publishValues(ctx) : null;
    const id = await repo.insertNotice(ctx.db, ctx.tenantId, ctx.user.id, this.values(body), publish);
    return this.own(ctx, id);
  }

  async update(ctx: Ctx, id: number, body: UpdateNoticeRequest): Promise<NoticeDetail> {
    requireAccess(ctx, NOTICE_MANAGE.edit);
    requireTenant(ctx);
    if (!(await repo.findOwn(ctx.db, reader(ctx), id))) throw NoticeErrors.noticeNotFound();
    const values = this.values(body);
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
    if (existing.statusCode === 'PUBLISHED') throw NoticeErrors.alreadyPublished();
    await repo.publishNotice(ctx.db, ctx.tenantId, id, this.publishValues(ctx));
    return this.own(ctx, id);
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireAccess(ctx, NOTICE_MANAGE.delete);
    requireTenant(ctx);
    if (!(await repo.deleteNotice(ctx.db, ctx.tenantId, id))) throw NoticeErrors.noticeNotFound();
    return { success: true };
  }
}
