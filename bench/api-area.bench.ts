// API overhead benchmark: GET /wfpf/v2/{t}/area?page=0&size=20 as a signed-in user, against a bare Fastify
// route that runs the same query (the same repository function) and returns the same JSON, without the
// platform layers (authentication, membership, tenant transaction with RLS, zod validation/serialisation).
// Usage: npm run bench:api                 (PGlite)
//        DATABASE_URL=postgres://… npm run bench:api   (PostgreSQL; the URL's role must be able to CREATE DATABASE)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import * as schema from '../apps/server/src/app/schema.js';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { listAreas } from '../apps/server/src/modules/farm/area/area.repository.js';
import { toArea } from '../apps/server/src/modules/farm/area/area.service.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import type { Db } from '../apps/server/src/platform/db/client.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const run = async (title: string, url: string, headers: Record<string, string> = {}) => {
  // Warm up JIT, pools and caches before measuring.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { title, rps: r.requests.average, p99: r.latency.p99 };
};

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-'));
  const scratch = await createScratchDatabase();
  const config = loadConfig({ ...process.env, TILTH_DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' });
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  const kind = server.platform.database.kind;
  try {
    const t = await createTenant(server.platform.database, 'Bench farm');
    await createUser(server.platform.database, {
      loginName: 'bench',
      password: 'bench1234',
      realName: 'Bench',
      roles: [[t, 'viewer']],
    });
    await server.platform.database.withTenant(t, async (tx) => {
      for (let i = 0; i < 60; i++) {
        await tx.execute(sql`insert into areas (tenant_id, area_name, area_num, area_center)
          values (${t}, ${`Base ${i}`}, ${`B${i}`}, '22.96,113.34')`);
      }
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as { port: number }).port;
    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      payload: { grant_type: 'password', username: 'bench', password: encryptPassword(server, 'bench1234') },
    });
    const token = (login.json() as { access_token: string }).access_token;

    // The bare route: same query and JSON, no auth, no transaction, no schema handling.
    let bareDb: Db;
    let closeBare = async () => {};
    if (kind === 'postgres' && scratch) {
      const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
      bareDb = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
      closeBare = () => pool.end();
    } else {
      // PGlite has one connection: a session-level tenant lets plain queries through the RLS policy.
      bareDb = server.platform.database.db;
      await bareDb.execute(sql`select set_config('app.tenant_id', ${String(t)}, false)`);
    }
    const bare = Fastify();
    bare.get('/bare/area', async () => {
      const { rows, total } = await listAreas(bareDb, t, {}, 20, 0);
      return {
        content: rows.map(toArea),
        totalElements: total,
        totalPages: Math.ceil(total / 20),
        number: 0,
        size: 20,
      };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    // Alternate the two several times and keep the median, so a busy moment of the machine hits both.
    const bareRuns = [];
    const platformRuns = [];
    for (let i = 0; i < ROUNDS; i++) {
      bareRuns.push(await run('bare Fastify route', `http://127.0.0.1:${barePort}/bare/area`));
      platformRuns.push(
        await run('platform route', `http://127.0.0.1:${port}/wfpf/v2/${t}/area?page=0&size=20`, {
          authorization: `Bearer ${token}`,
        }),
      );
    }
    const median = (rs: Awaited<ReturnType<typeof run>>[]) =>
      [...rs].sort((x, y) => x.rps - y.rps)[Math.floor(rs.length / 2)] as Awaited<ReturnType<typeof run>>;
    const b = median(bareRuns);
    const p = median(platformRuns);
    const ratio = (p.rps / b.rps) * 100;
    console.log(`\nGET /wfpf/v2/{t}/area?page=0&size=20 on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
    console.log(
      `(${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s runs, Node ${process.version})`,
    );
    console.log('| route | req/s | p99 ms |');
    console.log('|---|---|---|');
    for (const r of [b, p]) console.log(`| ${r.title} | ${r.rps.toFixed(0)} | ${r.p99} |`);
    console.log(`platform / bare: ${ratio.toFixed(0)} %`);
    await bare.close();
    await closeBare();
  } finally {
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
