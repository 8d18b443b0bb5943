import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts/common.types';
import type { NoticeDetail, NoticeItem, UserMessageItem } from '@tilth/contracts/notice.types';
import { api } from '../../shared/api/client';
import {
  apiPage,
  endOfToday,
  fromMessage,
  fromNotice,
  type NoticeKind,
  type NoticeListItem,
  type NoticeTarget,
  type NoticeView,
  type ReadFilter,
  readAllCode,
  readFlagParam,
  UNREAD_REFRESH_MS,
  type UnreadCounts,
  viewOfMessage,
  viewOfNotice,
} from './noticeModel';

// The notice centre's calls (docs/api.md 'Announcements', 'Notifications'; spec 01 §7, spec 03 §7).

const base = (tenantId: number) => `/hmsg/v1/${tenantId}`;

const announcementQuery = (page: number, size: number, filter: ReadFilter) => ({
  page,
  size,
  statusCode: 'PUBLISHED',
  receiverTypeCode: 'ANNOUNCE',
  readFlag: readFlagParam(filter),
  endDate: endOfToday(),
});

export const noticeApi = {
  /**
   * Unread counts per tab. Polled every minute, so a failure stays quiet (the badge keeps its last
   * value); an expired token is still refreshed by the client.
   */
  unreadCounts: (tenantId: number) =>
    api.get<UnreadCounts>(`${base(tenantId)}/notices/unread-count`, { globalErrors: false }),
  announcements: (tenantId: number, page: number, size: number, filter: ReadFilter) =>
    api.get<Page<NoticeItem>>(`${base(tenantId)}/notices/page-details`, {
      query: announcementQuery(page, size, filter),
    }),
  /** size=0 answers only the newest published announcement (spec 03 §7). */
  latestAnnouncement: (tenantId: number) =>
    api.get<Page<NoticeItem>>(`${base(tenantId)}/notices/page-details`, {
      query: announcementQuery(0, 0, 'all'),
    }),
  announcement: (tenantId: number, id: number) => api.get<NoticeDetail>(`${base(tenantId)}/notices/${id}`),
  markAnnouncementRead: (tenantId: number, id: number) =>
    api.get<{ noticeId: number; readFlag: number }>(`${base(tenantId)}/notices/${id}/read-flag`),
  notifications: (tenantId: number, page: number, size: number, filter: ReadFilter) =>
    api.get<Page<UserMessageItem>>(`${base(tenantId)}/messages/user`, {
      query: { page, size, readFlag: readFlagParam(filter), withContent: 1, userMessageTypeCode: 'NOTICE' },
    }),
  /** One notification; reading it marks it read. */
  notification: (tenantId: number, id: number) =>
    api.get<UserMessageItem>(`${base(tenantId)}/messages/user/${id}`),
  readAll: (tenantId: number, kind: NoticeKind) =>
    api.post<{ count: number }>(`${base(tenantId)}/messages/user/read-flag`, {
      json: { readAll: readAllCode(kind) },
    }),
};

/** Everything under ['notice', tenant] is refreshed after a read: the badge and both lists. */
export const noticeKeys = {
  all: (tenantId: number) => ['notice', tenantId] as const,
  unread: (tenantId: number) => ['notice', tenantId, 'unread'] as const,
  list: (tenantId: number, kind: NoticeKind, page: number, size: number, filter: ReadFilter) =>
    ['notice', tenantId, kind, { page, size, filter }] as const,
  /** Outside ['notice', …], so refreshing the lists does not fetch (and mark read) a detail again. */
  detail: (tenantId: number, kind: NoticeKind, id: number) => ['notice-detail', tenantId, kind, id] as const,
};

export const useUnreadCounts = (tenantId: number, enabled = true) =>
  useQuery({
    queryKey: noticeKeys.unread(tenantId),
    queryFn: () => noticeApi.unreadCounts(tenantId),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 10_000,
    enabled,
  });

export interface NoticeListPage {
  items: NoticeListItem[];
  total: number;
}

/** One page of announcements or notifications; `current` is the paginator's 1-based page. */
export const useNoticeList = (
  tenantId: number,
  kind: NoticeKind,
  current: number,
  size: number,
  filter: ReadFilter,
) =>
  useQuery({
    queryKey: noticeKeys.list(tenantId, kind, current, size, filter),
    queryFn: async (): Promise<NoticeListPage> => {
      if (kind === 'announce') {
        const page = await noticeApi.announcements(tenantId, apiPage(current), size, filter);
        return { items: page.content.map(fromNotice), total: page.totalElements };
      }
      const page = await noticeApi.notifications(tenantId, apiPage(current), size, filter);
      return { items: page.content.map(fromMessage), total: page.totalElements };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * The detail of one notice. Opening an announcement marks it read (GET …/read-flag) when it was unread;
 * reading a notification marks it read by itself. The badge and the lists refresh afterwards.
 */
export const useNoticeDetail = (tenantId: number, target: NoticeTarget | null) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: noticeKeys.detail(tenantId, target?.kind ?? 'announce', target?.id ?? 0),
    enabled: target !== null,
    staleTime: 60_000,
    gcTime: 60_000,
    queryFn: async (): Promise<NoticeView> => {
      if (!target) throw new Error('no notice');
      let view: NoticeView;
      if (target.kind === 'announce') {
        const [detail] = await Promise.all([
          noticeApi.announcement(tenantId, target.id),
          target.unread ? noticeApi.markAnnouncementRead(tenantId, target.id) : null,
        ]);
        view = viewOfNotice(detail);
      } else {
        view = viewOfMessage(await noticeApi.notification(tenantId, target.id));
      }
      if (target.unread) {
        void client.invalidateQueries({ queryKey: noticeKeys.all(tenantId) });
      }
      return view;
    },
  });
};

/** All read, for announcements (readAll 2) or notifications (readAll 3). */
export const useReadAll = (tenantId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: NoticeKind) => noticeApi.readAll(tenantId, kind),
    onSettled: () => client.invalidateQueries({ queryKey: noticeKeys.all(tenantId) }),
  });
};
