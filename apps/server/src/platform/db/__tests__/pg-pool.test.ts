import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../app/schema.js';
import { auth, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { createScratchDatabase, overlappingQueries } from '../../../test/test-database.js';
import { type Database, openDatabase } from '../client.js';
import { APP_ROLE } from '../rls.js';

// The pooled PostgreSQL path only: PGlite is one in-process connection (its run reports these as skipped).
const url = process.env.DATABASE_URL;

describe.runIf(url)('PostgreSQL pool: the application role, one query at a time per client', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('the test run notices two queries sent at once on one client', async () => {
    scratch = await createScratchDatabase();
    if (!scratch) throw new Error('no scratch database');
    const c = new pg.Client({ connectionString: scratch.url });
    await c.connect();
    const before = overlappingQueries.length;
    try {
      await Promise.all([c.query('select 1'), c.query('select 2')]);
      await c.query('select 3');
      expect(overlappingQueries.length).toBe(before + 1);
    } finally {
      // This one was on purpose: take it back out of the record that fails the run.
      overlappingQueries.splice(before);
      await c.end();
    }
  });

  it('runs every pooled statement as the plain role from the first one, keeping options given in the URL', async () => {
    if (!scratch) throw new Error('no scratch database');
    const withOptions = new URL(scratch.url);
    withOptions.searchParams.set('options', '-c statement_timeout=4321');
    database = await openDatabase({ databaseUrl: withOptions.toString(), schema, poolSize: 4 });
    const db = database.db;
    // Fresh connections, each asked at once: none may answer as the owner role.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.execute(
          sql`select current_user as u, current_setting('statement_timeout') as t, current_setting('is_superuser') as s`,
        ),
      ),
    );
    for (const a of answers)
      expect((a as unknown as { rows: unknown[] }).rows[0]).toEqual({ u: APP_ROLE, t: '4321ms', s: 'off' });
    expect(overlappingQueries).toEqual([]);
  });

  it('runs a tenant transaction with its tenant set, and nothing after it on the same connections', async () => {
    if (!database) throw new Error('no database');
    const d = database;
    const setting = sql`select current_setting('app.tenant_id', true) as t`;
    type Row = { t: string | null };
    const rowOf = (r: unknown) => (r as { rows: Row[] }).rows[0];
    // Inside: the tenant is already set for the first statement.
    const inside = await Promise.all(
      [7, 8, 9, 10, 11].map((t) => d.withTenant(t, async (tx) => rowOf(await tx.execute(setting)))),
    );
    expect(inside.map((r) => r?.t)).toEqual(['7', '8', '9', '10', '11']);
    // A failing first statement rolls the transaction back and leaves the connection usable.
    await expect(d.withTenant(7, (tx) => tx.execute(sql`select 1/0`))).rejects.toThrow();
    const after = await Promise.all([1, 2, 3, 4].map(() => d.db.execute(setting)));
    for (const r of after) expect([null, '']).toContain(rowOf(r)?.t);
    expect(overlappingQueries).toEqual([]);
  });
});

describe.runIf(url)('PostgreSQL: tenant list routes send their queries one after the other', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await login(server, 'adminA');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the base list, ledger blocks and ledger report concurrently without overlapping queries', async () => {
    const t = server.fixtures.tenantA;
    const urls = [
      `/wfpf/v2/${t}/area?page=0&size=20`,
      `/wfpf/v1/${t}/trace/chain/blocks?page=0&size=20`,
      `/wfpf/v1/${t}/trace/chain/report?page=0&size=20`,
    ];
    const res = await Promise.all(
      [...urls, ...urls].map((u) => server.inject({ method: 'GET', url: u, headers: auth(token) })),
    );
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(overlappingQueries).toEqual([]);
  });
});
