import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { PLATFORM_PATHS } from './platformMenu';

// The platform administrator's pages (issue 13 item 5), inside the company module area. Not in the
// permission catalogue: each page checks users.platform_admin itself (PlatformGate), and the shell lists
// them through shellPorts.extraMenu. Titles live in the 'platform' locale namespace.

const TenantsPage = lazyPage(() => import('./TenantsPage'), 'TenantsPage');
const AuditPage = lazyPage(() => import('./AuditPage'), 'AuditPage');

export const PLATFORM_ROUTES: readonly RouteDef[] = [
  {
    path: PLATFORM_PATHS.tenants,
    title: 'platform:route.tenants',
    isAuth: false,
    isKeeping: false,
    group: 'platform',
    area: 'shell',
    page: TenantsPage,
  },
  {
    path: PLATFORM_PATHS.audit,
    title: 'platform:route.audit',
    isAuth: false,
    isKeeping: false,
    group: 'platform',
    area: 'shell',
    page: AuditPage,
  },
];
