// What the inventory benches share (inventory-post, inventory-products, inventory-report): a scratch
// database on PostgreSQL (DATABASE_URL) or an in-memory PGlite, a server on it, a bench tenant with one
// tenant-admin, the planner's statistics after seeding, and a signed-in HTTP client on a listening server.
// BENCH_KEEP_DB=1 keeps the PostgreSQL scratch database and prints its URL (for EXPLAIN ANALYZE by hand).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import type { Db } from '../apps/server/src/platform/db/client.js';
import { APP_ROLE } from '../apps/server/src/platform/db/rls.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

export const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
export const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** The machine line under each bench's heading: Node, cores and the load average when it ran. */
export const machine = (): string =>
  `Node ${process.version}; ${cpus().length} cores, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')}`;

type Server = Awaited<ReturnType<typeof createServer>>;

export interface InventoryBench {
  server: Server;
  db: Server['platform']['database'];
  dbName: 'PostgreSQL' | 'PGlite';
  /** The scratch database's URL on PostgreSQL (undefined on PGlite). */
  url: string | undefined;
  tenantId: number;
  loginName: string;
  /** Runs statements in the bench tenant's transaction (row-level security bound to it). */
  seed<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Updates the planner's statistics (vacuum too on PostgreSQL), as the owner. */
  analyze(opts?: { vacuum?: boolean }): Promise<void>;
  /** Listens on a free loopback port and signs the bench user in. */
  listen(): Promise<{ base: string; token: string }>;
  /** Closes the server, drops the scratch database (unless BENCH_KEEP_DB) and the data directory. */
  close(): Promise<void>;
}

export const startInventoryBench = async (tenantName: string, loginName: string): Promise<InventoryBench> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-'));
  const scratch = await createScratchDatabase();
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    TILTH_DEMO: '0',
    TILTH_WEATHER_PROVIDER: 'offline',
    MQTT_PORT: '0',
    MQTT_URL: '',
    TILTH_APPROVAL_TICK_MS: '0',
    TILTH_RATE_LIMIT_SIGN_IN: '100000/60',
  });
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  const db = server.platform.database;
  const tenantId = await createTenant(db, tenantName);
  await createUser(db, {
    loginName,
    password: 'bench1234',
    realName: 'Stock keeper',
    roles: [[tenantId, 'tenant-admin']],
  });
  return {
    server,
    db,
    dbName: db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    url: scratch?.url,
    tenantId,
    loginName,
    seed: (fn) => db.withTenant(tenantId, fn),
    analyze: async ({ vacuum = false } = {}) => {
      if (scratch) {
        const owner = new pg.Client({ connectionString: scratch.url });
        await owner.connect();
        await owner.query(vacuum ? 'vacuum analyze' : 'analyze');
        await owner.end();
      } else {
        for (const q of ['reset role', 'analyze', `set role ${APP_ROLE}`]) await db.db.execute(sql.raw(q));
      }
    },
    listen: async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
      const res = await fetch(`${base}/oauth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username: loginName,
          password: encryptPassword(server, 'bench1234'),
        }),
      });
      const token = ((await res.json()) as { access_token: string }).access_token;
      return { base, token };
    },
    close: async () => {
      await server.close();
      if (scratch && process.env.BENCH_KEEP_DB) console.log(`kept the scratch database: ${scratch.url}`);
      else await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * The monthly rollup (`stock_rollup`) of ledger rows a bench wrote with SQL instead of postLedger — the
 * same sums the migration fills it with.
 */
export const rollupSeededLedger = (tenantId: number): SQL => sql`
  insert into stock_rollup (tenant_id, book, warehouse_id, product_id, location, month, area_id, in_qty, in_value,
                            out_qty, out_value, net_value, moves, first_date, last_in_date, last_out_date)
  select tenant_id, book, warehouse_id, product_id, location, date_trunc('month', doc_date)::date, area_id,
         coalesce(sum(quantity) filter (where quantity > 0), 0), coalesce(sum(value_change) filter (where quantity > 0), 0),
         coalesce(-sum(quantity) filter (where quantity < 0), 0), coalesce(-sum(value_change) filter (where quantity < 0), 0),
         sum(value_change), count(*), min(doc_date),
         max(doc_date) filter (where quantity > 0), max(doc_date) filter (where quantity < 0)
    from stock_ledger where tenant_id = ${tenantId}
   group by 1, 2, 3, 4, 5, 6, 7`;
