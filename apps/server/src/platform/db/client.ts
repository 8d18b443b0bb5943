import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isReplicaFault, keepErrorsHandled, openReplicaPool, type ReplicaPool } from './read-replica.js';
import { APP_ROLE, checkTenantIsolation, prepareRoleAndRls } from './rls.js';
import { captureOption } from './sql-capture.js';
import { scopedQuery, scopeOfHandle, setScope, TenantScope } from './tenant-scope.js';

/**
 * Every table of the server. Platform names no module: the composition root fills this in by declaration
 * merging (app/server.ts, from app/schema.ts), so every handle is still typed with the whole schema.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in app/server.ts
export interface AppSchema {}
export type Schema = { [K in keyof AppSchema]: AppSchema[K] };
/** A database handle or an open transaction; repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn in one transaction in which row-level security sees only this tenant. */
  withTenant<T>(tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one READ ONLY transaction for this tenant on the read replica (DATABASE_READ_URL), which may
   * lag the primary by a moment: for reports, history and charts only. On the primary when there is no
   * replica or it cannot be reached: then `fallback` when given (a request's own transaction), else a READ
   * ONLY transaction on the primary.
   */
  withTenantReplica<T>(tenantId: number, fn: (tx: Db) => Promise<T>, fallback?: () => Promise<T>): Promise<T>;
  /** Whether a read replica is configured (DATABASE_READ_URL). */
  hasReplica: boolean;
  /** Runs fn in one transaction with no tenant set: business tables show no rows. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  pgliteDir?: string;
  /** Every table (app/schema.ts), for relational queries. */
  schema: Schema;
  /** Most pooled PostgreSQL connections (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** A streaming replica for withTenantReplica (DATABASE_READ_URL), connecting as databaseUrl's role does. */
  readUrl?: string | undefined;
  /** transaction: databaseUrl is a transaction pooler; no session state is used (DATABASE_POOL_MODE). */
  poolMode?: 'session' | 'transaction';
  /** The owner connection that migrates in transaction pool mode (DATABASE_MIGRATE_URL). */
  migrateUrl?: string | undefined;
  /** How long a request waits for a PostgreSQL connection before it fails (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/** Points row-level security of an open transaction at a tenant (used when the tenant is made in it). */
export const setTenant = async (tx: Db, tenantId: number): Promise<void> => {
  await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`);
};

/**
 * Limits the rest of the transaction to these bases (ADR 0012): the area_scope policies read it. Not called
 * for a caller who sees every base.
 */
export const setAreaScope = async (tx: Db, areaIds: readonly number[]): Promise<void> => {
  // '0' is no base: an empty scope sees nothing rather than everything.
  const list = areaIds.length === 0 ? '0' : areaIds.join(',');
  // Before PostgreSQL's tenant transaction is open, the setting rides with each statement (tenant-scope.ts).
  if (scopeOfHandle(tx)?.defer('app.area_ids', list)) return;
  await tx.execute(sql`select set_config('app.area_ids', ${list}, true)`);
};

const wrap = (kind: Database['kind'], db: Db, close: () => Promise<void>): Database => ({
  kind,
  db,
  close,
  hasReplica: false,
  transaction: (fn) => db.transaction((tx) => fn(tx)),
  withTenant: (tenantId, fn) =>
    db.transaction(async (tx) => {
      await setTenant(tx, tenantId);
      return fn(tx);
    }),
  // Read only here too, so a write routed to the replica fails on PGlite as it would on a real replica.
  withTenantReplica: (tenantId, fn) =>
    db.transaction(
      async (tx) => {
        await setTenant(tx, tenantId);
        return fn(tx);
      },
      { accessMode: 'read only' },
    ),
});

/**
 * The extensions the migrations create, which PGlite must load (PostgreSQL has them installed):
 * pg_trgm for the product keyword's trigram indexes (migration 0023).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens the database, applies committed migrations, then drops to a role that row-level security binds. */
export const openDatabase = async (opts: OpenOptions): Promise<Database> => {
  const { schema } = opts;
  if (opts.databaseUrl) return openPostgres({ ...opts, databaseUrl: opts.databaseUrl });
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema, casing: 'snake_case', ...captureOption });
  await migratePglite(db, { migrationsFolder });
  const asSuper = async (text: string) => {
    await client.exec(text);
  };
  const useRole = await prepareRoleAndRls(asSuper, async (text) => (await client.query(text)).rows);
  // PGlite is one connection: switching its role once covers every later query.
  if (useRole) await client.exec(`SET ROLE ${APP_ROLE}`);
  await checkTenantIsolation(async (text) => (await client.query(text)).rows);
  return wrap('pglite', db as unknown as Db, () => client.close());
};

/**
 * Connection options that make a pooled connection the application role from its start (the `role`
 * setting in the startup packet, like PGOPTIONS='-c role=…'). A `SET ROLE` sent from the pool's 'connect'
 * event was not awaited: the caller's first query went onto the same client while it still ran, which pg
 * warns about ("client.query() when the client is already executing a query") and pg 9 refuses.
 */
const appRoleConnection = (url: string): { connectionString: string; options: string } => {
  // pg lets options in the URL win over the config's: move them next to the role.
  const u = new URL(url);
  const given = u.searchParams.get('options');
  u.searchParams.delete('options');
  return {
    connectionString: u.toString(),
    options: [given, `-c role=${APP_ROLE}`].filter(Boolean).join(' '),
  };
};

/** pg's own query(), looked up when called (the PostgreSQL test database watches it). */
const pgQuery = function (this: pg.Client, ...args: unknown[]) {
  return Reflect.apply(pg.Client.prototype.query, this, args);
};

/** A pg client whose statements carry the tenant scope's settings while one is set (tenant-scope.ts). */
class ScopedClient extends pg.Client {}
ScopedClient.prototype.query = scopedQuery(pgQuery, true) as typeof pg.Client.prototype.query;

/**
 * A pg client that never names a statement: behind a transaction pooler (PgBouncer 1.18) consecutive
 * transactions may run on different server connections, where a statement prepared on one does not exist.
 */
class UnnamedStatementClient extends pg.Client {}
const unnamedScoped = scopedQuery(pgQuery, false);
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const plain =
    typeof config === 'object' && config !== null && 'name' in config && !('submit' in config)
      ? { ...config, name: undefined }
      : config;
  return Reflect.apply(unnamedScoped, this, [plain, ...rest]);
} as typeof pg.Client.prototype.query;

const openPostgres = async (opts: OpenOptions & { databaseUrl: string }): Promise<Database> => {
  const { databaseUrl: url, schema } = opts;
  const poolSize = opts.poolSize ?? 10;
  const transactionPool = opts.poolMode === 'transaction';
  if (transactionPool && !opts.migrateUrl) {
    throw new Error(
      'DATABASE_POOL_MODE=transaction needs DATABASE_MIGRATE_URL (the owner, direct to the primary)',
    );
  }
  // Behind a transaction pooler the app role must be a plain LOGIN role (no SET ROLE); the owner migrates.
  const admin = new pg.Client({ connectionString: transactionPool ? opts.migrateUrl : url });
  await admin.connect();
  let useRole: boolean;
  try {
    await migratePg(drizzlePg(admin, { schema, casing: 'snake_case' }), { migrationsFolder });
    useRole = await prepareRoleAndRls(
      async (text) => {
        await admin.query(text);
      },
      async (text) => (await admin.query(text)).rows,
    );
  } finally {
    await admin.end();
  }
  const Client = transactionPool ? UnnamedStatementClient : ScopedClient;
  const setsRole = useRole && !transactionPool;
  // While the database is down or failing over, a request waits at most connectTimeoutMs for a
  // connection and then fails (503), instead of queueing without end; keep-alive finds a peer that
  // vanished without closing the socket.
  const pool = new pg.Pool({
    // The role is set in the startup packet: no SET ROLE racing the first query.
    ...(setsRole ? appRoleConnection(url) : { connectionString: url }),
    max: poolSize,
    Client,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    keepAlive: true,
  });
  // An idle pooled connection that the server drops (restart, terminated backend, a test dropping its
  // scratch database) emits 'error' on the pool; without a listener Node treats it as an uncaught
  // exception. pg has already discarded that client, and the next checkout opens a fresh one.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL pool: idle connection lost (${err.message})`);
  });
  const onConnect = (client: pg.PoolClient) => {
    // A connection lost while checked out (between two queries of a transaction) emits 'error' on the
    // client, which the pool only listens to while it is idle: without this listener the process
    // crashed when the database restarted (test/scale/failover.db.test.ts). The next query on it fails;
    // the pool discards it on release.
    keepErrorsHandled(client);
  };
  pool.on('connect', onConnect);
  const check = await pool.connect();
  try {
    await checkTenantIsolation(async (text) => (await check.query(text)).rows);
  } finally {
    check.release();
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case', ...captureOption });
  const replica: ReplicaPool | undefined = opts.readUrl
    ? openReplicaPool(opts.readUrl, {
        max: poolSize,
        Client,
        onConnect,
        ...(setsRole ? { connection: appRoleConnection(opts.readUrl) } : {}),
      })
    : undefined;
  const base = wrap('postgres', db as unknown as Db, async () => {
    await Promise.all([pool.end(), replica?.end()]);
  });
  const perClient = new WeakMap<pg.PoolClient, Db>();
  const handleOf = (client: pg.PoolClient): Db => {
    let tx = perClient.get(client);
    if (!tx) {
      // Building a Drizzle handle walks the whole schema; do it once per pooled connection.
      tx = drizzlePg(client, { schema, casing: 'snake_case', ...captureOption }) as unknown as Db;
      perClient.set(client, tx);
    }
    return tx;
  };
  /**
   * One tenant scope on a checked-out connection: BEGIN only when the first statement that is not a plain
   * read comes (tenant-scope.ts), then COMMIT; a scope of reads alone sends neither.
   */
  const onClient = async <T>(
    client: pg.PoolClient,
    scope: TenantScope,
    fn: (tx: Db) => Promise<T>,
  ): Promise<T> => {
    let broken: unknown;
    setScope(client, scope);
    try {
      const out = await fn(handleOf(client));
      if (scope.open) await client.query('COMMIT');
      return out;
    } catch (err) {
      if (scope.open) {
        await client.query('ROLLBACK').catch((e: unknown) => {
          broken = e;
        });
      }
      throw err;
    } finally {
      setScope(client, undefined);
      // A connection that cannot even roll back is not given to the next request.
      client.release(broken instanceof Error ? broken : undefined);
    }
  };
  return {
    ...base,
    hasReplica: replica !== undefined,
    withTenantReplica: async (tenantId, fn, fallback) => {
      // Made before a connection is taken: a bad tenant id throws here.
      const scope = () => new TenantScope(tenantId, ' READ ONLY');
      const onReplica = scope();
      const client = await replica?.connect();
      if (client) {
        try {
          return await onClient(client, onReplica, fn);
        } catch (err) {
          // Reads repeat safely: a replica that failed mid-read hands the read to the primary.
          if (!isReplicaFault(err)) throw err;
          replica?.failed(err);
        }
      }
      return fallback ? fallback() : onClient(await pool.connect(), scope(), fn);
    },
    withTenant: async (tenantId, fn) => {
      const scope = new TenantScope(tenantId, '');
      return onClient(await pool.connect(), scope, fn);
    },
  };
};
