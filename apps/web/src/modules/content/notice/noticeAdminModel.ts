import type { NoticeStatus } from '@tilth/contracts/notice.types';
import type { Query } from '../../../shared/api/client';
import { fromInstant, toInstant } from '../../../shared/format/time';
import type { NoticeAudienceOptions, NoticeDetail } from './notice.api';

// The announcements admin's rules (issue 19 item 1), kept apart from the screens so they are unit-tested.

export type { NoticeStatus };

export const STATUS_COLOR: Record<NoticeStatus, string> = {
  DRAFT: 'default',
  SCHEDULED: 'processing',
  PUBLISHED: 'success',
  WITHDRAWN: 'warning',
};

export const asStatus = (code: string): NoticeStatus =>
  code === 'SCHEDULED' || code === 'PUBLISHED' || code === 'WITHDRAWN' ? code : 'DRAFT';

export type NoticeAction = 'edit' | 'publish' | 'schedule' | 'withdraw' | 'delete' | 'readers';

/** What a row offers in each state: published ones are withdrawn before they can be deleted. */
export const actionsFor = (status: NoticeStatus): ReadonlySet<NoticeAction> => {
  switch (status) {
    case 'DRAFT':
      return new Set(['edit', 'publish', 'schedule', 'delete']);
    case 'SCHEDULED':
      return new Set(['edit', 'publish', 'schedule', 'withdraw']);
    case 'PUBLISHED':
      return new Set(['edit', 'withdraw', 'readers']);
    case 'WITHDRAWN':
      return new Set(['edit', 'publish', 'schedule', 'delete', 'readers']);
  }
};

/** "12 / 40", numbers in the interface language. */
export const readRatio = (n: Pick<NoticeDetail, 'readCount' | 'audienceCount'>, lang: string): string => {
  const f = new Intl.NumberFormat(lang);
  return `${f.format(n.readCount)} / ${f.format(n.audienceCount)}`;
};

/** The share read, 0–100 (0 for an empty audience). */
export const readPercent = (n: Pick<NoticeDetail, 'readCount' | 'audienceCount'>): number =>
  n.audienceCount === 0 ? 0 : Math.round((n.readCount / n.audienceCount) * 100);

export type AudienceLabel = { kind: 'platform' } | { kind: 'all' } | { kind: 'some'; names: string[] };

/** Who a notice addresses, by name (ids the options no longer know are shown as '#id'). */
export const audienceOf = (
  n: Pick<NoticeDetail, 'audienceRoleIds' | 'audienceUnitIds' | 'platformFlag'>,
  options: NoticeAudienceOptions | undefined,
  lang: string,
): AudienceLabel => {
  if (n.platformFlag) return { kind: 'platform' };
  if (n.audienceRoleIds.length === 0 && n.audienceUnitIds.length === 0) return { kind: 'all' };
  const en = lang.startsWith('en');
  const roles = new Map((options?.roles ?? []).map((r) => [r.id, en ? r.nameEn : r.nameZh]));
  const units = new Map((options?.units ?? []).map((u) => [u.id, u.name]));
  return {
    kind: 'some',
    names: [
      ...n.audienceRoleIds.map((id) => roles.get(id) ?? `#${id}`),
      ...n.audienceUnitIds.map((id) => units.get(id) ?? `#${id}`),
    ],
  };
};

export interface UnitTreeNode {
  value: number;
  title: string;
  children: UnitTreeNode[];
}

/** The units as a tree for the picker (a unit whose parent is unknown becomes a root). */
export const unitTree = (units: NoticeAudienceOptions['units']): UnitTreeNode[] => {
  const nodes = new Map(
    units.map((u) => [u.id, { value: u.id, title: u.name, children: [] as UnitTreeNode[] }]),
  );
  const roots: UnitTreeNode[] = [];
  for (const u of units) {
    const node = nodes.get(u.id);
    if (!node) continue;
    const parent = u.parentId === null ? undefined : nodes.get(u.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** When to publish, as the form asks it. */
export type PublishMode = 'draft' | 'now' | 'schedule';

export interface NoticeFormValues {
  title: string;
  noticeBody: string;
  audience: 'all' | 'some';
  audienceRoleIds: number[];
  audienceUnitIds: number[];
  mode: PublishMode;
  /** ISO instant of the scheduled time (mode 'schedule'). */
  publishAt?: string | undefined;
}

export type FormProblem = 'titleBlank' | 'bodyBlank' | 'audienceEmpty' | 'timeMissing' | 'timePast';

/** A body with no text, image or video is empty (what the server refuses too). */
export const isBlankBody = (html: string): boolean =>
  html.replace(/<(?!img|video)[^>]*>|&nbsp;|\s/gi, '') === '';

/** What is wrong with the form before it goes out, first problem first; null when it may be sent. */
export const formProblem = (v: NoticeFormValues, now: number): FormProblem | null => {
  if (v.title.trim() === '') return 'titleBlank';
  if (isBlankBody(v.noticeBody)) return 'bodyBlank';
  if (v.audience === 'some' && v.audienceRoleIds.length + v.audienceUnitIds.length === 0)
    return 'audienceEmpty';
  if (v.mode === 'schedule') {
    if (!v.publishAt) return 'timeMissing';
    if (Date.parse(v.publishAt) <= now) return 'timePast';
  }
  return null;
};

/** The written fields as the API takes them (the whole tenant = no roles and no units). */
export const writeBody = (v: NoticeFormValues, attachmentUuid: string | null) => ({
  title: v.title.trim(),
  noticeBody: v.noticeBody,
  audienceRoleIds: v.audience === 'some' ? v.audienceRoleIds : [],
  audienceUnitIds: v.audience === 'some' ? v.audienceUnitIds : [],
  attachmentUuid,
});

/** The create call's body: a draft, published now, or scheduled. */
export const createBody = (v: NoticeFormValues, attachmentUuid: string | null) => ({
  ...writeBody(v, attachmentUuid),
  ...(v.mode === 'draft' ? {} : { publish: true }),
  ...(v.mode === 'schedule' && v.publishAt ? { publishAt: v.publishAt } : {}),
});

/** The form's starting values for a notice (or a new one). */
export const formValuesOf = (n: NoticeDetail | undefined): NoticeFormValues => {
  const status = n ? asStatus(n.statusCode) : 'DRAFT';
  return {
    title: n?.title ?? '',
    noticeBody: n?.noticeContent.noticeBody ?? '',
    audience: n && n.audienceRoleIds.length + n.audienceUnitIds.length > 0 ? 'some' : 'all',
    audienceRoleIds: n?.audienceRoleIds ?? [],
    audienceUnitIds: n?.audienceUnitIds ?? [],
    mode: status === 'SCHEDULED' ? 'schedule' : 'draft',
    publishAt: status === 'SCHEDULED' ? (n?.publishedDate ?? undefined) : undefined,
  };
};

/** Whether the form asks when to publish: not for one already out (withdraw it first). */
export const asksWhen = (status: NoticeStatus | undefined): boolean => status !== 'PUBLISHED';

/** The filter's status choices, in the order an announcement goes through them. */
export const NOTICE_STATUS_LIST: readonly NoticeStatus[] = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN'];

/**
 * The date filter's days are the tenant's days: sent as instants (start of the first, end of the last) so
 * the server's own time zone does not matter.
 */
export const withDayInstants = <Q extends Query>(q: Q): Q => {
  const out: Query = { ...q };
  if (typeof q.dateFrom === 'string') out.dateFrom = toInstant(fromInstant(q.dateFrom).startOf('day'));
  if (typeof q.dateTo === 'string') out.dateTo = toInstant(fromInstant(q.dateTo).endOf('day'));
  return out as Q;
};
