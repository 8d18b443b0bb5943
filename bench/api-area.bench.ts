// API overhead benchmark: GET /wfpf/v2/{t}/area?page=0&size=20 as a signed-in user, against a bare Fastify
// route that runs the same query (the same repository function) and returns the same JSON, without the
// platform layers (authentication, membership, tenant transaction with RLS, zod validation/serialisation).
// Usage: npm run bench:api                 (PGlite)
//        DATABASE_URL=postgres://… npm run bench:api   (PostgreSQL; the URL's role must be able to CREATE DATABASE)
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
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
import { StatementNames } from '../apps/server/src/platform/db/statement-names.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** 'bare' or 'platform' runs only that side (for a CPU profile of one route: node --cpu-prof). */
const ONLY = process.env.BENCH_ONLY;
/**
 * BENCH_BARE_PREPARED=1: the bare route prepares each statement once per connection too, as the platform
 * does on PostgreSQL (ADR 0022) — the platform's own layers against a bare route on equal footing.
 */
const BARE_PREPARED = process.env.BENCH_BARE_PREPARED === '1';
class PreparingClient extends pg.Client {}
const bareNames = new WeakMap<pg.Client, StatementNames>();
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  let named = config;
  if (typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string') {
    let names = bareNames.get(this);
    if (!names) {
      names = new StatementNames(200);
      bareNames.set(this, names);
    }
    if (!('name' in config && config.name)) named = { ...config, name: names.nameFor(config.text) };
  }
  return Reflect.apply(pg.Client.prototype.query, this, [named, ...rest]);
} as typeof pg.Client.prototype.query;

// Statements sent to PostgreSQL (every pg query, pool or client), counted so the round trips per request
// are a figure, not a guess. PGlite runs transaction statements through private methods: not counted.
let statements = 0;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * CPU seconds a local PostgreSQL cluster (the postmaster and its children, from /proc) spends while `fn`
 * runs: the database's share of a request, on the same cores. Counted per process, so a backend that
 * comes or goes in between (an idle pool connection closing) does not skew it. Only meaningful on a
 * cluster the bench has to itself; undefined where /proc or the server's processes cannot be read.
 */
const clusterCpu = async (url: string): Promise<(() => Promise<() => Promise<number>>) | undefined> => {
  const statOf = async (pid: string) => {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: f[1], ticks: Number(f[11]) + Number(f[12]) };
  };
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    // The backend's parent, read while the backend lives.
    const postmaster = (await statOf(String(rows[0]?.pid))).ppid;
    if (!postmaster) return undefined;
    const snapshot = async () => {
      const ticks = new Map<string, number>();
      for (const pid of await readdir('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        const st = await statOf(pid).catch(() => undefined);
        if (st && (st.ppid === postmaster || pid === postmaster)) ticks.set(pid, st.ticks);
      }
      return ticks;
    };
    return async () => {
      const before = await snapshot();
      return async () => {
        let used = 0;
        for (const [pid, t] of await snapshot()) used += t - (before.get(pid) ?? 0);
        return used / 100; // USER_HZ
      };
    };
  } catch {
    return undefined;
  } finally {
    await c.end();
  }
};
let dbCpu: (() => Promise<() => Promise<number>>) | undefined;

/** BENCH_PROFILE=<dir>: a CPU profile of each measured run (not of start-up or warm-up), for DevTools. */
const PROFILE_DIR = process.env.BENCH_PROFILE;
const profiler = PROFILE_DIR ? new Session() : undefined;
const profiled = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
  if (!profiler || !PROFILE_DIR) return fn();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(path.join(PROFILE_DIR, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
};
profiler?.connect();

const run = async (title: string, url: string, headers: Record<string, string> = {}) => {
  // Warm up JIT, pools and caches before measuring.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const s0 = statements;
  const dbSince = await dbCpu?.();
  const cpu0 = process.cpuUsage();
  const r = await profiled(title.split(' ')[0] ?? 'run', () =>
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }),
  );
  const cpu = process.cpuUsage(cpu0);
  const dbUsed = await dbSince?.();
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const n = Math.max(1, r.requests.total);
  return {
    title,
    rps: r.requests.average,
    p99: r.latency.p99,
    // This process's CPU (server and autocannon alike) per request: steadier than req/s on a busy machine.
    cpuUs: (cpu.user + cpu.system) / n,
    statements: (statements - s0) / n,
    dbCpuUs: dbUsed === undefined ? undefined : (dbUsed * 1e6) / n,
  };
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
      const pool = new pg.Pool({
        connectionString: scratch.url,
        max: 10,
        ...(BARE_PREPARED ? { Client: PreparingClient } : {}),
      });
      // Dropping the scratch database ends idle connections: not an error of the run.
      pool.on('error', () => undefined);
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
    if (kind === 'postgres' && scratch) dbCpu = await clusterCpu(scratch.url);
    const barePort = (bare.server.address() as { port: number }).port;

    // Alternate the two several times and keep the median, so a busy moment of the machine hits both.
    type Run = Awaited<ReturnType<typeof run>>;
    const bareRuns: Run[] = [];
    const platformRuns: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (ONLY !== 'platform')
        bareRuns.push(
          await run(
            BARE_PREPARED ? 'bare route, statements prepared' : 'bare Fastify route',
            `http://127.0.0.1:${barePort}/bare/area`,
          ),
        );
      if (ONLY !== 'bare')
        platformRuns.push(
          await run('platform route', `http://127.0.0.1:${port}/wfpf/v2/${t}/area?page=0&size=20`, {
            authorization: `Bearer ${token}`,
          }),
        );
    }
    const median = (rs: Run[]) => [...rs].sort((x, y) => x.rps - y.rps)[Math.floor(rs.length / 2)] as Run;
    const shown = [bareRuns, platformRuns].filter((rs) => rs.length > 0).map(median);
    console.log(`\nGET /wfpf/v2/{t}/area?page=0&size=20 on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
    console.log(
      `(${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s runs, Node ${process.version})`,
    );
    console.log(
      '| route | req/s | p99 ms | statements / req | CPU µs / req: this process | CPU µs / req: PostgreSQL |',
    );
    console.log('|---|---|---|---|---|---|');
    const pgOnly = (v: string) => (kind === 'postgres' ? v : 'n/a');
    for (const r of shown)
      console.log(
        `| ${r.title} | ${r.rps.toFixed(0)} | ${r.p99} | ${pgOnly(r.statements.toFixed(2))} | ${r.cpuUs.toFixed(0)} | ${pgOnly(r.dbCpuUs?.toFixed(0) ?? '?')} |`,
      );
    const ratios = platformRuns.map((p, i) => (bareRuns[i] ? (p.rps / bareRuns[i].rps) * 100 : Number.NaN));
    if (bareRuns.length > 0 && platformRuns.length > 0) {
      const [b, p] = shown as [Run, Run];
      console.log(`rounds platform / bare: ${ratios.map((r) => `${r.toFixed(0)} %`).join(', ')}`);
      console.log(`platform / bare: ${((p.rps / b.rps) * 100).toFixed(0)} %`);
    }
    await bare.close();
    await closeBare();
  } finally {
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
