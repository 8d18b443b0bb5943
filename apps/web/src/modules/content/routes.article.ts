import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the article part (issue 19); modules/content/routes.ts joins the parts.
export const CONTENT_ARTICLE_ROUTES: readonly RouteDef[] = [];
