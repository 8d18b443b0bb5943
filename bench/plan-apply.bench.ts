// Plan-apply benchmark: POST /wfpf/v1/{t}/plan applying a 50-task package (2 inputs per task) to 200 growing
// batches, i.e. 10,000 generated tasks, over real HTTP (listening server, fetch) as a tenant administrator.
// Median of 5 runs (the plan is deleted between runs, untimed). Target: ≤ 1 s.
// Usage: DATABASE_URL=postgres://… npm run bench:plan   (PostgreSQL; the role must be able to CREATE DATABASE)
//        npm run bench:plan                             (PGlite, for comparison)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BATCHES = 200;
const TASKS = 50;
const TARGET_MS = 1000;

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-'));
  const scratch = await createScratchDatabase();
  const config = loadConfig({ ...process.env, TILTH_DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' });
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  const db = server.platform.database;
  const kind = db.kind;
  let missed = false;
  try {
    const t = await createTenant(db, 'Bench farm');
    await createUser(db, {
      loginName: 'bench',
      password: 'bench1234',
      realName: 'Bench',
      roles: [[t, 'tenant-admin']],
    });
    // Seed straight into the tables: one base, a crop, 5 task types, 10 inputs, 200 growing batches.
    const seeded = await db.withTenant(t, async (tx) => {
      const one = async (q: ReturnType<typeof sql>) =>
        ((await tx.execute(q)) as unknown as { rows: { id: number | string }[] }).rows.map((r) =>
          Number(r.id),
        );
      const [areaId] = await one(
        sql`insert into areas (tenant_id, area_name) values (${t}, 'Bench base') returning id`,
      );
      const [cropId] = await one(
        sql`insert into crops (tenant_id, crop_name) values (${t}, 'Tomato') returning id`,
      );
      const types = await one(sql`insert into task_types (tenant_id, type_name)
        select ${t}, 'Type ' || g from generate_series(1, 5) g returning id`);
      const inputs =
        await one(sql`insert into agricultural_inputs (tenant_id, input_code, input_name, category, unit)
        select ${t}, 'IN' || g, 'Input ' || g, 'fertilizer', 'kg' from generate_series(1, 10) g returning id`);
      const batches =
        await one(sql`insert into batches (tenant_id, batch_code, batch_name, area_id, crop_id, start_date)
        select ${t}, 'B' || g, 'Batch ' || g, ${areaId}, ${cropId}, '2026-01-01' from generate_series(1, ${BATCHES}) g
        returning id`);
      return { types, inputs, batches };
    });

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/oauth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'bench',
        password: encryptPassword(server, 'bench1234'),
      }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/wfpf/v1/${t}/${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const at = <T>(xs: T[], i: number): T => xs[i % xs.length] as T;
    const pkg = await call('POST', 'plan-package', {
      packageName: 'Bench package',
      tasks: Array.from({ length: TASKS }, (_, i) => ({
        taskName: `Task ${i + 1}`,
        taskTypeId: at(seeded.types, i),
        dayOffset: i * 3,
        durationDays: 2,
        inputs: [
          { inputId: at(seeded.inputs, i), amount: 12.5 },
          { inputId: at(seeded.inputs, i + 1), amount: 0.75 },
        ],
      })),
    });

    const times: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const plan = await call('POST', 'plan', {
        planName: `Bench plan ${i}`,
        packageId: pkg.packageId,
        startDate: '2026-03-01',
        batchIds: seeded.batches,
      });
      const ms = performance.now() - started;
      if (plan.taskCount !== BATCHES * TASKS)
        throw new Error(`expected ${BATCHES * TASKS} tasks, got ${plan.taskCount}`);
      // Run 0 warms the JIT, pools and caches; it is not counted.
      if (i > 0) times.push(ms);
      await call('DELETE', `plan/${plan.planId}`);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    missed = median > TARGET_MS;
    console.log(
      `\nPOST /wfpf/v1/{t}/plan: ${BATCHES} batches × ${TASKS} package tasks = ${BATCHES * TASKS} tasks`,
    );
    console.log(
      `(${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, Node ${process.version}, median of ${RUNS} runs after 1 warm-up)`,
    );
    console.log('| measure | value | target | |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| POST /plan, 10,000 tasks | ${median.toFixed(0)} ms (runs: ${times.map((x) => x.toFixed(0)).join(', ')} ms) | ≤ ${TARGET_MS} ms | ${missed ? 'MISSED' : 'ok'} |`,
    );
  } finally {
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
};

await main();
