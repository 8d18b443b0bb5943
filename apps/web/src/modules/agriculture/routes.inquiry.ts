import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Agriculture pages of the inquiry part (issue 19); modules/agriculture/routes.ts joins the parts.

const InquiryPage = lazyPage(() => import('./inquiry/InquiryPage'), 'InquiryPage');

export const AGRICULTURE_INQUIRY_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/agriculture/expert-inquiry',
    title: 'agriculture:route.expertInquiry',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.agriculture',
    area: 'shell',
    code: 'wfpf.farm.agriculture.expert-inquiry',
    page: InquiryPage,
  },
];
