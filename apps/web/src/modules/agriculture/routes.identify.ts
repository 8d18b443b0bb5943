import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Agriculture pages of the identify part (issue 19); modules/agriculture/routes.ts joins the parts.

const IdentifyPage = lazyPage(() => import('./identify/IdentifyPage'), 'IdentifyPage');

export const AGRICULTURE_IDENTIFY_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/agriculture/identify',
    title: 'agriculture:route.identify',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.agriculture',
    area: 'shell',
    code: 'wfpf.farm.agriculture.identify',
    page: IdentifyPage,
  },
];
