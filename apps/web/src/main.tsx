// First: before any schema is created (no eval under the Content-Security-Policy).
import '@tilth/contracts/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ROOT_TITLE_NAMESPACES } from './app/routes';
import { initI18n } from './shared/i18n/i18n';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// The texts of the first screen are loaded before it renders, so it never flashes untranslated keys.
void initI18n(ROOT_TITLE_NAMESPACES).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
