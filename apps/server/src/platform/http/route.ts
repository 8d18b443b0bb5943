import type { RateLimitOptions } from '@fastify/rate-limit';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { membershipCache, permissionCache, scopeCache, timeZoneCache } from '../auth/access-cache.js';
import { authenticateClient, isClientToken } from '../auth/client-tokens.js';
import { authenticate, bearer } from '../auth/tokens.js';
import { setAreaScope } from '../db/client.js';
import { CommonErrors } from '../errors.js';
import { langFromHeader } from '../i18n/lang.js';
import type { Platform } from '../platform.js';
import { type Access, describeAccess, requireAccess } from './access.js';
import type { AuthUser, Ctx } from './context.js';
import { clientAddress } from './rate-limit.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type Req<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

export interface RouteDef<S extends FastifySchema> {
  method: HTTPMethods;
  url: string;
  access: Access;
  summary: string;
  schema: S;
  /** Set on routes that stream or upload, where a database transaction must not stay open. */
  noTransaction?: boolean;
  /** Set on routes that answer with stored file bytes; they must send them through sendStoredFile. */
  serves?: 'file';
  /** Set on routes that hold a live stream open: they answer no HEAD, which would start the stream's work. */
  streams?: boolean;
  /** A per-client-address limit (platform/http/rate-limit.ts); public identity routes set one. */
  rateLimit?: RateLimitOptions | undefined;
  handler: (ctx: Ctx, req: Req<S>, reply: FastifyReply) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    serves?: 'file';
  }
}

const NONE: ReadonlySet<string> = new Set();
/** Access declarations that are not permission codes (they need no lookup of the caller's codes). */
const ACCESS_WORDS: ReadonlySet<string> = new Set(['public', 'authenticated', 'platformAdmin']);
const cachedPermissions = async (platform: Platform, db: Ctx['db'], userId: number, tenantId: number) => {
  const key = `${userId}:${tenantId}`;
  const hit = permissionCache.get(key);
  if (hit) return hit;
  const codes: ReadonlySet<string> = new Set(await platform.sessions.permissionCodes(db, userId));
  permissionCache.set(key, codes);
  return codes;
};
/** The bases a member may see (null: all), cached like permissions; applications see every base. */
const cachedScope = async (
  platform: Platform,
  db: Ctx['db'],
  user: AuthUser,
  tenantId: number,
): Promise<readonly number[] | null> => {
  if (user.clientId) return null;
  const key = `${user.id}:${tenantId}`;
  const hit = scopeCache.get(key);
  if (hit !== undefined) return hit;
  const scope = (await platform.sessions.dataScope(db, user.id)) ?? null;
  scopeCache.set(key, scope);
  return scope;
};
/** A tenant's time zone, cached like permissions. */
export const tenantTimeZone = async (
  platform: Platform,
  db: Ctx['db'],
  tenantId: number,
): Promise<string> => {
  const key = String(tenantId);
  const hit = timeZoneCache.get(key);
  if (hit) return hit;
  const tz = (await platform.sessions.tenantTimeZone(db, tenantId)) ?? DEFAULT_TIME_ZONE;
  timeZoneCache.set(key, tz);
  return tz;
};
/** A tenant member's permission codes there (cached like every request's; live streams re-check with it). */
export const tenantPermissions = async (
  platform: Platform,
  userId: number,
  tenantId: number,
  user?: AuthUser,
): Promise<ReadonlySet<string>> =>
  user?.scopes ??
  // A transaction (row-level security) only when the cache has to ask the database.
  permissionCache.get(`${userId}:${tenantId}`) ??
  platform.database.withTenant(tenantId, (db) => cachedPermissions(platform, db, userId, tenantId));

/**
 * The user of a bearer token whose session is open and who, for a tenant, is a member of it; throws the
 * 401 / 403 a request gets. Requests are admitted with it, and live streams re-admitted while they last.
 */
export const admit = async (
  platform: Platform,
  token: string,
  tenantId?: number,
  address?: string,
): Promise<AuthUser> => {
  // An application's token: its own tenant only, from its allow-listed addresses (client-tokens.ts).
  if (isClientToken(token))
    return authenticateClient(platform.keys, platform.sessions, platform.database, token, tenantId, address);
  const user = await authenticate(platform.keys, platform.sessions, platform.database.db, token);
  if (tenantId === undefined) return user;
  const key = `${user.id}:${tenantId}`;
  if (!Number.isSafeInteger(tenantId)) throw CommonErrors.forbidden();
  if (!membershipCache.get(key)) {
    if (!(await platform.sessions.isMember(platform.database.db, user.id, tenantId)))
      throw CommonErrors.forbidden();
    membershipCache.set(key, true);
  }
  return user;
};

/** The authenticated user of a request, from its onRequest hook to its handler. */
const users = new WeakMap<FastifyRequest, AuthUser>();

/**
 * Registers one route: authenticates unless public, runs tenant routes (`:tenantId` in the path) in one
 * transaction with `app.tenant_id` set, refuses non-members with 403, checks the declared access, then
 * hands the handler a ctx.
 */
export const addRoute = <S extends FastifySchema>(app: App, platform: Platform, def: RouteDef<S>): void => {
  const tenantScoped = def.url.includes(':tenantId');
  const tag = def.url.split('/')[1] ?? 'misc';
  // The typed request is recovered below; the plain instance keeps Fastify's reply typing out of the way.
  const schema: FastifySchema = {
    ...def.schema,
    summary: def.summary,
    description: `Access: ${describeAccess(def.access)}`,
    tags: [tag],
    ...(def.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
  };
  // Identity and tenant membership are settled before the body is even validated, so a caller who may
  // not use this tenant learns nothing about it — not even which fields a request would need.
  const onRequest: onRequestHookHandler = async (req) => {
    if (def.access === 'public') return;
    const token = bearer(req.headers.authorization);
    if (!token) throw CommonErrors.tokenInvalid();
    let tenantId: number | undefined;
    if (tenantScoped) {
      const raw = (req.params as { tenantId?: string }).tenantId ?? '';
      tenantId = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
    }
    const user = await admit(platform, token, tenantId, req.ip);
    const word = ACCESS_WORDS.has(describeAccess(def.access));
    // An application holds exactly its scopes: routes open to any signed-in person are not its to call.
    if (user.scopes && word) throw CommonErrors.forbidden();
    // The declared access is settled here too, before the body is read or validated: a caller without the
    // code gets 403 whatever it sends (the role replay suite relies on it), and no upload is streamed.
    const permissions =
      tenantId !== undefined && !word ? await tenantPermissions(platform, user.id, tenantId, user) : NONE;
    requireAccess({ user, permissions }, def.access);
    users.set(req, user);
  };
  const handler: RouteOptions['handler'] = async (req, reply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    const user = users.get(req) ?? null;
    const typedReq = req as unknown as Req<S>;
    if (!tenantScoped) {
      const db = platform.database.db;
      const ctx: Ctx = {
        user,
        tenantId: null,
        lang,
        timeZone: DEFAULT_TIME_ZONE,
        db,
        permissions: NONE,
        log: req.log,
        origin: { ip: clientAddress(req), userAgent: req.headers['user-agent'] },
        transact: (fn) => fn(db),
      };
      requireAccess(ctx, def.access);
      return def.handler(ctx, typedReq, reply);
    }
    const tenantId = Number((req.params as { tenantId?: unknown }).tenantId);
    if (!Number.isSafeInteger(tenantId) || tenantId < 0) throw CommonErrors.forbidden();
    let scope: readonly number[] | null = null;
    const resolve = async (db: Ctx['db']): Promise<Ctx> => {
      const permissions = user
        ? (user.scopes ?? (await cachedPermissions(platform, db, user.id, tenantId)))
        : NONE;
      const timeZone = await tenantTimeZone(platform, db, tenantId);
      // ADR 0012: from here on the transaction holds only the bases the caller may see.
      scope = user ? await cachedScope(platform, db, user, tenantId) : null;
      if (scope) await setAreaScope(db, scope);
      const ctx: Ctx = {
        user,
        tenantId,
        areaScope: scope,
        lang,
        timeZone,
        db,
        permissions,
        log: req.log,
        origin: { ip: clientAddress(req), userAgent: req.headers['user-agent'] },
        transact: (fn) => fn(db),
      };
      requireAccess(ctx, def.access);
      return ctx;
    };
    if (def.noTransaction) {
      // Access is still checked inside a tenant transaction; the handler opens its own when it needs one.
      const ctx = await platform.database.withTenant(tenantId, resolve);
      const transact: Ctx['transact'] = (fn) =>
        platform.database.withTenant(tenantId, async (tx) => {
          if (scope) await setAreaScope(tx, scope);
          return fn(tx);
        });
      return def.handler({ ...ctx, db: platform.database.db, transact }, typedReq, reply);
    }
    return platform.database.withTenant(tenantId, async (tx) =>
      def.handler(await resolve(tx), typedReq, reply),
    );
  };
  (app as unknown as FastifyInstance).route({
    method: def.method,
    url: def.url,
    exposeHeadRoute: !def.streams,
    config: {
      access: def.access,
      ...(def.serves ? { serves: def.serves } : {}),
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    },
    schema,
    onRequest,
    handler,
  });
};
