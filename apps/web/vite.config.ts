import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * antd's Input (any antd field) imports `form/context`, which takes one export, FormProvider, from
 * @rc-component/form's index; that index also mutates its Form (Form.Field = …), so Rollup keeps all of
 * it: Field, List, useForm and async-validator, ≈ 13 KB gzip on the sign-in page, which has no Form.
 * That one import goes to the module that defines FormProvider (the same module the index re-exports).
 */
const antdFormContextOnly = (): Plugin => ({
  name: 'tilth:antd-form-context-only',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== '@rc-component/form' || !importer?.endsWith('/antd/es/form/context.js')) return null;
    const index = await this.resolve(source, importer, { ...options, skipSelf: true });
    return index && /\/es\/index\.js$/.test(index.id)
      ? index.id.replace(/index\.js$/, 'FormContext.js')
      : null;
  },
});

export default defineConfig({
  plugins: [react(), antdFormContextOnly()],
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: { manualChunks },
    },
  },
});
