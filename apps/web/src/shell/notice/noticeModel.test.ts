import type { NoticeDetail, NoticeItem, UserMessageItem } from '@tilth/contracts/notice.types';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { describe, expect, it } from 'vitest';
import { APPROVAL_VIEWS, approvalStatuses } from './approvalModel';
import {
  apiPage,
  clampPage,
  downloadName,
  endOfToday,
  formatNoticeTime,
  fromMessage,
  fromNotice,
  htmlToText,
  initialTab,
  READ_FILTERS,
  readAllCode,
  readFlagParam,
  sameOrigin,
  truncate,
  unreadTotal,
  viewOfMessage,
  viewOfNotice,
} from './noticeModel';

// Read through Vite (the locale files are outside the TypeScript project).
const locales = import.meta.glob<Record<string, string>>('../../locales/*/notice.json', {
  eager: true,
  import: 'default',
});
const enUS = locales['../../locales/en-US/notice.json'] ?? {};
const zhCN = locales['../../locales/zh-CN/notice.json'] ?? {};

const notice: NoticeItem = {
  noticeId: 7,
  id: 7,
  title: 'Spring planting',
  publishedDate: '2026-03-01T08:30:00.000Z',
  publishedByUser: 'Admin',
  readFlag: 0,
  attachmentUuid: null,
  platformFlag: true,
  noticeContent: { noticeBody: '<p>Check the <b>nursery</b>.</p><p>By Friday.</p>' },
};

const message: UserMessageItem = {
  userMessageId: 4,
  subject: 'Device offline',
  content: 'Gateway #1 is offline',
  userMessageTypeCode: 'NOTICE',
  publishedDate: '2026-03-02T10:00:00.000Z',
  readFlag: 1,
};

describe('unread badge', () => {
  it('sums the tabs, ignoring missing or bad counts', () => {
    expect(unreadTotal({ announce: 2, notify: 3, approve: 1 })).toBe(6);
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal({ announce: 2 })).toBe(2);
    expect(unreadTotal({ announce: -1, notify: Number.NaN, approve: 4 })).toBe(4);
  });

  it('opens the modal on the first tab with something unread', () => {
    expect(initialTab({ announce: 0, notify: 2, approve: 0 })).toBe('NOTIFY');
    expect(initialTab({ announce: 1, notify: 2, approve: 0 })).toBe('ANNOUNCE');
    expect(initialTab({ announce: 1, notify: 2, approve: 3 })).toBe('APPROVE');
    expect(initialTab(undefined)).toBe('ANNOUNCE');
  });
});

describe('list queries', () => {
  it('sends read 1, unread 0 and all as an empty readFlag', () => {
    expect(READ_FILTERS.map(readFlagParam)).toEqual([1, 0, '']);
  });

  it('marks all read with readAll 2 for announcements and 3 for notifications', () => {
    expect(readAllCode('announce')).toBe(2);
    expect(readAllCode('notify')).toBe(3);
  });

  it('turns the 1-based paginator page into the 0-based API page', () => {
    expect(apiPage(1)).toBe(0);
    expect(apiPage(3)).toBe(2);
    expect(apiPage(0)).toBe(0);
  });

  it('steps back to the last page that exists', () => {
    expect(clampPage(3, 25, 10)).toBe(3);
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(2, 0, 10)).toBe(1);
    expect(clampPage(0, 5, 10)).toBe(1);
  });

  it('asks for announcements up to the end of today', () => {
    expect(endOfToday('2026-03-05T09:15:00')).toBe('2026-03-05 23:59:59');
  });
});

describe('texts', () => {
  it('strips HTML to text, with spaces between blocks', () => {
    expect(htmlToText(notice.noticeContent.noticeBody)).toBe('Check the nursery. By Friday.');
    expect(htmlToText('a<br>b&nbsp;&amp;&lt;c&gt; &#39;d&#x27;')).toBe("a b &<c> 'd'");
    expect(htmlToText('<script>alert(1)</script><style>p{}</style>ok')).toBe('ok');
    expect(htmlToText(null)).toBe('');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('春耕备耕安排通知', 5)).toBe('春耕备耕…');
  });

  it('formats publish times in the current dayjs locale, on the tenant’s clock (Asia/Shanghai)', () => {
    const local = '2026-03-01T00:30:00Z';
    dayjs.locale('en');
    expect(formatNoticeTime(local, 'MMM D, YYYY HH:mm')).toBe('Mar 1, 2026 08:30');
    dayjs.locale('zh-cn');
    expect(formatNoticeTime(local, 'YYYY年M月D日 HH:mm')).toBe('2026年3月1日 08:30');
    expect(formatNoticeTime(local, 'MMM')).toBe('3月');
    dayjs.locale('en');
    expect(formatNoticeTime(null, 'YYYY')).toBe('');
    expect(formatNoticeTime('not a date', 'YYYY')).toBe('');
  });
});

describe('view models', () => {
  it('maps announcements and notifications to list items', () => {
    expect(fromNotice(notice)).toEqual({
      kind: 'announce',
      id: 7,
      title: 'Spring planting',
      body: notice.noticeContent.noticeBody,
      publisher: 'Admin',
      publishedDate: notice.publishedDate,
      unread: true,
      platform: true,
    });
    expect(fromMessage(message)).toMatchObject({ kind: 'notify', id: 4, unread: false, publisher: null });
  });

  it('maps details, with attachments for announcements only', () => {
    const detail: NoticeDetail = {
      ...notice,
      statusCode: 'PUBLISHED',
      noticeCategoryCode: 'CLOUDFARM',
      receiverTypeCode: 'ANNOUNCE',
      objectVersionNumber: 1,
      attachments: [{ fileUrl: '/hfle/v1/1001/files/abc/file', fileName: 'plan.pdf' }],
      audienceRoleIds: [],
      audienceUnitIds: [],
      readCount: 0,
      audienceCount: 0,
    };
    expect(viewOfNotice(detail).attachments).toHaveLength(1);
    expect(viewOfMessage(message)).toEqual({
      title: 'Device offline',
      body: 'Gateway #1 is offline',
      publisher: null,
      publishedDate: message.publishedDate,
      attachments: [],
    });
  });
});

describe('attachments', () => {
  it('downloads under the attachment name, else a name from the address', () => {
    expect(downloadName({ fileUrl: '/x/file', fileName: 'plan.pdf' })).toBe('plan.pdf');
    expect(downloadName({ fileUrl: '/hfle/v1/1/files/abc/file', fileName: ' ' })).toBe('abc');
    expect(downloadName({ fileUrl: 'https://cdn.example.com/a/b.png?x=1', fileName: '' })).toBe('b.png');
  });

  it('sends the token only to this server', () => {
    const origin = 'https://farm.example.com';
    expect(sameOrigin('/hfle/v1/1/files/a/file', origin)).toBe(true);
    expect(sameOrigin('https://farm.example.com/hfle/x', origin)).toBe(true);
    expect(sameOrigin('https://evil.example.net/x', origin)).toBe(false);
    expect(sameOrigin('//evil.example.net/x', origin)).toBe(false);
  });
});

describe('notice locale files', () => {
  it('carry the same keys in both languages, all namespaced notice.*', () => {
    expect(Object.keys(enUS).length).toBeGreaterThan(20);
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    for (const [key, value] of Object.entries(enUS)) {
      expect(key.startsWith('notice.')).toBe(true);
      expect(value.trim()).not.toBe('');
    }
  });

  it('have no Chinese in the English texts', () => {
    const cjk = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
    for (const [key, value] of Object.entries(enUS)) expect(`${key}: ${value}`).not.toMatch(cjk);
  });

  it('name every filter, approval view and approval state', () => {
    const keys = new Set(Object.keys(zhCN));
    for (const f of READ_FILTERS) expect(keys.has(`notice.filter.${f}`)).toBe(true);
    for (const v of APPROVAL_VIEWS) {
      expect(keys.has(`notice.approval.view.${v}`)).toBe(true);
      for (const s of approvalStatuses(v)) expect(keys.has(`notice.approval.state.${s.key}`)).toBe(true);
    }
  });
});
