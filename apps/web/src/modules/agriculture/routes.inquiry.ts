import type { RouteDef } from '../../shared/routing/routeDef';

// Agriculture pages of the inquiry part (issue 19); modules/agriculture/routes.ts joins the parts.
export const AGRICULTURE_INQUIRY_ROUTES: readonly RouteDef[] = [];
