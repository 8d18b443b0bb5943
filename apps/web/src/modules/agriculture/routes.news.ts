import type { RouteDef } from '../../shared/routing/routeDef';

// Agriculture pages of the news part (issue 19); modules/agriculture/routes.ts joins the parts.
export const AGRICULTURE_NEWS_ROUTES: readonly RouteDef[] = [];
