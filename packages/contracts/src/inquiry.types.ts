import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
  trimmedText,
} from './common.types.js';

// Expert inquiry (issue 19 item 5): a farmer asks about a crop on a plot with photos; experts of the
// tenant, or of the platform's expert pool when the farmer asks the platform, answer, ask back and close.

export const INQUIRY_TITLE_MAX = 60;
export const INQUIRY_QUESTION_MAX = 2000;
export const INQUIRY_MESSAGE_MAX = 20_000;
export const INQUIRY_PHOTOS_MAX = 6;
export const INQUIRY_PHOTO_BYTES_MAX = 10 * 1024 * 1024;
export const INQUIRY_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const INQUIRY_COMMENT_MAX = 500;
/** An expert may close an inquiry the farmer left alone this long (days since its last message). */
export const INQUIRY_STALE_DAYS = 7;

export const INQUIRY_STATUSES = ['open', 'asked_back', 'answered', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const INQUIRY_URGENCIES = ['low', 'normal', 'urgent'] as const;
export type InquiryUrgency = (typeof INQUIRY_URGENCIES)[number];
/** Who is asked: the tenant's own experts, or the platform's expert pool. */
export const INQUIRY_AUDIENCES = ['tenant', 'pool'] as const;
export type InquiryAudience = (typeof INQUIRY_AUDIENCES)[number];
export const INQUIRY_MESSAGE_KINDS = ['answer', 'ask_back', 'reply', 'close'] as const;
export type InquiryMessageKind = (typeof INQUIRY_MESSAGE_KINDS)[number];
/** Lists: mine (what I asked), queue (open, oldest first), answered (by me), all (every one I may see). */
export const INQUIRY_SCOPES = ['mine', 'queue', 'answered', 'all'] as const;

export const inquiryPhoto = z.object({ fileId: z.string(), fileUrl: z.string() });
export type InquiryPhoto = z.infer<typeof inquiryPhoto>;

export const inquiryMessage = z.object({
  messageId: z.number().int(),
  kind: z.enum(INQUIRY_MESSAGE_KINDS),
  authorRole: z.enum(['farmer', 'expert']),
  authorName: z.string(),
  /** Answers and ask-backs are sanitised HTML; replies and close notes are plain text. */
  body: z.string(),
  photos: z.array(inquiryPhoto),
  creationDate: z.string(),
});
export type InquiryMessage = z.infer<typeof inquiryMessage>;

export const inquiry = z.object({
  inquiryId: z.number().int(),
  tenantId: z.number().int(),
  title: z.string(),
  question: z.string(),
  cropId: z.number().int(),
  cropName: z.string(),
  landId: z.number().int(),
  landName: z.string(),
  batchId: z.number().int().nullable(),
  batchName: z.string().nullable(),
  urgency: z.enum(INQUIRY_URGENCIES),
  audience: z.enum(INQUIRY_AUDIENCES),
  status: z.enum(INQUIRY_STATUSES),
  photos: z.array(inquiryPhoto),
  /** The note the identification screen attached (its top candidates), if the farmer came from there. */
  identificationNote: z.string(),
  askerId: z.number().int(),
  askerName: z.string(),
  expertId: z.number().int().nullable(),
  expertName: z.string().nullable(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  closedBy: z.enum(['farmer', 'expert']).nullable(),
  firstResponseDate: z.string().nullable(),
  /** Seconds from asking to the first expert message; null while none. */
  firstResponseSeconds: z.number().int().nullable(),
  closedDate: z.string().nullable(),
  /** Seconds from asking to closing; null while open. */
  resolutionSeconds: z.number().int().nullable(),
  lastActivityDate: z.string(),
  messageCount: z.number().int(),
  creationDate: z.string(),
  objectVersionNumber: z.number().int(),
});
export type Inquiry = z.infer<typeof inquiry>;

export const inquiryDetail = inquiry.extend({ messages: z.array(inquiryMessage) });
export type InquiryDetail = z.infer<typeof inquiryDetail>;

export const inquiryPage = pageOf(inquiry);

export const inquiryListQuery = pageQuery.extend({
  scope: z.enum(INQUIRY_SCOPES).default('mine'),
  status: blankAsUnset(z.enum(INQUIRY_STATUSES)),
  urgency: blankAsUnset(z.enum(INQUIRY_URGENCIES)),
  cropId: blankAsUnset(queryId),
  keyword: blankAsUnset(z.string().max(100)),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuery>;

const fileIds = z.array(z.uuid()).max(INQUIRY_PHOTOS_MAX, {
  error: `photoFileIds: at most ${INQUIRY_PHOTOS_MAX} photos`,
});

export const inquiryCreateBody = z.strictObject({
  title: requiredText(INQUIRY_TITLE_MAX),
  question: requiredText(INQUIRY_QUESTION_MAX),
  cropId: bodyId,
  landId: bodyId,
  batchId: bodyId.nullable().optional(),
  photoFileIds: fileIds.default([]),
  urgency: z.enum(INQUIRY_URGENCIES).default('normal'),
  audience: z.enum(INQUIRY_AUDIENCES).default('tenant'),
  identificationNote: trimmedText(500).default(''),
});
export type InquiryCreateBody = z.infer<typeof inquiryCreateBody>;

export const inquiryIdParam = tenantParam.extend({ inquiryId: queryId });
export const poolInquiryParam = tenantParam.extend({
  askTenantId: z.coerce.number().int().min(1),
  inquiryId: queryId,
});
export const poolPhotoParam = poolInquiryParam.extend({ fileId: z.uuid() });

/** An answer or ask-back (HTML, sanitised on the server). */
export const inquiryExpertBody = z.strictObject({
  body: requiredText(INQUIRY_MESSAGE_MAX),
  objectVersionNumber,
});
export type InquiryExpertBody = z.infer<typeof inquiryExpertBody>;

/** The farmer's reply (plain text, optional photos). */
export const inquiryReplyBody = z.strictObject({
  body: requiredText(INQUIRY_QUESTION_MAX),
  photoFileIds: fileIds.default([]),
  objectVersionNumber,
});
export type InquiryReplyBody = z.infer<typeof inquiryReplyBody>;

/** Closing: the farmer rates (1–5, required); an expert closes a stale one with a note. */
export const inquiryCloseBody = z.strictObject({
  rating: z.number().int().min(1).max(5).optional(),
  comment: trimmedText(INQUIRY_COMMENT_MAX).default(''),
  objectVersionNumber,
});
export type InquiryCloseBody = z.infer<typeof inquiryCloseBody>;

export const inquiryDashboard = z.object({
  queueCount: z.number().int(),
  oldestOpenDate: z.string().nullable(),
  myAnsweredCount: z.number().int(),
  averageRating: z.number().nullable(),
  ratedCount: z.number().int(),
  averageFirstResponseSeconds: z.number().int().nullable(),
});
export type InquiryDashboard = z.infer<typeof inquiryDashboard>;

/** What the ask form offers: the tenant's crops, plots and growing batches (each with its plot). */
export const inquiryOptions = z.object({
  crops: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  batches: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      landId: z.number().int().nullable(),
      cropId: z.number().int(),
    }),
  ),
});
export type InquiryOptions = z.infer<typeof inquiryOptions>;

/** Publishing an inquiry's answers as a draft article (the farmer's identity is not copied). */
export const inquiryPublishBody = z.strictObject({
  title: trimmedText(INQUIRY_TITLE_MAX).optional(),
});
export type InquiryPublishBody = z.infer<typeof inquiryPublishBody>;
export const inquiryPublishAnswer = z.object({
  articleId: z.number().int(),
  /** Where the draft opens in the console (the article editor, in the tenant it was made in). */
  editorPath: z.string(),
  tenantId: z.number().int(),
});
export type InquiryPublishAnswer = z.infer<typeof inquiryPublishAnswer>;
