// First: before any schema is created (no eval under the Content-Security-Policy).
import '@tilth/contracts/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { isBarePath, namespacesOfRoot, rootRouteOf } from './app/rootRoutes';
import { loadBrand } from './shared/brand/useBrand';
import { initI18n, storedLanguage } from './shared/i18n/i18n';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// A page outside the shell (the sign-in page above all): its chunk, its strings and the brand it shows
// are fetched side by side now, not one after the other as the render would ask for them.
const first = rootRouteOf(window.location.pathname);
// Rendered once it is in (router.tsx renders a loaded page without suspending); a failed fetch is retried
// by the render.
const page = first?.page.preload().catch(() => undefined);
if (first) void loadBrand(window.location.hostname, storedLanguage());
// Any other screen renders in the app's providers (react-query, antd's theme): their chunk starts now too.
if (!isBarePath(window.location.pathname)) void import('./app/Providers');

// The texts of the first screen are loaded before it renders, so it never flashes untranslated keys.
void Promise.all([initI18n(first ? namespacesOfRoot(first) : []), page]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
