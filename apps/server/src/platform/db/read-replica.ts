import pg from 'pg';
import { checkTenantIsolation } from './rls.js';

// Reads that may lag the primary by a moment (reports, history, charts) go to a streaming replica
// (DATABASE_READ_URL). A replica that cannot be reached never fails a read: it goes to the primary, and the
// replica is not tried again for a few seconds so each read does not wait for a refused connection first.

/** How long a replica that failed stays out before it is tried again. */
const RETRY_AFTER_MS = 5_000;

// Errors that say the replica (not the query) failed: no connection, a connection cut, a server shutting
// down or still starting, a query cancelled by a conflict with recovery. The read is repeated on the primary.
const REPLICA_FAULT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '40001',
]);

export const isReplicaFault = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && REPLICA_FAULT_CODES.has(code)) return true;
  const msg = String((err as { message?: unknown }).message ?? '');
  return /Connection terminated|connection timeout|not queryable|ECONNREFUSED|ECONNRESET/i.test(msg);
};

/**
 * pg emits 'error' on a checked-out client whose connection is cut (a killed server, a balancer
 * shutting sessions) even after failing its query with it; unheard, that ends the process. The query's
 * own rejection is what callers act on, so the event itself needs only a listener.
 */
export const keepErrorsHandled = (client: pg.PoolClient): void => {
  client.on('error', () => undefined);
};

export interface ReplicaPool {
  /** A client of the replica, or undefined while it is unreachable (use the primary). */
  connect(): Promise<pg.PoolClient | undefined>;
  /** Marks the replica out after a fault seen mid-read. */
  failed(err: unknown): void;
  end(): Promise<void>;
}

export const openReplicaPool = (
  url: string,
  opts: {
    max: number;
    Client?: typeof pg.Client;
    onConnect?: (c: pg.PoolClient) => void;
    /** How to connect instead of the bare URL (the application role set in the startup packet). */
    connection?: { connectionString: string; options: string };
  },
): ReplicaPool => {
  const pool = new pg.Pool({
    ...(opts.connection ?? { connectionString: url }),
    max: opts.max,
    // A replica behind a dead address must not hold reads up for long.
    connectionTimeoutMillis: 2_000,
    ...(opts.Client ? { Client: opts.Client } : {}),
  });
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL read replica: idle connection lost (${err.message})`);
  });
  pool.on('connect', keepErrorsHandled);
  if (opts.onConnect) pool.on('connect', opts.onConnect);
  let downUntil = 0;
  // Row-level security is checked once on the replica's first answer, as on the primary at startup.
  let checked: Promise<void> | undefined;
  const failed = (err: unknown) => {
    downUntil = Date.now() + RETRY_AFTER_MS;
    process.emitWarning(`PostgreSQL read replica unavailable, reading on the primary: ${String(err)}`);
  };
  return {
    failed,
    connect: async () => {
      if (Date.now() < downUntil) return undefined;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        failed(err);
        return undefined;
      }
      try {
        checked ??= checkTenantIsolation(async (text) => (await client.query(text)).rows);
        await checked;
      } catch (err) {
        client.release(true);
        checked = undefined;
        if (isReplicaFault(err)) {
          failed(err);
          return undefined;
        }
        // A replica role that could bypass row-level security is refused outright, as the primary is.
        throw err;
      }
      return client;
    },
    end: () => pool.end(),
  };
};
