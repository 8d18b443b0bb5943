import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useBrand } from '../shared/brand/useBrand';
import { lazyPage } from '../shared/routing/lazyPage';
import type { RouteDef } from '../shared/routing/routeDef';
import { hasAccessToken, SESSION_KEYS, session } from '../shared/storage';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { FARM_HOME, moduleOf } from './modules';
import { NotFoundPage, ROOT_ROUTES } from './rootRoutes';
import { connectClient } from './session';

// The shell (layouts, menu, tabs) is only fetched once someone is signed in, keeping the login route small.
const Shell = lazyPage(() => import('./shellEntry'), 'Shell');

/**
 * Someone starting to sign in (typing, clicking) fetches the shell and the farm home while they type, so
 * signing in is not followed by a wait; merely opening the sign-in page fetches neither.
 */
const useShellAhead = (active: boolean): void => {
  useEffect(() => {
    if (!active) return;
    const ahead = () => {
      stop();
      void import('./Providers');
      void Shell.preload().then(() => import('../modules/farm/pages/FarmHomePage'));
    };
    const stop = () => {
      window.removeEventListener('input', ahead, true);
      window.removeEventListener('pointerdown', ahead, true);
    };
    window.addEventListener('input', ahead, true);
    window.addEventListener('pointerdown', ahead, true);
    return stop;
  }, [active]);
};

/** While a chunk loads: index.html's boot spinner (no antd Spin, which the sign-in page does not load). */
export const Loading = () => (
  <div className="boot" style={{ height: '100vh' }} role="status" aria-busy="true">
    <span />
  </div>
);

/** Not signed in: remember the way back, then sign in. */
function ToLogin() {
  const location = useLocation();
  session.set(SESSION_KEYS.redirect, `${location.pathname}${location.search}`);
  return <Navigate to="/login" replace />;
}

/** A page outside the shell (sign-in, registration, the home entry). */
function RootRoute({ route }: { route: RouteDef }) {
  // The title's namespace: only the first screen's is loaded up front (main.tsx), another page's on the way.
  const { t } = useTranslation(route.title.split(':')[0]);
  const { brand } = useBrand();
  // Spec 01 §2.7: the sign-in page carries the deployment's login title; the others add their own.
  useDocumentTitle(route.path === '/login' ? brand.loginTitle : `${t(route.title)} · ${brand.loginTitle}`);
  useShellAhead(route.path === '/login');
  if (!route.isPublic && !hasAccessToken()) return <ToLogin />;
  // Already fetched (the first screen: main.tsx waits for it): rendered as is, without suspending.
  const Page = route.page.loaded() ?? route.page;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Everything else: the module areas in the shell, any other path the not-found page (spec 01 §2.1). */
function ShellGate() {
  const { pathname } = useLocation();
  if (!moduleOf(pathname)) {
    return (
      <Suspense fallback={<Loading />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (!hasAccessToken()) return <ToLogin />;
  return (
    <Suspense fallback={<Loading />}>
      <Shell />
    </Suspense>
  );
}

/** Lets the API client navigate (to /login when the session ends) from outside React. */
function ClientBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    connectClient(
      (to) => navigate(to, { replace: true }),
      () => here.current,
    );
  }, [navigate]);
  return null;
}

/** The route table as React Router routes (declarative mode: the console loads no data through routes). */
export function AppRoutes() {
  return (
    <>
      <ClientBridge />
      <Routes>
        <Route path="/" element={<Navigate to={FARM_HOME} replace />} />
        {ROOT_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <Suspense fallback={<Loading />}>
                <RootRoute route={route} />
              </Suspense>
            }
          />
        ))}
        {/* One catch-all element, so the shell stays mounted while moving between /web, /inventory and /system. */}
        <Route path="*" element={<ShellGate />} />
      </Routes>
    </>
  );
}
