import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { isBarePath } from './rootRoutes';
import { AppRoutes, Loading } from './router';

const AppProviders = lazy(() => import('./Providers').then((m) => ({ default: m.AppProviders })));

/**
 * The sign-in page renders bare (no react-query, no antd ConfigProvider or message holder: ≈ 70 KB gzip
 * less on the front door); every other screen inside AppProviders. Once loaded they stay, so a notice
 * raised as the session ends still shows on the sign-in page it leads to.
 */
function ProvidersGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  const bare = isBarePath(pathname);
  if (!bare && !needed) setNeeded(true);
  if (bare && !needed) return children;
  return (
    <Suspense fallback={<Loading />}>
      <AppProviders>{children}</AppProviders>
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ProvidersGate>
        <AppRoutes />
      </ProvidersGate>
    </BrowserRouter>
  );
}
