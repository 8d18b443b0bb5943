import type { RouteDef } from '../../shared/routing/routeDef';
import { CONTENT_ARTICLE_ROUTES } from './routes.article';
import { CONTENT_MEDIA_ROUTES } from './routes.media';
import { CONTENT_NOTICE_ROUTES } from './routes.notice';

// The company content pages (spec 01 §2.6, issue 19): announcements, articles and categories, banners,
// pictures and promo videos. Titles live in the 'content' namespace.
export const CONTENT_ROUTES: readonly RouteDef[] = [
  ...CONTENT_NOTICE_ROUTES,
  ...CONTENT_ARTICLE_ROUTES,
  ...CONTENT_MEDIA_ROUTES,
];
