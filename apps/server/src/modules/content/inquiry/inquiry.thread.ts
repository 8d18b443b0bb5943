import {
  INQUIRY_STALE_DAYS,
  type Inquiry,
  type InquiryCloseBody,
  type InquiryDetail,
  type InquiryExpertBody,
  type InquiryPhoto,
  type InquiryReplyBody,
} from '@tilth/contracts/inquiry.types';
import type { Db } from '../../../platform/db/client.js';
import { CommonErrors } from '../../../platform/errors.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { sanitizeNoticeHtml } from '../../messaging/notice/index.js';
import { InquiryErrors } from './inquiry.errors.js';
import type { InquiryEvent } from './inquiry.notify.js';
import {
  findInquiry,
  type InquiryChange,
  type InquiryListRow,
  type InquiryRow,
  insertMessage,
  listMessages,
  lockInquiry,
  updateInquiry,
} from './inquiry.repository.js';

// The thread of one inquiry, shared by the tenant's routes and the platform pool's (ADR 0018): every
// function runs in a transaction of the inquiry's own tenant (`scope`), whoever acts.

/** The inquiry's tenant and the open transaction of it. */
export interface Scope {
  db: Db;
  tenantId: number;
  lang: Lang;
}

/** Who acts, and from which tenant (0 for a pool expert). */
export interface Actor {
  id: number;
  name: string;
  tenantId: number;
}

/** A notification owed to users of one tenant. */
export interface Owed {
  tenantId: number;
  userIds: number[];
  event: InquiryEvent;
  inquiry: { tenantId: number; id: number; title: string };
  extra?: string;
}

const seconds = (from: Date, to: Date | null): number | null =>
  to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null;

/** Photo addresses as the viewer may fetch them (a pool expert through the pool's photo route). */
export type PhotoUrl = (p: InquiryPhoto) => string;

export const toInquiry = (r: InquiryListRow, url: PhotoUrl): Inquiry => ({
  inquiryId: r.id,
  tenantId: r.tenantId,
  title: r.title,
  question: r.question,
  cropId: r.cropId,
  cropName: r.cropName ?? '',
  landId: r.landId,
  landName: r.landName ?? '',
  batchId: r.batchId,
  batchName: r.batchName,
  urgency: r.urgency as Inquiry['urgency'],
  audience: r.audience as Inquiry['audience'],
  status: r.status as Inquiry['status'],
  photos: r.photos.map((p) => ({ fileId: p.fileId, fileUrl: url(p) })),
  identificationNote: r.identificationNote,
  askerId: r.askerId,
  askerName: r.askerName,
  expertId: r.expertId,
  expertName: r.expertName,
  rating: r.rating,
  ratingComment: r.ratingComment,
  closedBy: (r.closedBy as Inquiry['closedBy']) ?? null,
  firstResponseDate: r.firstResponseAt?.toISOString() ?? null,
  firstResponseSeconds: seconds(r.creationDate, r.firstResponseAt),
  closedDate: r.closedAt?.toISOString() ?? null,
  resolutionSeconds: seconds(r.creationDate, r.closedAt),
  lastActivityDate: r.lastActivityAt.toISOString(),
  messageCount: r.messageCount,
  creationDate: r.creationDate.toISOString(),
  objectVersionNumber: r.objectVersionNumber,
});

export const detailOf = async (s: Scope, id: number, url: PhotoUrl): Promise<InquiryDetail> => {
  const r = await findInquiry(s.db, s.tenantId, s.lang, id);
  if (!r) throw InquiryErrors.notFound();
  const messages = await listMessages(s.db, s.tenantId, id);
  return {
    ...toInquiry(r, url),
    messages: messages.map((x) => ({
      messageId: x.id,
      kind: x.kind as InquiryDetail['messages'][number]['kind'],
      authorRole: x.authorRole as 'farmer' | 'expert',
      authorName: x.authorName,
      body: x.body,
      photos: x.photos.map((p) => ({ fileId: p.fileId, fileUrl: url(p) })),
      creationDate: x.creationDate.toISOString(),
    })),
  };
};

/** The inquiry locked, still open and at the version the caller saw. */
const openAt = async (s: Scope, id: number, version: number): Promise<InquiryRow> => {
  const r = await lockInquiry(s.db, s.tenantId, id);
  if (!r) throw InquiryErrors.notFound();
  if (r.objectVersionNumber !== version) throw CommonErrors.stale();
  if (r.status === 'closed') throw InquiryErrors.closed();
  return r;
};

const save = async (s: Scope, r: InquiryRow, actor: Actor, change: InquiryChange): Promise<void> => {
  const done = await updateInquiry(s.db, s.tenantId, r.id, r.objectVersionNumber, actor.id, change);
  if (!done) throw CommonErrors.stale();
};

const ref = (r: InquiryRow) => ({ tenantId: r.tenantId, id: r.id, title: r.title });

/** An expert's answer or ask-back: the first one makes them the inquiry's expert; the farmer is told. */
export const expertSays = async (
  s: Scope,
  actor: Actor,
  id: number,
  kind: 'answer' | 'ask_back',
  body: InquiryExpertBody,
): Promise<Owed[]> => {
  const r = await openAt(s, id, body.objectVersionNumber);
  const html = sanitizeNoticeHtml(body.body);
  if (html.replace(/<[^>]*>/g, '').trim() === '')
    throw CommonErrors.validation({ detail: 'body: required, may not be blank' });
  const now = new Date();
  await insertMessage(s.db, s.tenantId, {
    inquiryId: r.id,
    kind,
    authorRole: 'expert',
    authorId: actor.id,
    authorName: actor.name,
    authorTenantId: actor.tenantId,
    body: html,
    creationDate: now,
  });
  await save(s, r, actor, {
    status: kind === 'answer' ? 'answered' : 'asked_back',
    firstResponseAt: r.firstResponseAt ?? now,
    lastActivityAt: now,
    ...(r.expertId === null
      ? { expertId: actor.id, expertName: actor.name, expertTenantId: actor.tenantId }
      : {}),
  });
  // The notification carries the start of the answer as plain text (the link opens the whole thread).
  const excerpt = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return [{ tenantId: r.tenantId, userIds: [r.askerId], event: kind, inquiry: ref(r), extra: excerpt }];
};

/** The farmer adds to the thread (answering an ask-back, or a follow-up): it waits for an expert again. */
export const farmerReplies = async (
  s: Scope,
  actor: Actor,
  id: number,
  body: InquiryReplyBody,
  photos: InquiryPhoto[],
): Promise<Owed[]> => {
  const r = await openAt(s, id, body.objectVersionNumber);
  if (r.askerId !== actor.id) throw InquiryErrors.notAsker();
  const now = new Date();
  await insertMessage(s.db, s.tenantId, {
    inquiryId: r.id,
    kind: 'reply',
    authorRole: 'farmer',
    authorId: actor.id,
    authorName: actor.name,
    authorTenantId: actor.tenantId,
    body: body.body,
    photos,
    creationDate: now,
  });
  await save(s, r, actor, { status: 'open', lastActivityAt: now });
  return toExpert(r, 'reply');
};

const toExpert = (r: InquiryRow, event: InquiryEvent, extra?: string): Owed[] =>
  r.expertId !== null && r.expertTenantId !== null
    ? [
        {
          tenantId: r.expertTenantId,
          userIds: [r.expertId],
          event,
          inquiry: ref(r),
          ...(extra ? { extra } : {}),
        },
      ]
    : [];

/**
 * Closing. The farmer closes with a rating (1–5) and the expert is told; an expert closes only an inquiry
 * the farmer has left silent for INQUIRY_STALE_DAYS after an expert spoke, and the farmer is told.
 */
export const closeInquiry = async (
  s: Scope,
  actor: Actor,
  role: 'farmer' | 'expert',
  id: number,
  body: InquiryCloseBody,
): Promise<Owed[]> => {
  const r = await openAt(s, id, body.objectVersionNumber);
  const now = new Date();
  if (role === 'farmer') {
    if (r.askerId !== actor.id) throw InquiryErrors.notAsker();
    if (body.rating === undefined) throw InquiryErrors.ratingRequired();
  } else {
    const silentMs = now.getTime() - r.lastActivityAt.getTime();
    const waitingForFarmer = r.status === 'answered' || r.status === 'asked_back';
    if (!waitingForFarmer || silentMs < INQUIRY_STALE_DAYS * 86_400_000)
      throw InquiryErrors.notStale({ days: INQUIRY_STALE_DAYS });
  }
  await insertMessage(s.db, s.tenantId, {
    inquiryId: r.id,
    kind: 'close',
    authorRole: role,
    authorId: actor.id,
    authorName: actor.name,
    authorTenantId: actor.tenantId,
    body: body.comment,
    creationDate: now,
  });
  await save(s, r, actor, {
    status: 'closed',
    closedBy: role,
    closedAt: now,
    lastActivityAt: now,
    ...(role === 'farmer' ? { rating: body.rating ?? null, ratingComment: body.comment } : {}),
  });
  if (role === 'expert')
    return [{ tenantId: r.tenantId, userIds: [r.askerId], event: 'closed', inquiry: ref(r) }];
  return toExpert(r, 'closed', `${'★'.repeat(body.rating ?? 0)} ${body.comment}`.trim());
};
