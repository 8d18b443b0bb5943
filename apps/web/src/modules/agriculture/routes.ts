import type { RouteDef } from '../../shared/routing/routeDef';
import { AGRICULTURE_IDENTIFY_ROUTES } from './routes.identify';
import { AGRICULTURE_INQUIRY_ROUTES } from './routes.inquiry';
import { AGRICULTURE_NEWS_ROUTES } from './routes.news';

// Agricultural knowledge (spec 01 §2.4, spec 03 §2, issue 19): news (also the public /information page and
// the generic page/{id}), expert inquiry and pest identification. Titles live in the 'agriculture' namespace.
export const AGRICULTURE_ROUTES: readonly RouteDef[] = [
  ...AGRICULTURE_NEWS_ROUTES,
  ...AGRICULTURE_INQUIRY_ROUTES,
  ...AGRICULTURE_IDENTIFY_ROUTES,
];
