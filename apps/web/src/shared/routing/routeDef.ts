import type { LazyPage } from './lazyPage';

/** One page of the console (ARCHITECTURE §8): each domain lists its pages in `modules/<domain>/routes.ts`. */
export interface RouteDef {
  /** Absolute path; parameters as ':id'. */
  path: string;
  /** i18n key of the title (document title and tab), in the domain's own namespace: 'equipment:route.x'. */
  title: string;
  /** The page needs a permission: `code`, or the route's view code when no code is given. */
  isAuth: boolean;
  /** Kept alive (state preserved) while its tab stays open. */
  isKeeping: boolean;
  /** Menu group the page belongs to (the view code of its menu group). */
  group: string;
  /** 'root': a page of its own (sign-in, guide); 'shell': inside the console shell of its module. */
  area: 'root' | 'shell';
  /** Reachable without signing in. */
  isPublic?: boolean;
  code?: string;
  page: LazyPage;
}
