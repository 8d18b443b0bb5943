import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The agriculture page outside the shell (the public news page), in a file of its own: the console's entry
// imports only these (app/rootRoutes.ts), not the shell's pages.

const InformationPage = lazyPage(() => import('./news/InformationPage'), 'InformationPage');

export const AGRICULTURE_ROOT_ROUTES: readonly RouteDef[] = [
  {
    path: '/information',
    title: 'agriculture:route.news',
    isAuth: false,
    isKeeping: false,
    group: 'news-public',
    area: 'root',
    isPublic: true,
    page: InformationPage,
  },
];
