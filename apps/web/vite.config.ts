import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API prefixes the dev server forwards to a locally running Tilth server (`npm start`).
const API_PREFIXES = ['/oauth', '/iam', '/wfpf', '/wfpe', '/hmsg', '/hfle'];
const API_TARGET = process.env.TILTH_API ?? 'http://localhost:8080';

/**
 * Only the framework core gets a named chunk: it is needed by every route and changes rarely, so it stays
 * cached across releases. Everything else (antd components, pages, the shell) is split by Rollup along the
 * lazy routes, which keeps the login route free of what only the signed-in console uses.
 */
const manualChunks = (id: string): string | undefined => {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id))
    return 'react';
  if (/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id)) return 'i18n';
  return undefined;
};

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: { output: { manualChunks } },
  },
});
