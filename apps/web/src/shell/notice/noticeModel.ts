import type { NoticeDetail, NoticeItem, UserMessageItem } from '@tilth/contracts/notice.types';
import { formatIn, fromInstant, type Instant } from '../../shared/format/time';

// Pure pieces of the notice centre (spec 01 §2.12, §3, §4; spec 03 'Notice and approval centre').

/** The permission code of the notice bell (spec 01 §6). */
export const NOTICE_PERMISSION = 'wfpf.farm.user.ps.notice-message';

/** The notice modal's tabs, in order (spec 01 §2.12). */
export const NOTICE_TABS = ['APPROVE', 'ANNOUNCE', 'NOTIFY'] as const;
export type NoticeTab = (typeof NOTICE_TABS)[number];

/** The two lists of the notice centre that read from the server. */
export type NoticeKind = 'announce' | 'notify';

/** Read / unread / all radio filter; 'all' is sent as an empty readFlag. */
export const READ_FILTERS = ['read', 'unread', 'all'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

export const readFlagParam = (filter: ReadFilter): 0 | 1 | '' =>
  filter === 'read' ? 1 : filter === 'unread' ? 0 : '';

/** POST messages/user/read-flag: readAll 2 marks every announcement read, 3 every notification. */
export const readAllCode = (kind: NoticeKind): 2 | 3 => (kind === 'announce' ? 2 : 3);

/** Spec 01 §9 / spec 03 §9: 10 per page with a size changer. */
export const NOTICE_PAGE_SIZE = 10;
export const NOTICE_PAGE_SIZES = [10, 20, 50] as const;
/** Characters of stripped content shown in a list item. */
export const NOTICE_EXCERPT_LENGTH = 140;

/** Widths (spec 01 §9). */
export const NOTICE_MODAL_WIDTH = 1040;
export const NOTICE_DETAIL_WIDTH = 1000;
export const ANNOUNCEMENT_MODAL_WIDTH = 780;

/** The unread badge refreshes every minute. */
export const UNREAD_REFRESH_MS = 60_000;

export interface UnreadCounts {
  announce: number;
  notify: number;
  approve: number;
}

/** The bell's badge: the sum of the tabs' unread counts (each taken as 0 when missing or not a count). */
export const unreadTotal = (counts: Partial<UnreadCounts> | undefined): number => {
  if (!counts) return 0;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  return n(counts.announce) + n(counts.notify) + n(counts.approve);
};

/** The tab the notice modal opens on: the first with something unread, else the announcements. */
export const initialTab = (counts: Partial<UnreadCounts> | undefined): NoticeTab => {
  if ((counts?.approve ?? 0) > 0) return 'APPROVE';
  if ((counts?.announce ?? 0) > 0) return 'ANNOUNCE';
  if ((counts?.notify ?? 0) > 0) return 'NOTIFY';
  return 'ANNOUNCE';
};

/** The paginator is 1-based, the API's page 0-based. */
export const apiPage = (current: number): number => Math.max(0, Math.floor(current) - 1);

/** After reads or deletes a page may fall off the end: the last page that still exists (at least 1). */
export const clampPage = (current: number, totalElements: number, size: number): number => {
  const last = Math.max(1, Math.ceil(totalElements / Math.max(1, size)));
  return Math.min(Math.max(1, current), last);
};

/** endDate of the announcement list: the end of the tenant's today (wall time, read in its zone). */
export const endOfToday = (now: Instant = Date.now()): string =>
  fromInstant(now).endOf('day').format('YYYY-MM-DD HH:mm:ss');

/** Block ends become spaces, so '<p>a</p><p>b</p>' reads 'a b' and not 'ab'. */
const spaceBlocks = (html: string): string =>
  html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)>/gi, (m) => `${m} `);

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Without a DOM (tests, workers): drop tags and decode the common entities. */
const textWithoutDom = (html: string): string =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, code: string) => {
      if (code[0] === '#') {
        const n =
          code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    });

/**
 * The text of an HTML body for list excerpts: DOMParser's textContent (an inert document: no scripts run,
 * no images load), white space collapsed.
 */
export const htmlToText = (html: string | null | undefined): string => {
  if (!html) return '';
  const source = spaceBlocks(html);
  let text: string;
  if (typeof DOMParser === 'undefined') text = textWithoutDom(source);
  else {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    doc.querySelectorAll('script, style').forEach((el) => {
      el.remove();
    });
    text = doc.body.textContent ?? '';
  }
  return text.replace(/\s+/g, ' ').trim();
};

/** Cuts a text to at most `max` characters (code points), ending with an ellipsis when cut. */
export const truncate = (text: string, max: number): string => {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
};

/** A publish time in the tenant's zone and the current dayjs locale, with a format from the locale file; '' when missing. */
export const formatNoticeTime = (value: string | null | undefined, format: string): string => {
  return formatIn(value, format);
};

/** One row of the announcement or notification list. */
export interface NoticeListItem {
  kind: NoticeKind;
  id: number;
  title: string;
  /** HTML. */
  body: string;
  /** Null for notifications (sent by the system). */
  publisher: string | null;
  publishedDate: string | null;
  unread: boolean;
  /** A platform (tenant 0) announcement. */
  platform: boolean;
}

export const fromNotice = (n: NoticeItem): NoticeListItem => ({
  kind: 'announce',
  id: n.noticeId,
  title: n.title,
  body: n.noticeContent?.noticeBody ?? '',
  publisher: n.publishedByUser,
  publishedDate: n.publishedDate,
  unread: n.readFlag === 0,
  platform: n.platformFlag,
});

export const fromMessage = (m: UserMessageItem): NoticeListItem => ({
  kind: 'notify',
  id: m.userMessageId,
  title: m.subject,
  body: m.content,
  publisher: null,
  publishedDate: m.publishedDate,
  unread: m.readFlag === 0,
  platform: false,
});

export interface NoticeAttachment {
  fileUrl: string;
  fileName: string;
}

/** What the detail modal shows. */
export interface NoticeView {
  title: string;
  /** HTML, sanitised by the server on write. */
  body: string;
  publisher: string | null;
  publishedDate: string | null;
  attachments: NoticeAttachment[];
}

export const viewOfNotice = (n: NoticeDetail): NoticeView => ({
  title: n.title,
  body: n.noticeContent?.noticeBody ?? '',
  publisher: n.publishedByUser,
  publishedDate: n.publishedDate,
  attachments: n.attachments ?? [],
});

export const viewOfMessage = (m: UserMessageItem): NoticeView => ({
  title: m.subject,
  body: m.content,
  publisher: null,
  publishedDate: m.publishedDate,
  attachments: [],
});

/** Which notice a detail modal shows; `unread` says whether opening it must mark it read. */
export interface NoticeTarget {
  kind: NoticeKind;
  id: number;
  unread: boolean;
}

/** A file name for the download: the attachment's, else the last segment of its address. */
export const downloadName = (a: NoticeAttachment): string => {
  const name = a.fileName.trim();
  if (name) return name;
  const last = a.fileUrl.split('?')[0]?.split('/').filter(Boolean);
  return last?.[last.length - 1] === 'file'
    ? (last[last.length - 2] ?? 'download')
    : (last?.pop() ?? 'download');
};

/**
 * Whether the bearer token may go with a request to this address: only to this console's own server
 * (relative paths or the same origin), never to a third party.
 */
export const sameOrigin = (url: string, origin: string): boolean => {
  try {
    return new URL(url, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
};
