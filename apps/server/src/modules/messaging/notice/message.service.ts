import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_SUBJECT_MAX,
  type Page,
  type PageQuery,
  type ReadFlagRequest,
  type UserMessageItem,
} from '@tilth/contracts';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { sanitizeNoticeHtml } from './html.sanitize.js';
import * as repo from './message.repository.js';
import { NoticeErrors } from './notice.errors.js';
import * as noticeRepo from './notice.repository.js';
import { NOTICE_BELL } from './notice.service.js';

export interface UserMessageQuery extends PageQuery {
  readFlag?: number | undefined;
  withContent?: number | undefined;
  userMessageTypeCode?: string | undefined;
}

export interface NotifyInput {
  userIds: readonly number[];
  subject: string;
  /** HTML or plain text; cleaned like announcement bodies. */
  content: string;
  /** Defaults to NOTICE, the type the console's notification tab lists. */
  userMessageTypeCode?: string;
}

const NOTIFY_MAX_USERS = 10_000;

const item = (r: repo.MessageRow, withContent: boolean): UserMessageItem => ({
  userMessageId: r.id,
  subject: r.subject,
  content: withContent ? r.content : '',
  userMessageTypeCode: r.userMessageTypeCode,
  publishedDate: r.publishedDate.toISOString(),
  readFlag: r.readFlag,
});

/** Notifications (spec 01 §2.12 'system notifications'): messages addressed to one user in one tenant. */
export class NotificationService {
  /**
   * Sends a notification to users of ctx's tenant. For other modules: call it with the ctx of the request
   * or job that causes it (any tenant ctx; on noTransaction routes it opens its own transaction).
   */
  static async notify(ctx: Ctx, input: NotifyInput): Promise<number[]> {
    // Internal entry: the caller's route has checked its own access; only a tenant is required here.
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw CommonErrors.forbidden();
    const userIds = [...new Set(input.userIds)];
    if (userIds.length > NOTIFY_MAX_USERS)
      throw new Error(`notify: at most ${NOTIFY_MAX_USERS} users at once`);
    const subject = input.subject.trim().slice(0, MESSAGE_SUBJECT_MAX);
    const content = sanitizeNoticeHtml(input.content).slice(0, MESSAGE_CONTENT_MAX);
    const type = input.userMessageTypeCode ?? 'NOTICE';
    const rows = userIds.map((userId) => ({ userId, subject, content, userMessageTypeCode: type }));
    return ctx.transact((db) => repo.insertMessages(db, tenantId, ctx.user?.id ?? null, rows));
  }

  async list(ctx: Ctx, q: UserMessageQuery): Promise<Page<UserMessageItem>> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    const w = pageWindow(q);
    const { rows, total } = await repo.listMessages(ctx.db, ctx.tenantId, ctx.user.id, q, w.limit, w.offset);
    return pageAnswer(
      rows.map((r) => item(r, q.withContent !== 0)),
      total,
      q,
      { numberWhenAll: 'asked' },
    );
  }

  /** One of the caller's notifications; reading it marks it read. */
  async detail(ctx: Ctx, id: number): Promise<UserMessageItem> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    const row = await repo.findMessage(ctx.db, ctx.tenantId, ctx.user.id, id);
    if (!row) throw NoticeErrors.messageNotFound();
    if (row.readFlag === 0) await repo.markMessagesRead(ctx.db, ctx.tenantId, ctx.user.id, [id]);
    return item({ ...row, readFlag: 1 }, true);
  }

  async unreadCount(ctx: Ctx): Promise<{ count: number }> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    return { count: await repo.countUnreadMessages(ctx.db, ctx.tenantId, ctx.user.id) };
  }

  /** readAll 2: all announcements; readAll 3: all notifications; userMessageIds: those notifications. */
  async markRead(ctx: Ctx, body: ReadFlagRequest): Promise<{ count: number }> {
    requireAccess(ctx, NOTICE_BELL);
    requireTenant(ctx);
    let count = 0;
    if (body.readAll === 2) {
      count += await noticeRepo.markAllRead(ctx.db, { tenantId: ctx.tenantId, userId: ctx.user.id });
    }
    if (body.readAll === 3) {
      count += await repo.markMessagesRead(ctx.db, ctx.tenantId, ctx.user.id, undefined);
    } else if (body.userMessageIds && body.userMessageIds.length > 0) {
      count += await repo.markMessagesRead(ctx.db, ctx.tenantId, ctx.user.id, body.userMessageIds);
    }
    return { count };
  }
}
