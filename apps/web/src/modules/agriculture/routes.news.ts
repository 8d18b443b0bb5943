import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { AGRICULTURE_ROOT_ROUTES } from './routes.root';

// Agriculture pages of the news part (issue 19); modules/agriculture/routes.ts joins the parts.

const AgricultureInformationPage = lazyPage(
  () => import('./news/AgricultureInformationPage'),
  'AgricultureInformationPage',
);
const ArticlePage = lazyPage(() => import('./news/ArticlePage'), 'ArticlePage');

const CODE = 'wfpf.farm.agriculture.information';
const GROUP = 'wfpf.farm.agriculture';

const shellNews = (path: string): RouteDef => ({
  path,
  title: 'agriculture:route.information',
  isAuth: true,
  isKeeping: false,
  group: GROUP,
  area: 'shell',
  code: CODE,
  page: AgricultureInformationPage,
});

/** page/{id} of a module: any signed-in member may read a published article. */
const articlePage = (path: string, group: string): RouteDef => ({
  path,
  title: 'agriculture:route.page',
  isAuth: false,
  isKeeping: false,
  group,
  area: 'shell',
  page: ArticlePage,
});

export const AGRICULTURE_NEWS_ROUTES: readonly RouteDef[] = [
  ...AGRICULTURE_ROOT_ROUTES,
  shellNews('/web/agriculture/information'),
  // The spec's second spelling of the same page.
  shellNews('/web/agriculture/infomation'),
  articlePage('/web/page/:id', 'wfpf.farm.farm'),
  articlePage('/system/page/:id', 'wfpf.company.system'),
  articlePage('/inventory/page/:id', 'wfpf.inventory.base'),
];
