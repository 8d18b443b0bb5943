import rateLimitPlugin, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import type { Database } from '../db/client.js';
import { countHit, readHits, sweepWindows, type WindowHits } from '../db/rate-limit.repository.js';
import { CommonErrors } from '../errors.js';
import type { App } from './route.js';

/**
 * The caller's address as limits and sign-in throttling count it (ADR 0008): an IPv4-mapped IPv6 address
 * as IPv4, and IPv6 cut to its /64, the block one subscriber gets, so rotating within it does not help.
 * `req.ip` follows X-Forwarded-For only when TILTH_TRUST_PROXY says the proxy in front is ours.
 */
// req.ip is undefined once the socket has closed (a health checker hanging up early): count it as one address.
export const clientAddress = (req: FastifyRequest): string => (req.ip ? normalizeIP(req.ip) : 'unknown');

/** A typed 429 with the wait in the caller's language: seconds for short waits, minutes for long ones. */
export const rateLimitedError = (ttlMs: number) => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return seconds < 120
    ? CommonErrors.rateLimitedSeconds({ seconds })
    : CommonErrors.rateLimitedMinutes({ minutes: Math.ceil(seconds / 60) });
};

type Done = (err: Error | null, res?: WindowHits) => void;
const SWEEP_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store that counts in the database, so every server process behind the balancer
 * counts the same hits (TILTH_RATE_LIMIT_STORE=database). Each route counts apart, like the memory store.
 */
const databaseStore = (database: Database) => {
  let lastSweep = 0;
  return class DatabaseRateStore {
    // The plugin constructs the root store with its options; children carry their route's prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}
    incr(key: string, done: Done, timeWindow: number): void {
      const now = Date.now();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        sweepWindows(database.db).catch(() => undefined);
      }
      countHit(database.db, this.prefix + key, timeWindow).then(
        (hits) => done(null, hits),
        (err: Error) => done(err),
      );
    }
    read(key: string, done: Done): void {
      readHits(database.db, this.prefix + key).then(
        (hits) => done(null, hits),
        (err: Error) => done(err),
      );
    }
    child(routeOptions: object): DatabaseRateStore {
      // The plugin passes the merged limit options with the route as routeInfo.
      const r = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new DatabaseRateStore(undefined, `${String(r.method ?? '')} ${String(r.url ?? '')}|`);
    }
  };
};

/** Registers @fastify/rate-limit for routes that declare a limit (none is global). Before any route. */
export const registerRateLimits = async (
  app: App,
  database: Database,
  store: 'memory' | 'database',
): Promise<void> => {
  await app.register(rateLimitPlugin, {
    global: false,
    ...(store === 'database' ? { store: databaseStore(database) } : {}),
    keyGenerator: clientAddress,
    // The error handler renders it as {failed, code, message}; Retry-After is set by the plugin.
    errorResponseBuilder: (_req, ctx) => rateLimitedError(ctx.ttl),
  });
};

/** Route options for a per-client-address limit, or undefined when the setting turns it off. */
export const perClientLimit = (
  limit: RateLimit | undefined,
  extra: Pick<RateLimitOptions, 'hook' | 'allowList'> = {},
): RateLimitOptions | undefined =>
  limit ? { max: limit.max, timeWindow: limit.windowSeconds * 1000, ...extra } : undefined;
