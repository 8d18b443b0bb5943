import { APPROVAL_DOC_TYPE_DEFS, type ApprovalDocType } from '@tilth/contracts';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { ProcessRow } from './process.repository.js';

// Texts of the system notifications approvals send (spec 01 §2.12 'system notifications'), in the language
// of the request or job that causes them.

export type ApprovalNoticeKind = 'task' | 'cc' | 'finished' | 'rejected' | 'remind' | 'timeout';

const TEXT: Record<ApprovalNoticeKind, Record<Lang, { subject: string; content: string }>> = {
  task: {
    'zh-CN': { subject: '待审批：{form} {code}', content: '{applicant} 提交的{form} {code} 等待您审批。' },
    'en-US': {
      subject: 'Approval needed: {form} {code}',
      content: '{form} {code} submitted by {applicant} is waiting for your approval.',
    },
  },
  cc: {
    'zh-CN': { subject: '抄送：{form} {code}', content: '{applicant} 提交的{form} {code} 已抄送给您。' },
    'en-US': {
      subject: 'Copied to you: {form} {code}',
      content: '{form} {code} submitted by {applicant} was copied to you.',
    },
  },
  finished: {
    'zh-CN': { subject: '审批通过：{form} {code}', content: '您提交的{form} {code} 已审批通过。' },
    'en-US': { subject: 'Approved: {form} {code}', content: 'Your {form} {code} has been approved.' },
  },
  rejected: {
    'zh-CN': {
      subject: '审批驳回：{form} {code}',
      content: '您提交的{form} {code} 被驳回，可修改后重新提交。',
    },
    'en-US': {
      subject: 'Rejected: {form} {code}',
      content: 'Your {form} {code} was rejected; you may change it and submit it again.',
    },
  },
  remind: {
    'zh-CN': { subject: '催办：{form} {code}', content: '{form} {code} 仍在等待您审批，请尽快处理。' },
    'en-US': {
      subject: 'Reminder: {form} {code}',
      content: '{form} {code} is still waiting for your approval.',
    },
  },
  timeout: {
    'zh-CN': {
      subject: '审批即将超时：{form} {code}',
      content: '{form} {code} 的审批即将超时，请尽快处理。',
    },
    'en-US': {
      subject: 'Approval due soon: {form} {code}',
      content: 'The approval of {form} {code} is due soon.',
    },
  },
};

/** The document type's name in a language (stored rows keep the zh-CN name). */
export const formNameOf = (docType: string, lang: Lang): string =>
  APPROVAL_DOC_TYPE_DEFS[docType as ApprovalDocType]?.name[lang] ?? docType;

export const approvalText = (
  lang: Lang,
  kind: ApprovalNoticeKind,
  proc: Pick<ProcessRow, 'docType' | 'formCode'>,
  applicant = '',
): { subject: string; content: string } => {
  const t = TEXT[kind][lang];
  const fill = (s: string) =>
    s
      .replaceAll('{form}', formNameOf(proc.docType, lang))
      .replaceAll('{code}', proc.formCode)
      .replaceAll('{applicant}', applicant);
  return { subject: fill(t.subject), content: fill(t.content) };
};
