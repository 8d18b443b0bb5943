import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the catalog part (issue 18); modules/trace/routes.ts joins the parts.
export const TRACE_CATALOG_ROUTES: readonly RouteDef[] = [];
