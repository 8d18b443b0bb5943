import { ACCOUNT_ROUTES } from '../modules/account/routes';
import { AGRICULTURE_ROUTES } from '../modules/agriculture/routes';
import { AUTH_ROUTES } from '../modules/auth/routes';
import { CARBON_ROUTES } from '../modules/carbon/routes';
import { CONTENT_ROUTES } from '../modules/content/routes';
import { EQUIPMENT_ROUTES } from '../modules/equipment/routes';
import { FARM_ROUTES } from '../modules/farm/routes';
import { HOME_ROUTES } from '../modules/home/routes';
import { INVENTORY_ROUTES } from '../modules/inventory/routes';
import { PLATFORM_ROUTES } from '../modules/platform/routes';
import { REPORT_ROUTES } from '../modules/report/routes';
import { SEED_PUBLIC_ROUTES } from '../modules/seed-public/routes';
import { SYSTEM_ROUTES } from '../modules/system/routes';
import { TRACE_ROUTES } from '../modules/trace/routes';
import { VR_ROUTES } from '../modules/vr/routes';
import type { RouteDef } from '../shared/routing/routeDef';

export type { RouteDef } from '../shared/routing/routeDef';

// The one route table of the console (ARCHITECTURE §8): it drives titles, access, keep-alive and menu
// groups. Each domain lists its own pages in modules/<domain>/routes.ts; this file only joins them. A
// route the menu lists but that has no page yet shows the 'no related content yet' page inside the shell
// (pageCatalogue.test.ts keeps that list). The entry imports only the pages outside the shell
// (app/rootRoutes.ts); this table comes with the shell's chunk.

/** Each domain's pages with the locale namespace its titles live in. */
export const DOMAIN_PAGES: readonly { domain: string; namespace: string; routes: readonly RouteDef[] }[] = [
  { domain: 'equipment', namespace: 'equipment', routes: EQUIPMENT_ROUTES },
  { domain: 'system', namespace: 'system', routes: SYSTEM_ROUTES },
  { domain: 'auth', namespace: 'auth', routes: AUTH_ROUTES },
  { domain: 'home', namespace: 'home', routes: HOME_ROUTES },
  { domain: 'farm', namespace: 'farm', routes: FARM_ROUTES },
  { domain: 'seed-public', namespace: 'seedPublic', routes: SEED_PUBLIC_ROUTES },
  { domain: 'account', namespace: 'account', routes: ACCOUNT_ROUTES },
  { domain: 'report', namespace: 'report', routes: REPORT_ROUTES },
  { domain: 'platform', namespace: 'platform', routes: PLATFORM_ROUTES },
  { domain: 'inventory', namespace: 'inventory', routes: INVENTORY_ROUTES },
  { domain: 'vr', namespace: 'vr', routes: VR_ROUTES },
  { domain: 'trace', namespace: 'trace', routes: TRACE_ROUTES },
  { domain: 'carbon', namespace: 'carbon', routes: CARBON_ROUTES },
  { domain: 'content', namespace: 'content', routes: CONTENT_ROUTES },
  { domain: 'agriculture', namespace: 'agriculture', routes: AGRICULTURE_ROUTES },
];

export const ROUTES: readonly RouteDef[] = DOMAIN_PAGES.flatMap((d) => d.routes);

export const ROOT_ROUTES = ROUTES.filter((r) => r.area === 'root');
export const SHELL_ROUTES = ROUTES.filter((r) => r.area === 'shell');

const namespacesOf = (routes: readonly RouteDef[]): string[] => [
  ...new Set(routes.map((r) => r.title.split(':')[0] ?? 'common')),
];

/** Namespaces of the shell's page titles: the shell waits for them, so no tab shows a raw key. */
export const SHELL_TITLE_NAMESPACES: readonly string[] = namespacesOf(SHELL_ROUTES);
