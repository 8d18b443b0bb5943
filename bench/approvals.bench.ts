// Approvals at scale (issue 14 "Benchmark"): a tenant with 10,000 processes in approval and 100,000 tasks
// (10 approvers per any-one step, spread over 50 users, so each user has 2,000 tasks), measured through
// the real HTTP routes of a listening server:
// - "my approvals": GET /wfpf/v1/{t}/approval-task/query/page (first page, pending filter, a deep page),
//   target p95 ≤ 50 ms;
// - one approve: PUT /wfpf/v1/{t}/approval-task/approve/{id}, sequential, target ≤ 20 ms (the HTTP round
//   trip, an upper bound of the server time); each approve ends its process (closing the other 9 tasks,
//   the timeline, the applicant's notification);
// - sustained approvals: 10 clients, each approving its own processes as fast as answers come, target
//   ≥ 200 approvals/s on PostgreSQL.
// Usage: npm run bench:approvals                  (PGlite)
//        DATABASE_URL=postgres://… npm run bench:approvals  (PostgreSQL; the role must be able to CREATE DATABASE)
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { APP_ROLE } from '../apps/server/src/platform/db/rls.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const PROCESSES = 10_000;
const PER_STEP = 10;
const USERS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const WORKERS = 10;
const LIST_TARGET_MS = 50;
const APPROVE_TARGET_MS = 20;
const RATE_TARGET = 200;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);

const main = async () => {
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
  const dbName = db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lines: string[] = [];
  let missed = false;
  const verdict = (value: number, target: number, atLeast = false) => {
    const ok = atLeast ? value >= target : value <= target;
    if (!ok) missed = true;
    return ok ? 'ok' : 'MISSED';
  };
  try {
    const t = await createTenant(db, 'Bench approvals');
    const applicant = await createUser(db, {
      loginName: 'bench-applicant',
      password: 'bench1234',
      realName: 'Applicant',
      roles: [[t, 'farm-operator']],
    });
    const users: number[] = [];
    for (let i = 0; i < USERS; i++) {
      users.push(
        await createUser(db, {
          loginName: `bench-approver-${i}`,
          password: 'bench1234',
          realName: `Approver ${i}`,
          roles: [[t, 'viewer']],
        }),
      );
    }
    const seededAt = performance.now();
    const plan = {
      items: [
        {
          kind: 'step',
          nodeId: 's1',
          name: '审批',
          nodeKind: 'approval',
          mode: 'any',
          assignees: [{ type: 'user', userIds: users.slice(0, PER_STEP) }],
        },
      ],
    };
    const model = {
      node: { id: 's1', kind: 'approval', name: '审批', mode: 'any', assignees: plan.items[0]?.assignees },
    };
    const userArray = `{${users.join(',')}}`;
    await db.withTenant(t, async (tx) => {
      const def =
        await tx.execute(sql`insert into approval_definitions (tenant_id, name, doc_type, enabled_flag, version, model)
        values (${t}, 'Bench flow', 'inv_purchase_request', 1, 1, ${JSON.stringify(model)}::jsonb) returning id`);
      const defId = Number((def as unknown as { rows: { id: string }[] }).rows[0]?.id);
      await tx.execute(sql`insert into approval_definition_versions (tenant_id, definition_id, version, model)
        values (${t}, ${defId}, 1, ${JSON.stringify(model)}::jsonb)`);
      await tx.execute(sql`insert into approval_processes (tenant_id, definition_id, definition_version, doc_type,
          third_id, form_name, form_code, applicant_id, fields, plan, state, current_names, start_time)
        select ${t}, ${defId}, 1, 'inv_purchase_request', p, '采购申请', 'CG-' || lpad(p::text, 6, '0'), ${applicant},
          '{}'::jsonb, ${JSON.stringify(plan)}::jsonb, 1, '审批', now() - (p || ' seconds')::interval
        from generate_series(1, ${PROCESSES}) p`);
      // Process p (its third_id) goes to users (p + 5k) mod 50, k = 0..9: every user holds 2,000 tasks.
      await tx.execute(sql`insert into approval_tasks (tenant_id, process_id, node_id, node_name, task_type,
          assignee_id, state, seq, created_at)
        select ${t}, pr.id, 's1', '审批', 'approval', (${userArray}::bigint[])[((pr.third_id + 5 * k) % ${USERS}) + 1], 1, k,
          pr.start_time
        from approval_processes pr, generate_series(0, ${PER_STEP - 1}) k where pr.tenant_id = ${t}`);
      await tx.execute(sql`insert into approval_events (tenant_id, process_id, action, actor_id)
        select ${t}, id, 'submit', ${applicant} from approval_processes where tenant_id = ${t}`);
    });
    if (scratch) {
      const owner = new pg.Client({ connectionString: scratch.url });
      await owner.connect();
      await owner.query('analyze');
      await owner.end();
    } else {
      for (const q of ['reset role', 'analyze', `set role ${APP_ROLE}`]) await db.db.execute(sql.raw(q));
    }
    const seedSeconds = (performance.now() - seededAt) / 1000;

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const signIn = async (username: string) => {
      const res = await fetch(`${base}/oauth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username,
          password: encryptPassword(server, 'bench1234'),
        }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await signIn(`bench-approver-${i}`));
    const call = async (token: string, method: string, url: string, body?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as Record<string, unknown>;
      return { status: res.status, json, took: performance.now() - started };
    };
    const pendingOf = async (userIndex: number): Promise<{ id: number; processId: number }[]> =>
      db.withTenant(t, async (tx) => {
        const r = await tx.execute(sql`select id, process_id from approval_tasks
          where tenant_id = ${t} and assignee_id = ${users[userIndex] ?? 0} and state = 1 order by id`);
        return (r as unknown as { rows: { id: string; process_id: string }[] }).rows.map((x) => ({
          id: Number(x.id),
          processId: Number(x.process_id),
        }));
      });

    lines.push(
      `\nApprovals: ${PROCESSES.toLocaleString('en')} processes in approval, ${(PROCESSES * PER_STEP).toLocaleString('en')} tasks (${(PROCESSES * PER_STEP) / USERS} per approver) on ${dbName} (seeded in ${seedSeconds.toFixed(1)} s)`,
      `(Node ${process.version}; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; ${REQUESTS} sequential requests per list case after ${WARM_UP} warm-up, over HTTP)`,
      '',
      '| measure | p50 ms | p95 ms | target | |',
      '| --- | --- | --- | --- | --- |',
    );
    const list = `/wfpf/v1/${t}/approval-task/query/page`;
    for (const [name, query] of [
      ['my approvals, first page', 'taskType=approval&page=0&size=10'],
      ['my approvals, pending only', 'taskType=approval&taskState=1&page=0&size=10'],
      ['my approvals, page 150 of 200', 'taskType=approval&page=149&size=10'],
      ['submitted by me (applicant, 10,000)', ''],
    ] as const) {
      const times: number[] = [];
      const applicantToken = name.startsWith('submitted') ? await signIn('bench-applicant') : '';
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const res = applicantToken
          ? await call(applicantToken, 'GET', `/wfpf/v1/${t}/approval-process/query/page?page=0&size=10`)
          : await call(tokens[0] ?? '', 'GET', `${list}?${query}`);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
        if (i === 0 && !applicantToken && res.json.totalElements !== (PROCESSES * PER_STEP) / USERS) {
          throw new Error(`${name}: totalElements ${String(res.json.totalElements)}`);
        }
        if (i >= WARM_UP) times.push(res.took);
      }
      const p95 = quantile(times, 0.95);
      lines.push(
        `| ${name} | ${ms(quantile(times, 0.5))} | ${ms(p95)} | ≤ ${LIST_TARGET_MS} | ${verdict(p95, LIST_TARGET_MS)} |`,
      );
    }

    // Sequential approves by approver 49 of its own processes (none shared with the throughput workers).
    const mine = (await pendingOf(USERS - 1)).slice(0, WARM_UP + REQUESTS);
    const approveTimes: number[] = [];
    for (const [i, task] of mine.entries()) {
      const res = await call(
        tokens[USERS - 1] ?? '',
        'PUT',
        `/wfpf/v1/${t}/approval-task/approve/${task.id}`,
        {
          taskId: task.id,
          comment: 'ok',
        },
      );
      if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.json)}`);
      if (i >= WARM_UP) approveTimes.push(res.took);
    }
    const ap95 = quantile(approveTimes, 0.95);
    lines.push(
      `| approve (ends the process), sequential | ${ms(quantile(approveTimes, 0.5))} | ${ms(ap95)} | ≤ ${APPROVE_TARGET_MS} | ${verdict(ap95, APPROVE_TARGET_MS)} |`,
    );

    // Throughput: worker w approves, as user w, the processes whose first approver is w and that no other
    // worker's user also holds (so no two workers race on one process).
    const taken = new Set(mine.map((m) => m.processId));
    const queues: { id: number; processId: number }[][] = [];
    for (let w = 0; w < WORKERS; w++) {
      const own = (await pendingOf(w)).filter((x) => !taken.has(x.processId));
      const q = own.filter((x) => x.processId % WORKERS === w);
      for (const x of q) taken.add(x.processId);
      queues.push(q);
    }
    let done = 0;
    let conflicts = 0;
    const started = performance.now();
    await Promise.all(
      queues.map(async (q, w) => {
        for (const task of q) {
          const res = await call(tokens[w] ?? '', 'PUT', `/wfpf/v1/${t}/approval-task/approve/${task.id}`, {
            taskId: task.id,
          });
          if (res.status === 200) done += 1;
          else if (res.status === 409) conflicts += 1;
          else throw new Error(`approve: ${res.status} ${JSON.stringify(res.json)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = done / seconds;
    lines.push(
      '',
      `| sustained approvals (${WORKERS} clients, ${done} approvals in ${seconds.toFixed(1)} s, ${conflicts} conflicts) | approvals/s | ${rate.toFixed(0)} | ≥ ${RATE_TARGET} | ${verdict(rate, RATE_TARGET, true)} |`,
    );
    const [check] = await db.withTenant(t, async (tx) => {
      const r = await tx.execute(
        sql`select count(*)::int as n from approval_processes where tenant_id = ${t} and state = 2`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows;
    });
    if (Number(check?.n) !== done + mine.length)
      throw new Error(`finished ${check?.n}, approved ${done + mine.length}`);
  } finally {
    console.log(lines.join('\n'));
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
};

await main();
