import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Lang } from '../i18n/lang.js';

export interface AuthUser {
  id: number;
  loginName: string;
  realName: string;
  platformAdmin: boolean;
  sessionId: string;
  /** Set when the caller is an application (client-credentials token) instead of a person. */
  clientId?: string;
  /** An application's permission codes (its scopes), in its one tenant; a person's come from their roles. */
  scopes?: ReadonlySet<string>;
}

/** What every service method receives first: who is calling, for which tenant, in which language. */
export interface Ctx {
  user: AuthUser | null;
  /** The tenant of a `/…/{t}/…` route; null on routes outside a tenant. */
  tenantId: number | null;
  lang: Lang;
  /** The tenant's IANA time zone (DEFAULT_TIME_ZONE outside a tenant): every "today" and day range. */
  timeZone: string;
  /** The request's transaction (tenant-scoped routes) or the shared handle. Never open a second one. */
  db: Db;
  /** Permission codes the user holds in ctx.tenantId (empty outside a tenant). */
  permissions: ReadonlySet<string>;
  /** The bases the caller may see when a role limits them (ADR 0012); absent or null for all. */
  areaScope?: readonly number[] | null;
  log: FastifyBaseLogger;
  /** Where the request came from (audit log); absent for work that no request started. */
  origin?: { ip: string; userAgent?: string | undefined };
  /** Runs fn in the request's tenant transaction (opening one on routes that stream outside it). */
  transact<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

export interface TenantCtx extends Ctx {
  user: AuthUser;
  tenantId: number;
}
