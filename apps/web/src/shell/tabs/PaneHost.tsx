import { routeViewCode } from '@tilth/contracts/menus.def';
import Spin from 'antd/es/spin';
import { Activity, type ReactNode, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { MODULE_AREAS, type ModuleArea } from '../../app/modules';
import { findRoute, toRouterPattern } from '../../app/routeMatch';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { PermissionGuard } from '../../shared/permission/PermissionGuard';
import type { RouteDef } from '../../shared/routing/routeDef';
import type { MenuNode } from '../menu/menuModel';
import { shellPorts } from '../shellPorts';
import { MissingPage, missingPageKind } from './missingPage';
import { usePaneStrips } from './paneStore';
import { type Pane, paneKey } from './panes';

const PageSpinner = () => (
  <div className="tl-page-spinner">
    <Spin />
  </div>
);

/** A page with its access check (spec 01 §6: isAuth routes need their code or view code). */
function RouteBody({ route }: { route: RouteDef }) {
  const Page = route.page;
  const code = route.isAuth ? (route.code ?? routeViewCode(route.path)) : undefined;
  return (
    <Suspense fallback={<PageSpinner />}>
      {code ? (
        <PermissionGuard codes={[code]} fallback={<EmptyState variant="noPermission" />}>
          <Page />
        </PermissionGuard>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}

/**
 * One tab's page, rendered against the tab's own location so React Router's hooks (useParams,
 * useSearchParams, useLocation) answer for that page even while it is kept hidden.
 */
function PaneView({ route, path }: { route: RouteDef; path: string }) {
  const [pathname = '/', query = ''] = path.split('?');
  return (
    <Routes location={{ pathname, search: query ? `?${query}` : '' }}>
      <Route path={toRouterPattern(route.path)} element={<RouteBody route={route} />} />
    </Routes>
  );
}

interface PaneHostProps {
  module: ModuleArea;
  menu: readonly MenuNode[];
}

/**
 * The content area. Pages flagged isKeeping stay mounted (hidden with React's Activity) while their tab is
 * open, in every module; the others mount only while shown. A path with no page shows 'no related content
 * yet' when the menu lists it, 'no permission' when another role's menu would, 'page not found' otherwise.
 */
export function PaneHost({ module, menu }: PaneHostProps) {
  const strips = usePaneStrips();
  const location = useLocation();
  const currentKey = paneKey(location.pathname);
  const currentPath = `${location.pathname}${location.search}`;
  const current = findRoute(shellPorts().routes, location.pathname);

  const items: ReactNode[] = [];
  let currentShown = false;
  for (const area of MODULE_AREAS) {
    const panes: Pane[] = [...(strips[area.code]?.panes ?? [])];
    const here = area.code === module.code;
    // The page just navigated to joins its strip after this render; render it under its final key now.
    if (here && !panes.some((p) => p.key === currentKey))
      panes.push({ key: currentKey, path: currentPath, version: 0 });
    for (const pane of panes) {
      const route = findRoute(shellPorts().routes, pane.key)?.route;
      if (!route?.isKeeping) continue;
      const visible = here && pane.key === currentKey;
      if (visible) currentShown = true;
      items.push(
        <Activity key={`${area.code}:${pane.key}:${pane.version}`} mode={visible ? 'visible' : 'hidden'}>
          <div className="tl-pane">
            <PaneView route={route} path={visible ? currentPath : pane.path} />
          </div>
        </Activity>,
      );
    }
  }
  if (!currentShown) {
    const version = strips[module.code]?.panes.find((p) => p.key === currentKey)?.version ?? 0;
    items.push(
      <div className="tl-pane" key={`live:${currentKey}:${version}`}>
        {current ? (
          <PaneView route={current.route} path={currentPath} />
        ) : (
          <MissingPage kind={missingPageKind(menu, location.pathname)} home={module.home} />
        )}
      </div>,
    );
  }
  return <>{items}</>;
}
