import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { GROUP, VR_ROOT_ROUTES } from './routes.root';

// The pages of the vr domain (ARCHITECTURE §8, spec 03 §2): the panorama library and the tour list in the
// company shell, the editor and preview as pages of their own, and a published tour's public link.
// Titles live in the 'vr' locale namespace.

const PanoramaLibraryPage = lazyPage(() => import('./library/PanoramaLibraryPage'), 'PanoramaLibraryPage');
const VrListPage = lazyPage(() => import('./list/VrListPage'), 'VrListPage');

export const VR_ROUTES: readonly RouteDef[] = [
  {
    path: '/system/panorama',
    title: 'vr:route.panorama',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'shell',
    page: PanoramaLibraryPage,
  },
  {
    path: '/system/vr-video',
    title: 'vr:route.vrList',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'shell',
    page: VrListPage,
  },
  ...VR_ROOT_ROUTES,
];
