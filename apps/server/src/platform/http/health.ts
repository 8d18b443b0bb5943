import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Platform } from '../platform.js';
import { type App, addRoute } from './route.js';

// GET /health for a load balancer's check (HAProxy in `npm run cluster`): 200 while this process serves,
// 503 once it drains for shutdown or when its database does not answer. Public, so it says nothing but
// its status, and a flood of checks costs at most one database round trip per second.

/** A probe answer is reused this long; concurrent checks share the one probe in flight. */
const PROBE_TTL_MS = 1_000;
/** A database slower than this counts as unreachable (a failover in progress, a dead primary). */
const PROBE_TIMEOUT_MS = 2_000;

export interface Health {
  /** Set when shutdown begins: the balancer stops sending requests while those in flight finish. */
  draining: boolean;
}

const healthResponse = z.object({ status: z.enum(['ok', 'draining', 'unavailable']) });

export const registerHealth = (app: App, platform: Platform, health: Health): void => {
  let last: { at: number; ok: boolean } | undefined;
  let inFlight: Promise<boolean> | undefined;
  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const query = platform.database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    const ok = await Promise.race([query, timeout]);
    clearTimeout(timer);
    last = { at: Date.now(), ok };
    return ok;
  };
  const databaseUp = (): Promise<boolean> => {
    if (last && Date.now() - last.at < PROBE_TTL_MS) return Promise.resolve(last.ok);
    inFlight ??= probe().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  addRoute(app, platform, {
    method: 'GET',
    url: '/health',
    access: 'public',
    summary:
      'Whether this process serves: 200 ok, or 503 while draining for shutdown or without its database',
    schema: { response: { 200: healthResponse, 503: healthResponse } },
    handler: async (_ctx, _req, reply) => {
      reply.header('cache-control', 'no-store');
      if (health.draining) return reply.status(503).send({ status: 'draining' });
      if (!(await databaseUp())) return reply.status(503).send({ status: 'unavailable' });
      return { status: 'ok' };
    },
  });
};
