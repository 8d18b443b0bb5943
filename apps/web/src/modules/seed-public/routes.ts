import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the seed-public domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'seedPublic' locale namespace.

const SeedPublicPage = lazyPage(() => import('./pages/SeedPublicPage'), 'SeedPublicPage');

export const SEED_PUBLIC_ROUTES: readonly RouteDef[] = [
  {
    path: '/seed',
    title: 'seedPublic:route.seedPublic',
    isAuth: false,
    isKeeping: false,
    group: 'seed',
    area: 'root',
    isPublic: true,
    page: SeedPublicPage,
  },
];
