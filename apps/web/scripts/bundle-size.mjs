// Gzipped JavaScript a browser loads for a route of the built console (apps/web/dist), from Vite's
// manifest: the entry with its static imports, plus each lazily loaded module of the route with its own
// static imports, plus the route's locale files. Budgets: sign-in ≤ 250 KB, farm home after sign-in
// ≤ 600 KB (gzip). `npm run size -w apps/web` after a build (or `node scripts/bundle-size.mjs <dist>` for
// another build folder); exits 1 when a budget is exceeded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

/**
 * The manifest key of a source module. A chunk is keyed by its source only when it is that module's
 * facade; when Rollup puts a lazily loaded page into a chunk that other chunks also import from (the
 * farm home page and its cards), the chunk is keyed `_<name>-<hash>.js` and carries the page's file name
 * as `name` instead.
 */
const keyOf = (src) => {
  if (manifest[src]) return src;
  const name = path.basename(src).replace(/\.[^.]+$/, '');
  const hits = Object.keys(manifest).filter(
    (k) => manifest[k].isDynamicEntry && !manifest[k].src && manifest[k].name === name,
  );
  if (hits.length === 1) return hits[0];
  throw new Error(
    `${src} is not in the manifest${hits.length ? ` (${hits.length} chunks named ${name})` : ''}`,
  );
};
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

const ROUTES = [
  {
    name: 'sign-in (/login)',
    budget: 250 * 1024,
    lazy: [
      'src/modules/auth/pages/LoginPage.tsx',
      'src/locales/zh-CN/common.json',
      'src/locales/zh-CN/login.json',
      // Titles of the pages outside the shell (app/routes.ts ROOT_TITLE_NAMESPACES).
      'src/locales/zh-CN/auth.json',
      'src/locales/zh-CN/home.json',
      'src/locales/zh-CN/seedPublic.json',
    ],
  },
  {
    name: 'farm home after sign-in (/web/farm/home)',
    budget: 600 * 1024,
    lazy: [
      'src/app/shellEntry.ts',
      'src/modules/farm/pages/FarmHomePage.tsx',
      'src/locales/zh-CN/common.json',
      'src/locales/zh-CN/shell.json',
      'src/locales/zh-CN/farm.json',
      // Titles of the shell's pages (app/routes.ts SHELL_TITLE_NAMESPACES).
      'src/locales/zh-CN/equipment.json',
      'src/locales/zh-CN/system.json',
      'src/locales/zh-CN/account.json',
      'src/locales/zh-CN/report.json',
    ],
  },
];

let failed = false;
for (const route of ROUTES) {
  const keys = new Set();
  closure(entry, keys);
  for (const src of route.lazy) closure(keyOf(src), keys);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const ok = total <= route.budget;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.name}: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files ` +
      `(budget ${(route.budget / 1024).toFixed(0)} KB)`,
  );
}
process.exit(failed ? 1 : 0);
