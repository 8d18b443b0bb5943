import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the code part (issue 18); modules/trace/routes.ts joins the parts.
export const TRACE_CODE_ROUTES: readonly RouteDef[] = [];
