import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, openAppDatabase } from '../../app/server.js';
import { createTenant, createUser } from '../../modules/demo/seed.helpers.js';
import { seedReportData } from '../../modules/inventory/report/__tests__/report-fixture.js';
import { postLedger } from '../../modules/stock/ledger/index.js';
import { loadConfig } from '../../platform/config.js';
import type { Database, Db } from '../../platform/db/client.js';
import { runFixed } from '../../platform/db/fixed.js';
import { today } from '../../platform/time/zone.js';
import { tokenRequest } from '../harness.js';
import { type Bouncer, type PgPair, startPgBouncer, startPrimaryAndReplica } from './pg-servers.js';

// DATABASE_READ_URL and DATABASE_POOL_MODE=transaction on real PostgreSQL 15: a primary, a streaming
// replica (pg_basebackup -R) and PgBouncer 1.18 in transaction mode, all on loopback. Runs with the
// PostgreSQL suites (DATABASE_URL set); it starts its own servers and fails if it cannot.

const onPostgres = Boolean(process.env.DATABASE_URL);

let pair: PgPair;
let bouncer: Bouncer;
let database: Database;
let tenantA: number;
let tenantB: number;

const rowsOf = async <T>(db: Db, text: string): Promise<T[]> =>
  ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

const waitFor = async (what: string, probe: () => Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const areaNames = (db: Db) =>
  rowsOf<{ area_name: string }>(db, 'select area_name from areas order by area_name').then((r) =>
    r.map((x) => x.area_name),
  );

describe.runIf(onPostgres)('read replica and transaction pooling (real PostgreSQL, PgBouncer)', () => {
  beforeAll(async () => {
    pair = await startPrimaryAndReplica();
    const admin = new pg.Client({ connectionString: pair.primary.url() });
    await admin.connect();
    // The cluster's arrangement (scripts/cluster): a plain login role that inherits tilth_app.
    await admin.query('CREATE DATABASE tilth');
    await admin.query('CREATE ROLE tilth_app NOLOGIN NOSUPERUSER NOBYPASSRLS');
    await admin.query('CREATE ROLE tilth_login LOGIN NOSUPERUSER NOBYPASSRLS IN ROLE tilth_app');
    await admin.end();
    bouncer = await startPgBouncer(pair.dir, pair.primary);
    database = await openAppDatabase({
      databaseUrl: bouncer.url('tilth_login', 'tilth'),
      poolMode: 'transaction',
      migrateUrl: pair.primary.url('postgres', 'tilth'),
      readUrl: pair.replica.url('tilth_login', 'tilth'),
      poolSize: 4,
    });
    tenantA = await createTenant(database, 'Replica farm A');
    tenantB = await createTenant(database, 'Replica farm B');
    await database.withTenant(tenantA, (tx) =>
      tx.execute(sql`insert into areas (tenant_id, area_name) values (${tenantA}, 'north field')`),
    );
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await bouncer?.stop();
    pair?.stopAll();
  });

  it('writes go to the primary through PgBouncer, as the plain login role', async () => {
    const [me] = await database.withTenant(tenantA, (tx) =>
      rowsOf<{ user: string; standby: boolean }>(
        tx,
        'select current_user as user, pg_is_in_recovery() as standby',
      ),
    );
    expect(me).toEqual({ user: 'tilth_login', standby: false });
  });

  it('reads routed to the replica run there, read only, and see what the primary committed', async () => {
    expect(database.hasReplica).toBe(true);
    const [where] = await database.withTenantReplica(tenantA, (tx) =>
      rowsOf<{ standby: boolean; ro: string }>(
        tx,
        "select pg_is_in_recovery() as standby, current_setting('transaction_read_only') as ro",
      ),
    );
    expect(where).toEqual({ standby: true, ro: 'on' });
    await waitFor('replication', async () =>
      (await database.withTenantReplica(tenantA, areaNames)).includes('north field'),
    );
    const write = database.withTenantReplica(tenantA, (tx) =>
      tx.execute(sql`insert into areas (tenant_id, area_name) values (${tenantA}, 'nope')`),
    );
    // Drizzle wraps the driver's error; PostgreSQL's own says why.
    const err = await write.then(
      () => undefined,
      (e: unknown) => e as { cause?: { message?: string } },
    );
    expect(err?.cause?.message).toMatch(/read-only transaction/);
  });

  it('row-level security holds on the replica: another tenant sees nothing', async () => {
    // Each tenant also has its root area, named after it (byte order: upper case first).
    expect(await database.withTenantReplica(tenantA, areaNames)).toEqual(['Replica farm A', 'north field']);
    expect(await database.withTenantReplica(tenantB, areaNames)).toEqual(['Replica farm B']);
    // No tenant set at all: nothing either.
    const none = await rowsOf<{ n: number }>(database.db, 'select count(*)::int as n from areas');
    expect(none).toEqual([{ n: 0 }]);
  });

  it('a fixed statement runs again and again through PgBouncer (no named statement left behind)', async () => {
    const text = 'select $1::int + 1 as n';
    // More transactions at once than PgBouncer's pool: each lands on whichever server connection is free.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        database.withTenant(tenantA, (tx) => runFixed<{ n: number }>(tx, 'scale_plus_one', text, [i])),
      ),
    );
    expect(answers.map((r) => r[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('the transaction pool mode refuses to start without an owner connection to migrate on', async () => {
    await expect(
      openAppDatabase({ databaseUrl: bouncer.url('tilth_login', 'tilth'), poolMode: 'transaction' }),
    ).rejects.toThrow(/DATABASE_MIGRATE_URL/);
  });

  /** A server process on this arrangement, and an admin of tenant A signed in to it. */
  const startServer = async (name: string) => {
    const env = {
      ...process.env,
      TILTH_DEMO: '0',
      TILTH_SIMULATOR: '0',
      TILTH_WEATHER_PROVIDER: 'offline',
      MQTT_PORT: '0',
      MQTT_URL: '',
      HOST: '127.0.0.1',
      TILTH_DATA_DIR: `${pair.dir}/${name}`,
      DATABASE_URL: bouncer.url('tilth_login', 'tilth'),
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_MIGRATE_URL: pair.primary.url('postgres', 'tilth'),
      DATABASE_READ_URL: pair.replica.url('tilth_login', 'tilth'),
    };
    const server = await createServer(loadConfig(env), { pgliteDir: 'memory://', logger: false });
    await createUser(server.platform.database, {
      loginName: name,
      password: 'secret123',
      realName: 'Replica admin',
      roles: [[tenantA, 'tenant-admin']],
    });
    const login = await tokenRequest(server, name, 'secret123');
    const token = (login.json() as { access_token: string }).access_token;
    const get = async <T>(url: string): Promise<T> => {
      const r = await server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as T;
    };
    return { server, get };
  };

  it('stock reports and the carbon dashboard read on the replica; stock on hand stays on the primary', async () => {
    const { server, get } = await startServer('replica-reports');
    const replay = new pg.Client({ connectionString: pair.replica.url('postgres', 'tilth') });
    await replay.connect();
    try {
      const inv = (path: string) => `/wfpf/v1/${tenantA}/inventory${path}`;
      const north = await database.withTenant(tenantA, async (tx) => {
        const [a] = await rowsOf<{ id: number }>(tx, "select id from areas where area_name = 'north field'");
        return a?.id ?? 0;
      });
      const ids = await database.withTenant(tenantA, (tx) =>
        seedReportData(tx, tenantA, { north, south: north }, today('Asia/Shanghai')),
      );
      const ledgerUrl = inv('/report/ledger?page=0&size=5');
      const ledgerTotal = async () => (await get<{ totalElements: number }>(ledgerUrl)).totalElements;
      const onHand = async () =>
        (await get<{ totals: { quantity: number } }>(inv(`/stock?page=0&size=5&warehouseId=${ids.w1}`)))
          .totals.quantity;
      const dashboardFrom = async () =>
        (await get<{ from: string }>(`/wfpf/v1/${tenantA}/carbon/dashboard`)).from;
      const posted = await database.withTenant(tenantA, (tx) =>
        rowsOf<{ n: number }>(tx, "select count(*)::int as n from stock_ledger where book = 'inv'"),
      );
      await waitFor('replication of the seed', async () => (await ledgerTotal()) === posted[0]?.n);
      const [ledgerBefore, stockBefore] = [await ledgerTotal(), await onHand()];
      const fromBefore = await dashboardFrom();

      // The replica stops applying what it receives: a read there now lags every later commit.
      await replay.query('select pg_wal_replay_pause()');
      await database.withTenant(tenantA, async (tx) => {
        const r = await postLedger(
          tx,
          tenantA,
          null,
          [
            {
              book: 'inv',
              warehouseId: ids.w1,
              productId: ids.s1,
              quantity: '25',
              areaId: north,
              lotNo: 'L7',
              unitCost: '2',
              sourceType: 'warehousing',
              sourceId: 9001,
              sourceLineId: 9001,
              sourceCode: 'RK-REPLICA',
              docDate: today('Asia/Shanghai'),
            },
          ],
          { allowNegative: () => false },
        );
        expect(r.ok).toBe(true);
        await tx.execute(
          sql`insert into carbon_settings (tenant_id, grid_region, dashboard_year) values (${tenantA}, 'CN', 2019)`,
        );
      });
      // Stock on hand is read on the primary: the receipt shows at once.
      expect(await onHand()).toBe(stockBefore + 25);
      // The reports are read on the paused replica: neither the movement nor the dashboard year yet.
      expect(await ledgerTotal()).toBe(ledgerBefore);
      expect(await dashboardFrom()).toBe(fromBefore);

      await replay.query('select pg_wal_replay_resume()');
      await waitFor('the replica catching up', async () => (await ledgerTotal()) === ledgerBefore + 1);
      expect(await dashboardFrom()).toBe('2019-01-01');
    } finally {
      await replay.query('select pg_wal_replay_resume()').catch(() => undefined);
      await replay.end();
      await server.close();
    }
  }, 120_000);

  it('a server on this arrangement is healthy; its replica stopped, reports and reads answer from the primary', async () => {
    const { server, get } = await startServer('replica-admin');
    try {
      expect((await server.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
      // A weather report (its rollup scans read on the replica) answers with the replica up and down.
      const report = () =>
        get<unknown>(`/wfpe/v1/${tenantA}/report/rainfall?startDate=2026-01-01&endDate=2026-01-31`);
      const before = await report();
      pair.replica.stop();
      expect(await report()).toEqual(before);
      const [where] = await database.withTenantReplica(tenantA, (tx) =>
        rowsOf<{ standby: boolean }>(tx, 'select pg_is_in_recovery() as standby'),
      );
      expect(where).toEqual({ standby: false });
      expect(await database.withTenantReplica(tenantA, areaNames)).toEqual(['Replica farm A', 'north field']);
      expect(await database.withTenantReplica(tenantB, areaNames)).toEqual(['Replica farm B']);
    } finally {
      await server.close();
    }
  }, 120_000);
});
