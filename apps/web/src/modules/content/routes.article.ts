import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the article part (issue 19); modules/content/routes.ts joins the parts.

const ArticleListPage = lazyPage(() => import('./article/ArticleListPage'), 'ArticleListPage');
const ClassifyPage = lazyPage(() => import('./article/ClassifyPage'), 'ClassifyPage');
const GraphicEditorPage = lazyPage(() => import('./article/GraphicEditorPage'), 'GraphicEditorPage');

const GROUP = 'wfpf.company.system.content';
const page = (path: string, title: string, component: RouteDef['page']): RouteDef => ({
  path,
  title: `content:route.${title}`,
  isAuth: true,
  isKeeping: false,
  group: GROUP,
  area: 'shell',
  page: component,
});

export const CONTENT_ARTICLE_ROUTES: readonly RouteDef[] = [
  page('/system/article', 'article', ArticleListPage),
  page('/system/classify', 'classify', ClassifyPage),
  page('/system/graphic-editor', 'graphicEditor', GraphicEditorPage),
];
