import type { InquiryPublishAnswer, InquiryPublishBody } from '@tilth/contracts/inquiry.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Db } from '../../../platform/db/client.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { createArticleDraft } from '../article/index.js';
import { InquiryErrors } from './inquiry.errors.js';
import type { Scope } from './inquiry.thread.js';
import { detailOf } from './inquiry.thread.js';

// A good answer published as a draft article (issue 19 item 5): the question and the experts' answers, never
// the farmer's name, photos or plot; the draft is the article editor's to finish and publish.

const ARTICLE_CREATE: PermissionCode = 'wfpf.company.system.article.ps.create';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HEAD = {
  'zh-CN': { question: '问题', answer: '专家解答', crop: '作物' },
  'en-US': { question: 'Question', answer: "The expert's answer", crop: 'Crop' },
} as const;

/** The article body from the inquiry read in its own tenant (`from`). */
export const articleBodyOf = async (from: Scope, inquiryId: number) => {
  const d = await detailOf(from, inquiryId, (p) => p.fileUrl);
  const answers = d.messages.filter((m) => m.kind === 'answer');
  if (answers.length === 0) throw InquiryErrors.nothingToPublish();
  const h = HEAD[from.lang];
  const content = [
    `<h3>${h.question}</h3>`,
    `<p>${h.crop}: ${escapeHtml(d.cropName)}</p>`,
    ...d.question.split(/\n+/).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<h3>${h.answer}</h3>`,
    ...answers.map((a) => a.body),
  ].join('');
  return { title: d.title, content };
};

/**
 * Creates the draft in `ctx`'s tenant with the caller's transaction `db`. The caller has checked that the
 * user is an expert of the inquiry (or holds the article create code): an expert publishes through this one
 * path without holding the article editor's codes, so the draft-create right is lent for this call only.
 */
export const publishDraft = async (
  ctx: TenantCtx,
  db: Db,
  body: InquiryPublishBody,
  draft: { title: string; content: string },
  inquiryId: number,
): Promise<InquiryPublishAnswer> => {
  const permissions = new Set([...ctx.permissions, ARTICLE_CREATE]);
  const { id } = await createArticleDraft(
    { ...ctx, db, permissions, transact: (fn) => fn(db) },
    { title: body.title || draft.title, content: draft.content, sourceInquiryId: inquiryId },
  );
  return { articleId: id, editorPath: `/system/graphic-editor?id=${id}`, tenantId: ctx.tenantId };
};
