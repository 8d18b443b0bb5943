import { accountApi, currentTenantOf, SELF_QUERY_KEY, useSelf } from '../modules/account/api/account.api';
import { logout } from '../modules/account/logout';
import { AREA_PAGE_SIZE, areaApi } from '../modules/farm/api/area.api';
import { useNoviceCheck } from '../modules/home/api/novice.api';
import { platformMenu } from '../modules/platform/platformMenu';
import { plugShellPorts } from '../shell/shellPorts';
import { SHELL_ROUTES, SHELL_TITLE_NAMESPACES } from './routes';

// The shell's entry (loaded lazily by the router): plugs the pages and domain calls the shell needs into it, so shell/
// imports no module and all of this stays out of the sign-in bundle.
plugShellPorts({
  routes: SHELL_ROUTES,
  titleNamespaces: SHELL_TITLE_NAMESPACES,
  useSelf,
  selfQueryKey: SELF_QUERY_KEY,
  currentTenantOf,
  tenantsPage: accountApi.tenantsPage,
  switchTenant: accountApi.switchTenant,
  setDefaultTenant: accountApi.setDefaultTenant,
  logout,
  useNoviceCheck,
  areasPage: areaApi.page,
  areaPageSize: AREA_PAGE_SIZE,
  extraMenu: platformMenu,
});

export { Shell } from '../shell/Shell';
