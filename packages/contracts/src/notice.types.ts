import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  queryId as id,
  nonBlank,
  objectVersionNumber,
  pageOf,
  pageQuery,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Notice centre: announcements (notices) and notifications (user messages). Spec 01 §2.12/§3/§4/§7,
// spec 03 §7 'Messages and files'. Dates are ISO-8601 strings.

export const NOTICE_TITLE_MAX = 200;
/** HTML body; sanitised on write. */
export const NOTICE_BODY_MAX = 200_000;
/**
 * DRAFT → PUBLISHED (now) or SCHEDULED (publishedDate ahead; a job publishes it when due) → WITHDRAWN
 * (gone from every reader at once). A withdrawn one may be published again.
 */
export const NOTICE_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
/** Roles / organisation units one announcement may address (empty both = the whole tenant). */
export const NOTICE_AUDIENCE_MAX = 100;
/** How far ahead an announcement may be scheduled. */
export const NOTICE_SCHEDULE_MAX_DAYS = 366;
export const NOTICE_RECEIVER_TYPES = ['ANNOUNCE'] as const;
export const DEFAULT_NOTICE_CATEGORY = 'CLOUDFARM';
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 20_000;

const readFlagQuery = z.coerce.number().int().min(0).max(1);
const code = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_.-]*$/, { error: 'only letters, digits, underscore, dot and hyphen' });
const uuid = z.guid();
const instant = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' });
const audienceIds = z.array(bodyId).max(NOTICE_AUDIENCE_MAX);

/**
 * endDate as the console sends it: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or ISO-8601. A bare date means the
 * end of that day. Times without an offset are read in the server's time zone.
 */
const noticeDate = (dayEdge: 'start' | 'end') =>
  z
    .string()
    .max(40)
    .transform((s, c) => {
      const t = s.trim();
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(t)
        ? Date.parse(`${t}T${dayEdge === 'end' ? '23:59:59.999' : '00:00:00.000'}`)
        : Date.parse(t.replace(' ', 'T'));
      if (Number.isNaN(ms)) {
        c.issues.push({ code: 'custom', message: 'not a date', input: s });
        return z.NEVER;
      }
      return new Date(ms);
    });
export const noticeEndDate = noticeDate('end');
/** Like noticeEndDate, but a bare date means the start of that day. */
export const noticeStartDate = noticeDate('start');

export const noticeIdParam = tenantParam.extend({ id });

/** GET /hmsg/v1/{t}/notices/page-details. size=0 answers the newest one only (spec 03 §7). */
export const noticePageQuery = pageQuery.extend({
  statusCode: blankAsUnset(z.enum(['PUBLISHED'])),
  noticeCategoryCode: code(60).optional(),
  receiverTypeCode: blankAsUnset(z.enum(NOTICE_RECEIVER_TYPES)),
  readFlag: blankAsUnset(readFlagQuery),
  endDate: blankAsUnset(noticeEndDate),
});

export const noticeItem = z.object({
  noticeId: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  publishedDate: z.string().nullable(),
  publishedByUser: z.string().nullable(),
  /** 0 unread, 1 read, for the caller. */
  readFlag: z.number().int(),
  attachmentUuid: z.string().nullable(),
  /** True for platform announcements (tenant 0). */
  platformFlag: z.boolean(),
  noticeContent: z.object({ noticeBody: z.string() }),
});
export type NoticeItem = z.infer<typeof noticeItem>;
export const noticePage = pageOf(noticeItem);

export const noticeAttachment = z.object({ fileUrl: z.string(), fileName: z.string() });

/** GET /hmsg/v1/{t}/notices/{id}: one announcement with its attachments. */
export const noticeDetail = noticeItem.extend({
  statusCode: z.string(),
  noticeCategoryCode: z.string(),
  receiverTypeCode: z.string(),
  objectVersionNumber: z.number().int(),
  attachments: z.array(noticeAttachment),
  /** Roles addressed (ids of the notice's tenant); empty with audienceUnitIds empty = everyone. */
  audienceRoleIds: z.array(z.number().int()),
  /** Organisation units addressed, each with every unit under it. */
  audienceUnitIds: z.array(z.number().int()),
  /** Readers so far, and how many the audience holds now (manager views; 0 for readers). */
  readCount: z.number().int(),
  audienceCount: z.number().int(),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const noticeReadResponse = z.object({ noticeId: z.number().int(), readFlag: z.number().int() });

/** GET /hmsg/v1/{t}/notices/unread-count: counts per notice-centre tab; the console sums them. */
export const unreadCounts = z.object({
  announce: z.number().int(),
  notify: z.number().int(),
  approve: z.number().int(),
});

/** GET /hmsg/v1/{t}/notices: the tenant's own announcements in every state, for their managers. */
export const noticeManageQuery = pageQuery.extend({
  statusCode: blankAsUnset(z.enum(NOTICE_STATUSES)),
  title: z.string().max(NOTICE_TITLE_MAX).optional(),
  /** Publish (or scheduled) time from / to; a bare 'YYYY-MM-DD' is the start / the end of that day. */
  dateFrom: blankAsUnset(noticeStartDate),
  dateTo: blankAsUnset(noticeEndDate),
});
export const noticeManagePage = pageOf(noticeDetail);

const noticeFields = {
  title: nonBlank(NOTICE_TITLE_MAX),
  noticeBody: z.string().max(NOTICE_BODY_MAX),
  noticeCategoryCode: code(60).min(1).optional(),
  receiverTypeCode: z.enum(NOTICE_RECEIVER_TYPES).optional(),
  attachmentUuid: uuid.nullable().optional(),
  audienceRoleIds: audienceIds.optional(),
  audienceUnitIds: audienceIds.optional(),
};

export const createNoticeRequest = z.strictObject({
  ...noticeFields,
  /** Publish instead of saving a draft: at once, or at publishAt when that is ahead (SCHEDULED). */
  publish: z.boolean().optional(),
  publishAt: instant.optional(),
});
export type CreateNoticeRequest = z.infer<typeof createNoticeRequest>;

/**
 * The body may come as `noticeBody` (what create takes) or as the GET's `noticeContent.noticeBody`; a
 * client that spreads the GET's object and sets `noticeBody` meant that one, so it wins.
 */
const updateNoticeFields = z
  .strictObject({
    ...noticeFields,
    noticeBody: noticeFields.noticeBody.optional(),
    noticeContent: z.strictObject({ noticeBody: noticeFields.noticeBody }).optional(),
    objectVersionNumber,
  })
  .superRefine((b, ctx) => {
    if (b.noticeBody === undefined && b.noticeContent === undefined)
      ctx.addIssue({ code: 'custom', path: ['noticeBody'], message: 'required' });
  });
export type UpdateNoticeRequest = z.infer<typeof updateNoticeRequest>;

export const noticeDeleteResponse = z.object({ success: z.boolean() });

/** POST /hmsg/v1/{t}/notices/{id}/schedule: publish at publishAt (a past or present instant = now). */
export const scheduleNoticeRequest = z.strictObject({ publishAt: instant, objectVersionNumber });
export type ScheduleNoticeRequest = z.infer<typeof scheduleNoticeRequest>;
/** POST /hmsg/v1/{t}/notices/{id}/withdraw */
export const withdrawNoticeRequest = z.strictObject({ objectVersionNumber });

/** GET /hmsg/v1/{t}/notices/audience-options: what the audience picker offers (roles, unit tree). */
export const noticeAudienceOptions = z.object({
  roles: z.array(
    z.object({ id: z.number().int(), code: z.string(), nameZh: z.string(), nameEn: z.string() }),
  ),
  units: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      parentId: z.number().int().nullable(),
      organizationType: z.string(),
    }),
  ),
});
export type NoticeAudienceOptions = z.infer<typeof noticeAudienceOptions>;

/** GET /hmsg/v1/{t}/notices/{id}/readers: the audience with read / unread. */
export const noticeReadersQuery = pageQuery.extend({
  readFlag: blankAsUnset(readFlagQuery),
  keyword: z.string().max(60).optional(),
});
export const noticeReader = z.object({
  tenantId: z.number().int(),
  userId: z.number().int(),
  loginName: z.string(),
  realName: z.string(),
  readFlag: z.number().int(),
  readDate: z.string().nullable(),
});
export type NoticeReader = z.infer<typeof noticeReader>;
export const noticeReadersPage = pageOf(noticeReader).extend({
  readCount: z.number().int(),
  audienceCount: z.number().int(),
});
export type NoticeReadersPage = z.infer<typeof noticeReadersPage>;

/** GET /hmsg/v1/{t}/messages/user */
export const userMessageQuery = pageQuery.extend({
  readFlag: blankAsUnset(readFlagQuery),
  /** 1 (default) includes content; 0 leaves it empty. */
  withContent: blankAsUnset(readFlagQuery),
  userMessageTypeCode: code(30).optional(),
});

export const userMessageItem = z.object({
  userMessageId: z.number().int(),
  subject: z.string(),
  content: z.string(),
  userMessageTypeCode: z.string(),
  publishedDate: z.string(),
  readFlag: z.number().int(),
});
export type UserMessageItem = z.infer<typeof userMessageItem>;
export const userMessagePage = pageOf(userMessageItem);
export const userMessageIdParam = tenantParam.extend({ id });
export const userMessageCount = z.object({ count: z.number().int() });

/**
 * POST /hmsg/v1/{t}/messages/user/read-flag: readAll 2 marks every announcement read, 3 every notification;
 * userMessageIds marks those notifications.
 */
export const readFlagRequest = z
  .strictObject({
    readAll: z.union([z.literal(2), z.literal(3)]).optional(),
    userMessageIds: z.array(bodyId).max(1000).optional(),
  })
  .refine((b) => b.readAll !== undefined || (b.userMessageIds?.length ?? 0) > 0, {
    error: 'give readAll (2 or 3) or userMessageIds',
  });
export type ReadFlagRequest = z.infer<typeof readFlagRequest>;
export const readFlagResponse = z.object({ count: z.number().int() });

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const updateNoticeRequest = updateBodyOf(updateNoticeFields, noticeDetail).transform(
  ({ noticeContent, noticeBody, ...rest }) => ({
    ...rest,
    noticeBody: noticeBody ?? noticeContent?.noticeBody ?? '',
  }),
);
