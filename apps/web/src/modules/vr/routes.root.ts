import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The vr pages outside the shell (the editor, the preview, a published tour's public link), in a file of
// their own: the console's entry imports only these (app/rootRoutes.ts), not the shell's pages.

const VrEditorPage = lazyPage(() => import('./editor/VrEditorPage'), 'VrEditorPage');
const VrPreviewPage = lazyPage(() => import('./preview/VrPreviewPage'), 'VrPreviewPage');
const VrPublicPage = lazyPage(() => import('./public/VrPublicPage'), 'VrPublicPage');

export const GROUP = 'wfpf.company.system.content';

export const VR_ROOT_ROUTES: readonly RouteDef[] = [
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
