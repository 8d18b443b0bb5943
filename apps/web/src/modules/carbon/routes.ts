import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the carbon domain (spec 01 §2.4, issue 18): monitoring, dashboard, registry.
// Titles live in the 'carbon' namespace.
export const CARBON_ROUTES: readonly RouteDef[] = [];
