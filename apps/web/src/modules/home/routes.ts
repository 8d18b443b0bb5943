import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the home domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'home' locale namespace.

const HomeEntryPage = lazyPage(() => import('./pages/HomeEntryPage'), 'HomeEntryPage');

export const HOME_ROUTES: readonly RouteDef[] = [
  {
    path: '/home',
    title: 'home:route.home',
    isAuth: false,
    isKeeping: false,
    group: 'home',
    area: 'root',
    page: HomeEntryPage,
  },
];
