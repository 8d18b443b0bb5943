import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The page's one script, built by the web app as its own small bundle (apps/web/vite.trace-public.config.ts)
// into the console's dist, where the static handler serves it. Its URL carries a hash of its content, so a
// rebuilt script is fetched again while an unchanged one stays cached.

export const TRACE_SCRIPT_PATH = '/trace-public/trace-public.js';

let cached: { at: string; url: string } | undefined;

/** The script's URL with its content version (read once per web dist; '0' while it is not built). */
export const traceScriptUrl = (webDist: string): string => {
  if (cached?.at === webDist) return cached.url;
  let version = '0';
  try {
    const bytes = readFileSync(path.join(webDist, TRACE_SCRIPT_PATH));
    version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  } catch {
    // Not built (API tests): the page still renders and its server-side verdict stands alone.
  }
  cached = { at: webDist, url: `${TRACE_SCRIPT_PATH}?v=${version}` };
  return cached.url;
};
