import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the catalog part (issue 18); modules/trace/routes.ts joins the parts.

const TraceIndexPage = lazyPage(() => import('./catalog/TraceIndexPage'), 'TraceIndexPage');
const ProductPage = lazyPage(() => import('./catalog/ProductPage'), 'ProductPage');
const StorePage = lazyPage(() => import('./catalog/OutletPage'), 'StorePage');
const OnlineStorePage = lazyPage(() => import('./catalog/OutletPage'), 'OnlineStorePage');
const BusinessPage = lazyPage(() => import('./catalog/BusinessPage'), 'BusinessPage');

const GROUP = 'wfpf.farm.trace';
const page = (path: string, title: string, code: string, component: RouteDef['page']): RouteDef => ({
  path,
  title: `trace:route.${title}`,
  isAuth: true,
  isKeeping: false,
  group: GROUP,
  area: 'shell',
  code,
  page: component,
});

export const TRACE_CATALOG_ROUTES: readonly RouteDef[] = [
  page('/web/trace/index', 'index', 'wfpf.farm.trace.index', TraceIndexPage),
  page('/web/trace/produce', 'produce', 'wfpf.farm.trace.produce', ProductPage),
  page('/web/trace/base/store', 'store', 'wfpf.farm.trace.base-store', StorePage),
  page('/web/trace/base/onlineStore', 'onlineStore', 'wfpf.farm.trace.base-onlineStore', OnlineStorePage),
  page('/web/trace/base/business', 'business', 'wfpf.farm.trace.base-business', BusinessPage),
];
