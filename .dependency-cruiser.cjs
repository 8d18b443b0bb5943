// The layout rules of docs/architecture.md, checked by `npm run check` (ADR 0009).
const S = '^apps/server/src';
const M = `${S}/modules`;
const DOMAIN_INDEX = `${M}/[^/]+/[^/]+/index\\.ts$`;
const TESTS = '(/__tests__/|\\.test\\.ts$|^apps/server/src/test/)';

/** Contexts from the bottom up: a context imports only those before it. */
const CONTEXTS = ['identity', 'messaging', 'workflow', 'stock', 'farm', 'inventory', 'iot', 'demo'];

module.exports = {
  forbidden: [
    {
      name: 'platform-is-the-bottom-layer',
      comment:
        'platform/ is transport, storage and HTTP plumbing; it never imports a module (it calls interfaces the app wires).',
      severity: 'error',
      from: { path: `${S}/platform/`, pathNot: TESTS },
      to: { path: `${S}/(modules|app)/` },
    },
    {
      name: 'modules-below-the-app',
      comment: 'app/ is the composition root: it wires modules and platform, and nothing below imports it.',
      severity: 'error',
      from: { path: `${M}/`, pathNot: TESTS },
      to: { path: `${S}/app/` },
    },
    {
      name: 'other-domains-through-their-index',
      comment:
        "A domain uses another domain only through that domain's index.ts (services, types, read helpers).",
      severity: 'error',
      from: { path: `${M}/([^/]+/[^/]+)/`, pathNot: [TESTS, '\\.tables\\.ts$'] },
      to: { path: `${M}/[^/]+/[^/]+/`, pathNot: [`${M}/$1/`, DOMAIN_INDEX] },
    },
    {
      name: 'tables-name-only-tables',
      comment:
        "A table's foreign keys name other tables directly, so the schema stays a leaf layer (no index cycles).",
      severity: 'error',
      from: { path: `${M}/([^/]+/[^/]+)/[^/]+\\.tables\\.ts$` },
      to: { path: `${M}/[^/]+/[^/]+/`, pathNot: [`${M}/$1/`, '\\.tables\\.ts$'] },
    },
    {
      name: 'demo-through-domain-indexes',
      comment: 'Demo data is written through the domains it seeds, like any other caller.',
      severity: 'error',
      from: { path: `${M}/demo/`, pathNot: TESTS },
      to: { path: `${M}/[^/]+/[^/]+/`, pathNot: DOMAIN_INDEX },
    },
    ...CONTEXTS.map((ctx, i) => ({
      name: `context-order-${ctx}`,
      comment: `Contexts depend downwards only (${CONTEXTS.join(' < ')}): no cycle between contexts.`,
      severity: 'error',
      from: { path: `${M}/${ctx}/`, pathNot: TESTS },
      to: { path: `${M}/(${CONTEXTS.slice(i + 1).join('|') || '_none_'})/` },
    })),
    {
      name: 'web-shell-and-shared-import-no-module',
      comment: 'The console frame and shared pieces know no domain; domains plug into them.',
      severity: 'error',
      from: { path: '^apps/web/src/(shell|shared)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.tsbuild)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
