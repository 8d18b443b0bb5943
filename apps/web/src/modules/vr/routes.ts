import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the vr domain (ARCHITECTURE §8, spec 03 §2): the panorama library and the tour list in the
// company shell, the editor and preview as pages of their own, and a published tour's public link.
// Titles live in the 'vr' locale namespace.

const PanoramaLibraryPage = lazyPage(() => import('./library/PanoramaLibraryPage'), 'PanoramaLibraryPage');
const VrListPage = lazyPage(() => import('./list/VrListPage'), 'VrListPage');
const VrEditorPage = lazyPage(() => import('./editor/VrEditorPage'), 'VrEditorPage');
const VrPreviewPage = lazyPage(() => import('./preview/VrPreviewPage'), 'VrPreviewPage');
const VrPublicPage = lazyPage(() => import('./public/VrPublicPage'), 'VrPublicPage');

const GROUP = 'wfpf.company.system.content';

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
  {
    path: '/edit-vr/:id',
    title: 'vr:route.editor',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'root',
    code: 'wfpf.company.system.vr-video.ps.edit',
    page: VrEditorPage,
  },
  {
    path: '/preview-vr/:id',
    title: 'vr:route.preview',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'root',
    code: 'wfpf.company.system.vr-video',
    page: VrPreviewPage,
  },
  {
    path: '/vr/:tenantId/:token',
    title: 'vr:route.public',
    isAuth: false,
    isKeeping: false,
    group: 'vr-public',
    area: 'root',
    isPublic: true,
    page: VrPublicPage,
  },
];
