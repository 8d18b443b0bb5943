import type { TenantCtx } from '../http/context.js';
import { type Database, type Db, setAreaScope } from './client.js';

/**
 * Runs a read that may lag the primary by a moment (a report, a history, a chart) on the read replica,
 * with the request's tenant and base scope (ADR 0012) set there too. Without a replica, or while it
 * cannot be reached, fn runs in the request's own transaction: no second primary connection per request.
 */
export const readOnReplica = <T>(
  ctx: TenantCtx,
  database: Database,
  fn: (db: Db) => Promise<T>,
): Promise<T> => {
  if (!database.hasReplica) return fn(ctx.db);
  const scope = ctx.areaScope;
  return database.withTenantReplica(
    ctx.tenantId,
    async (tx) => {
      if (scope) await setAreaScope(tx, scope);
      return fn(tx);
    },
    () => fn(ctx.db),
  );
};

/**
 * readOnReplica for a service that reads through `ctx.db`: fn gets the request's context with the replica
 * transaction as its database (and as its only transaction: a report never writes). Without a database
 * (a service made without one, as in unit tests) fn runs on the request's own context.
 */
export const withReplicaCtx = <T>(
  ctx: TenantCtx,
  database: Database | undefined,
  fn: (ctx: TenantCtx) => Promise<T>,
): Promise<T> =>
  database ? readOnReplica(ctx, database, (db) => fn({ ...ctx, db, transact: (f) => f(db) })) : fn(ctx);
