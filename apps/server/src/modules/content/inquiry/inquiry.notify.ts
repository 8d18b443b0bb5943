import type { Db } from '../../../platform/db/client.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { NotificationService } from '../../messaging/notice/index.js';

// Notifications of the inquiry thread (the bell's NOTIFY tab), each linking to the inquiry.

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type InquiryEvent = 'asked' | 'answer' | 'ask_back' | 'reply' | 'closed';

const SUBJECT: Record<InquiryEvent, Record<Lang, string>> = {
  asked: { 'zh-CN': '新的专家问诊：{title}', 'en-US': 'New inquiry for experts: {title}' },
  answer: { 'zh-CN': '专家已解答您的问诊：{title}', 'en-US': 'An expert answered your inquiry: {title}' },
  ask_back: { 'zh-CN': '专家就您的问诊追问：{title}', 'en-US': 'An expert asks you about: {title}' },
  reply: { 'zh-CN': '农户回复了问诊：{title}', 'en-US': 'The farmer replied to: {title}' },
  closed: { 'zh-CN': '问诊已关闭：{title}', 'en-US': 'Inquiry closed: {title}' },
};
const OPEN: Record<Lang, string> = { 'zh-CN': '查看问诊', 'en-US': 'Open the inquiry' };

/** The console link of an inquiry: the pool view for pool experts (they are not members of its tenant). */
export const inquiryLink = (tenantId: number, inquiryId: number, pool: boolean): string =>
  pool
    ? `/web/agriculture/expert-inquiry?pool=1&askTenantId=${tenantId}&id=${inquiryId}`
    : `/web/agriculture/expert-inquiry?id=${inquiryId}`;

/** Sends one event's notification to users of `tenantId`, in the transaction db of that tenant. */
export const notifyInquiry = async (
  base: Pick<Ctx, 'user' | 'lang' | 'timeZone' | 'log'>,
  db: Db,
  tenantId: number,
  userIds: readonly number[],
  event: InquiryEvent,
  inquiry: { tenantId: number; id: number; title: string },
  extra = '',
): Promise<void> => {
  if (userIds.length === 0) return;
  const ctx: Ctx = {
    ...base,
    tenantId,
    db,
    permissions: new Set(),
    transact: (fn) => fn(db),
  };
  const href = inquiryLink(inquiry.tenantId, inquiry.id, tenantId !== inquiry.tenantId);
  const subject = SUBJECT[event][base.lang].replace('{title}', inquiry.title);
  const note = extra ? `<p>${escapeHtml(extra)}</p>` : '';
  const content = `${note}<p><a href="${href}">${OPEN[base.lang]}</a></p>`;
  await NotificationService.notify(ctx, { userIds, subject, content });
};
