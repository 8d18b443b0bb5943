import helmet from 'helmet';
import type { Config } from '../config.js';
import type { App } from './route.js';

// Security headers on every answer (ARCHITECTURE §3): the console's Content-Security-Policy, framing,
// referrer and HSTS, made by helmet once (not per request). What the console loads from elsewhere (map
// tiles, camera and video servers) is listed by origin from configuration — never a wildcard source.

/** Directives that take origins contributed at start-up (modules) or by configuration. */
export type SourceDirective = 'img-src' | 'connect-src' | 'media-src' | 'frame-src';

/** Origins the console may use beyond its own; modules add theirs while they register. */
export class ContentSources {
  private readonly lists = new Map<SourceDirective, Set<string>>();
  /** Bumped on every change, so headers made from the lists are made again. */
  version = 0;

  allow(directive: SourceDirective, origins: Iterable<string>): void {
    let set = this.lists.get(directive);
    if (!set) {
      set = new Set();
      this.lists.set(directive, set);
    }
    for (const o of origins) set.add(o);
    this.version++;
  }

  of(directive: SourceDirective): string[] {
    return [...(this.lists.get(directive) ?? [])].sort();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Origins of the console's Content-Security-Policy (security-headers.ts). */
    contentSources: ContentSources;
  }
}

/**
 * The origin of a URL or URL template (`{s}`, `{z}`… placeholders filled with `subdomains`, Leaflet's
 * 'a','b','c' without any); undefined for relative URLs, which 'self' covers, and for non-web schemes.
 */
export const originsOfTemplate = (template: string, subdomains: readonly string[] = []): string[] => {
  const subs = template.includes('{s}') ? (subdomains.length > 0 ? subdomains : ['a', 'b', 'c']) : [''];
  const out = new Set<string>();
  for (const s of subs) {
    const url = template.replaceAll('{s}', s).replace(/\{[^}]*\}/g, '0');
    try {
      const u = new URL(url);
      if (u.protocol === 'https:' || u.protocol === 'http:') out.add(u.origin);
    } catch {
      // Relative: served from the console's own origin.
    }
  }
  return [...out];
};

/** The policy's directives. */
export const contentSecurityDirectives = (
  config: Pick<Config, 'frameAncestors' | 'hsts' | 'cspExtra'>,
  sources: ContentSources,
): Record<string, Array<string | (() => string)>> => {
  const { img, connect, media } = config.cspExtra;
  // Media servers (camera players) stream over fetch/XHR, show stills and may play in their own frame.
  sources.allow('img-src', [...img, ...media]);
  sources.allow('connect-src', [...connect, ...media]);
  sources.allow('media-src', media);
  sources.allow(
    'frame-src',
    media.filter((o) => o.startsWith('http')),
  );
  // Read per answer (modules add origins while they register), joined with the fixed sources.
  const listed =
    (d: SourceDirective, ...fixed: string[]) =>
    () =>
      [...fixed, ...sources.of(d)].join(' ');
  const directives: Record<string, Array<string | (() => string)>> = {
    'default-src': ["'self'"],
    // No inline script and no eval anywhere in the console (checked by the browser stories).
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Ant Design's CSS-in-JS injects <style> elements at run time, and index.html has its boot style.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for Leaflet's and Ant Design's inline icons, blob: for images the console downloads itself.
    'img-src': [listed('img-src', "'self'", 'data:', 'blob:')],
    'font-src': ["'self'", 'data:'],
    'connect-src': [listed('connect-src', "'self'")],
    // hls.js / mpegts.js play through Media Source Extensions (blob: URLs) and may run a blob: worker.
    'media-src': [listed('media-src', "'self'", 'blob:')],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [listed('frame-src', "'self'")],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': config.frameAncestors,
  };
  // Only behind HTTPS: on plain HTTP (loopback, a LAN address) it would send every asset request to https.
  if (config.hsts) directives['upgrade-insecure-requests'] = [];
  return directives;
};

/**
 * X-Frame-Options that agrees with frame-ancestors: DENY for 'none', SAMEORIGIN for 'self'; with other
 * origins it cannot say the same (ALLOW-FROM is obsolete), so it is left out and frame-ancestors decides.
 */
export const frameOptionsFor = (ancestors: readonly string[]): 'DENY' | 'SAMEORIGIN' | undefined => {
  if (ancestors.length === 1 && ancestors[0] === "'none'") return 'DENY';
  if (ancestors.length === 1 && ancestors[0] === "'self'") return 'SAMEORIGIN';
  return undefined;
};

/**
 * The headers helmet would set, made once (and again when the sources change) by running helmet's
 * middleware against a recording response. @fastify/helmet built a new helmet middleware for every request
 * (about a sixth of an API request's CPU, docs/benchmarks.md); the headers never differ between requests.
 */
const recordHeaders = (middleware: ReturnType<typeof helmet>): Record<string, string> => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware(
    {} as Parameters<typeof middleware>[0],
    res as unknown as Parameters<typeof middleware>[1],
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
};

/**
 * Sets the security headers on the whole app (every route, the console's files and the not-found
 * fallback). A route that sets its own Content-Security-Policy keeps it: these are set when the request
 * arrives, and a header the route sets later replaces the value.
 */
export const registerSecurityHeaders = async (app: App, config: Config): Promise<ContentSources> => {
  const sources = new ContentSources();
  app.decorate('contentSources', sources);
  const frame = frameOptionsFor(config.frameAncestors);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(config, sources),
    },
    xFrameOptions: frame ? { action: frame === 'DENY' ? 'deny' : 'sameorigin' } : false,
    // Tile servers (OpenStreetMap, Tianditu's domain-bound keys) need the console's origin as Referer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  });
  let made: { version: number; headers: Record<string, string> } | undefined;
  app.addHook('onRequest', (_req, reply, done) => {
    // Modules add origins while they register: the first request sees them all.
    if (made?.version !== sources.version)
      made = { version: sources.version, headers: recordHeaders(middleware) };
    // On the raw response, as helmet did: streams that hijack the reply (SSE, camera video) keep them too.
    for (const name in made.headers) reply.raw.setHeader(name, made.headers[name] as string);
    done();
  });
  return sources;
};
