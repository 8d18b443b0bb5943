import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Content pages of the media part (issue 19); modules/content/routes.ts joins the parts.

const PicturesHubPage = lazyPage(() => import('./media/PicturesHubPage'), 'PicturesHubPage');
const BannerPage = lazyPage(() => import('./media/BannerPage'), 'BannerPage');
const PromoVideoPage = lazyPage(() => import('./media/PromoVideoPage'), 'PromoVideoPage');

const GROUP = 'wfpf.company.system.content';
const page = (path: string, title: string, code: string, component: RouteDef['page']): RouteDef => ({
  path,
  title: `content:route.${title}`,
  isAuth: true,
  isKeeping: false,
  group: GROUP,
  area: 'shell',
  code,
  page: component,
});

export const CONTENT_MEDIA_ROUTES: readonly RouteDef[] = [
  page('/system/pictures-hub', 'picturesHub', 'wfpf.company.system.pictures-hub', PicturesHubPage),
  page('/system/bannerManger', 'bannerManger', 'wfpf.company.system.bannerManger', BannerPage),
  page('/system/publicity-video', 'publicityVideo', 'wfpf.company.system.publicity-video', PromoVideoPage),
];
