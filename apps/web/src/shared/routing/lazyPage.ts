import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded on first use, from a module's named export: `lazyPage(() => import('./pages/X'), 'X')`.
 * Each `import()` stays its own chunk; the name is checked against the module's exports.
 */
export const lazyPage = <K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> => lazy(() => load().then((m) => ({ default: m[name] })));
