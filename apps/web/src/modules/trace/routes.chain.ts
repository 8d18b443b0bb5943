import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the chain part (issue 18); modules/trace/routes.ts joins the parts.
export const TRACE_CHAIN_ROUTES: readonly RouteDef[] = [];
