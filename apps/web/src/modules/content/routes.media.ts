import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the media part (issue 19); modules/content/routes.ts joins the parts.
export const CONTENT_MEDIA_ROUTES: readonly RouteDef[] = [];
