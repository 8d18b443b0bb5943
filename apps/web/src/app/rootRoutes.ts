import { matchPath } from 'react-router';
import { AGRICULTURE_ROOT_ROUTES } from '../modules/agriculture/routes.root';
import { AUTH_ROUTES } from '../modules/auth/routes';
import { HOME_ROUTES } from '../modules/home/routes';
import { SEED_PUBLIC_ROUTES } from '../modules/seed-public/routes';
import { VR_ROOT_ROUTES } from '../modules/vr/routes.root';
import { lazyPage } from '../shared/routing/lazyPage';
import type { RouteDef } from '../shared/routing/routeDef';

// The pages outside the shell (sign-in, registration, public pages): all the console's entry imports of the
// route table. The shell's pages (app/routes.ts) come with the shell's chunk, so their lazy imports and
// preload lists stay out of the sign-in page (rootRoutes.test.ts checks both tables agree).

export const ROOT_ROUTES: readonly RouteDef[] = [
  ...AUTH_ROUTES,
  ...HOME_ROUTES,
  ...SEED_PUBLIC_ROUTES,
  ...VR_ROOT_ROUTES,
  ...AGRICULTURE_ROOT_ROUTES,
];

export const NotFoundPage = lazyPage(() => import('../modules/common/pages/NotFoundPage'), 'NotFoundPage');

/** Root pages drawn without antd and react-query (the front door); the others render in AppProviders. */
const BARE_PATHS: ReadonlySet<string> = new Set(['/login']);

export const isBarePath = (pathname: string): boolean => BARE_PATHS.has(pathname);

/** Namespaces a first screen renders with, beyond its title's: fetched before it, not after its chunk. */
const PAGE_NAMESPACES: Readonly<Record<string, readonly string[]>> = { '/login': ['login'] };

export const rootRouteOf = (pathname: string): RouteDef | undefined =>
  ROOT_ROUTES.find((r) => matchPath(r.path, pathname));

/** The locale namespaces of a root page: its title's and those its screen uses. */
export const namespacesOfRoot = (route: RouteDef): string[] => [
  route.title.split(':')[0] ?? 'common',
  ...(PAGE_NAMESPACES[route.path] ?? []),
];
