import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the notice part (issue 19); modules/content/routes.ts joins the parts.

const NoticeManagePage = lazyPage(() => import('./notice/NoticeManagePage'), 'NoticeManagePage');

export const CONTENT_NOTICE_ROUTES: readonly RouteDef[] = [
  {
    path: '/system/notice-manger',
    title: 'content:route.noticeManger',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.content',
    area: 'shell',
    code: 'wfpf.company.system.notice-manger',
    page: NoticeManagePage,
  },
];
