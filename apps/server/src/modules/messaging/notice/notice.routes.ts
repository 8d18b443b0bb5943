import {
  createNoticeRequest,
  noticeAudienceOptions,
  noticeDeleteResponse,
  noticeDetail,
  noticeIdParam,
  noticeManagePage,
  noticeManageQuery,
  noticePage,
  noticePageQuery,
  noticeReadersPage,
  noticeReadersQuery,
  noticeReadResponse,
  readFlagRequest,
  readFlagResponse,
  scheduleNoticeRequest,
  tenantParam,
  unreadCounts,
  updateNoticeRequest,
  userMessageCount,
  userMessageIdParam,
  userMessageItem,
  userMessagePage,
  userMessageQuery,
  withdrawNoticeRequest,
} from '@tilth/contracts';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { FileService } from '../file/index.js';
import { NotificationService } from './message.service.js';
import { NOTICE_BELL, NOTICE_MANAGE, NOTICE_MANAGERS, NoticeService } from './notice.service.js';

/** Notice centre under /hmsg/v1/{t}: announcements, notifications, read flags (docs/api-messages.md). */
export const registerNoticeRoutes = (app: App, platform: Platform): void => {
  const notices = new NoticeService(new FileService(platform.storage, platform.config));
  const messages = new NotificationService();
  const base = '/hmsg/v1/:tenantId';

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/page-details`,
    access: NOTICE_BELL,
    summary: 'Published announcements of the tenant and the platform, newest first; size 0 = the newest one',
    schema: { params: tenantParam, querystring: noticePageQuery, response: { 200: noticePage } },
    handler: async (ctx, req) => notices.page(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/unread-count`,
    access: NOTICE_BELL,
    summary: 'Unread counts per notice-centre tab (announce, notify, approve)',
    schema: { params: tenantParam, response: { 200: unreadCounts } },
    handler: async (ctx) => notices.unreadCounts(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/audience-options`,
    access: NOTICE_MANAGERS,
    summary: 'Roles and organisation units an announcement may address (empty for platform announcements)',
    schema: { params: tenantParam, response: { 200: noticeAudienceOptions } },
    handler: async (ctx) => notices.audienceOptions(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/:id`,
    access: [NOTICE_BELL, ...NOTICE_MANAGERS],
    summary: 'One announcement with its attachments (drafts only for announcement managers)',
    schema: { params: noticeIdParam, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.detail(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/:id/read-flag`,
    access: NOTICE_BELL,
    summary: 'Mark one announcement read for the caller',
    schema: { params: noticeIdParam, response: { 200: noticeReadResponse } },
    handler: async (ctx, req) => notices.markRead(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices`,
    access: NOTICE_MANAGERS,
    summary: 'The tenant’s own announcements in every state, for announcement managers',
    schema: { params: tenantParam, querystring: noticeManageQuery, response: { 200: noticeManagePage } },
    handler: async (ctx, req) => notices.manageList(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/notices`,
    access: NOTICE_MANAGE.create,
    summary: 'Create an announcement (a draft, or published with publish: true); tenant 0 = platform-wide',
    schema: { params: tenantParam, body: createNoticeRequest, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${base}/notices/:id`,
    access: NOTICE_MANAGE.edit,
    summary: 'Edit an announcement (objectVersionNumber must be current)',
    schema: { params: noticeIdParam, body: updateNoticeRequest, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/notices/:id/publish`,
    access: NOTICE_MANAGE.publish,
    summary: 'Publish a draft announcement',
    schema: { params: noticeIdParam, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.publish(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/notices/:id/schedule`,
    access: NOTICE_MANAGE.publish,
    summary: 'Publish at publishAt (SCHEDULED until then; a job marks it published); a past time = now',
    schema: { params: noticeIdParam, body: scheduleNoticeRequest, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.schedule(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/notices/:id/withdraw`,
    access: NOTICE_MANAGE.publish,
    summary: 'Withdraw a published or scheduled announcement: gone from every reader at once',
    schema: { params: noticeIdParam, body: withdrawNoticeRequest, response: { 200: noticeDetail } },
    handler: async (ctx, req) => notices.withdraw(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/notices/:id/readers`,
    access: NOTICE_MANAGERS,
    summary: 'Who read: the announcement’s audience with read / unread, read time and counts',
    schema: { params: noticeIdParam, querystring: noticeReadersQuery, response: { 200: noticeReadersPage } },
    handler: async (ctx, req) => notices.readers(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/notices/:id`,
    access: NOTICE_MANAGE.delete,
    summary: 'Delete an announcement',
    schema: { params: noticeIdParam, response: { 200: noticeDeleteResponse } },
    handler: async (ctx, req) => notices.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/messages/user`,
    access: NOTICE_BELL,
    summary: 'The caller’s notifications, newest first',
    schema: { params: tenantParam, querystring: userMessageQuery, response: { 200: userMessagePage } },
    handler: async (ctx, req) => messages.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/messages/user/count`,
    access: NOTICE_BELL,
    summary: 'How many of the caller’s notifications are unread',
    schema: { params: tenantParam, response: { 200: userMessageCount } },
    handler: async (ctx) => messages.unreadCount(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/messages/user/:id`,
    access: NOTICE_BELL,
    summary: 'One of the caller’s notifications; marks it read',
    schema: { params: userMessageIdParam, response: { 200: userMessageItem } },
    handler: async (ctx, req) => messages.detail(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/messages/user/read-flag`,
    access: NOTICE_BELL,
    summary: 'Mark read: readAll 2 = all announcements, 3 = all notifications, or userMessageIds',
    schema: { params: tenantParam, body: readFlagRequest, response: { 200: readFlagResponse } },
    handler: async (ctx, req) => messages.markRead(ctx, req.body),
  });
};
