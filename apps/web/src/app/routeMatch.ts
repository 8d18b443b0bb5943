// Route patterns use ':id' (React Router) or '{id}' (the spec's notation); a parameter matches any one
// non-empty path segment (spec 01 §2.10).

export type RouteParams = Record<string, string>;

const segments = (path: string): string[] => path.replace(/^\/+|\/+$/g, '').split('/');

const paramName = (segment: string): string | null => {
  if (segment.startsWith(':')) return segment.slice(1);
  const braced = /^\{(.+)\}$/.exec(segment);
  return braced?.[1] ?? null;
};

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The parameters when `pathname` fits `pattern`, otherwise null. Query and hash are ignored. */
export const matchPattern = (pattern: string, pathname: string): RouteParams | null => {
  const want = segments(pattern);
  const have = segments(pathname.split(/[?#]/)[0] ?? '');
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    const name = paramName(w);
    if (name) {
      if (!h) return null;
      params[name] = decode(h);
    } else if (w !== h) {
      return null;
    }
  }
  return params;
};

const paramCount = (pattern: string): number => segments(pattern).filter((s) => paramName(s) !== null).length;

/** The route that fits `pathname`; a literal segment wins over a parameter ('/plan/add' over '/plan/:id'). */
export const findRoute = <R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: RouteParams } | null => {
  let best: { route: R; params: RouteParams } | null = null;
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params && (!best || paramCount(route.path) < paramCount(best.route.path))) best = { route, params };
  }
  return best;
};

/** React Router spells parameters ':id'; the spec '{id}'. */
export const toRouterPattern = (pattern: string): string => pattern.replace(/\{([^/}]+)\}/g, ':$1');
