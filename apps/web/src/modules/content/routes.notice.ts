import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the notice part (issue 19); modules/content/routes.ts joins the parts.
export const CONTENT_NOTICE_ROUTES: readonly RouteDef[] = [];
