import type { RouteDef } from '../../shared/routing/routeDef';

// Agriculture pages of the identify part (issue 19); modules/agriculture/routes.ts joins the parts.
export const AGRICULTURE_IDENTIFY_ROUTES: readonly RouteDef[] = [];
