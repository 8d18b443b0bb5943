import rateLimitPlugin, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import { CommonErrors } from '../errors.js';
import type { App } from './route.js';

/**
 * The caller's address as limits and sign-in throttling count it (ADR 0008): an IPv4-mapped IPv6 address
 * as IPv4, and IPv6 cut to its /64, the block one subscriber gets, so rotating within it does not help.
 * `req.ip` follows X-Forwarded-For only when TILTH_TRUST_PROXY says the proxy in front is ours.
 */
export const clientAddress = (req: FastifyRequest): string => normalizeIP(req.ip);

/** A typed 429 with the wait in the caller's language: seconds for short waits, minutes for long ones. */
export const rateLimitedError = (ttlMs: number) => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return seconds < 120
    ? CommonErrors.rateLimitedSeconds({ seconds })
    : CommonErrors.rateLimitedMinutes({ minutes: Math.ceil(seconds / 60) });
};

/** Registers @fastify/rate-limit for routes that declare a limit (none is global). Before any route. */
export const registerRateLimits = async (app: App): Promise<void> => {
  await app.register(rateLimitPlugin, {
    global: false,
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
