import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded page that can be fetched ahead of its first render (the entry does, for the first screen). */
export type LazyPage<C extends ComponentType = ComponentType> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
  /** The page itself once its module is in (render it directly: no suspending, see below). */
  loaded: () => C | undefined;
};

/**
 * A page loaded on first use, from a module's named export: `lazyPage(() => import('./pages/X'), 'X')`.
 * Each `import()` stays its own chunk; the name is checked against the module's exports. `preload()`
 * starts the same fetch early; the render then finds it done.
 */
export const lazyPage = <K extends string, M extends { [P in K]: ComponentType }>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> => {
  let loading: Promise<{ default: M[K] }> | undefined;
  let page: M[K] | undefined;
  const get = () => {
    loading ??= load().then((m) => {
      page = m[name];
      return { default: m[name] };
    });
    // A failed fetch (network) may be retried by the next render.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  // React.lazy suspends on its first render even when the module is already in, and React 19 then holds
  // the content back for its fallback throttle (≈ 300 ms): the first screen renders `loaded()` instead.
  return Object.assign(lazy(get), { preload: get, loaded: () => page });
};
