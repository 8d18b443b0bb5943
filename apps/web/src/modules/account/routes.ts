import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the account domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'account' locale namespace.

const UserProfilePage = lazyPage(() => import('./pages/UserProfilePage'), 'UserProfilePage');

export const ACCOUNT_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/user',
    title: 'account:route.user',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.user',
    area: 'shell',
    page: UserProfilePage,
  },
];
