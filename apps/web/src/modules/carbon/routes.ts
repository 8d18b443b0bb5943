import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the carbon domain (spec 01 §2.4, issue 18): monitoring, dashboard, registry.
// Titles live in the 'carbon' namespace.

const NeutralPage = lazyPage(() => import('./neutral/NeutralPage'), 'NeutralPage');
const SpectacularsPage = lazyPage(() => import('./spectaculars/SpectacularsPage'), 'SpectacularsPage');
const RegistryPage = lazyPage(() => import('./registry/RegistryPage'), 'RegistryPage');

const GROUP = 'wfpf.farm.carbon';

export const CARBON_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/carbon/neutral',
    title: 'carbon:route.neutral',
    isAuth: true,
    isKeeping: true,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.carbon.neutral',
    page: NeutralPage,
  },
  {
    path: '/web/carbon/spectaculars',
    title: 'carbon:route.spectaculars',
    isAuth: true,
    isKeeping: true,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.carbon.spectaculars',
    page: SpectacularsPage,
  },
  {
    path: '/web/carbon/registry',
    title: 'carbon:route.registry',
    isAuth: true,
    isKeeping: true,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.carbon.registry',
    page: RegistryPage,
  },
];
