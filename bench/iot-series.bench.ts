// Chart series benchmark (issue 5): a year of 1-minute readings of one sensor (525,600 rows) with their
// hourly and daily rollups, written by SQL generate_series; then GET /wfpe/v1/{t}/device/{id}/curve for
// the whole year (maxPoints 2000, chart-ready) over HTTP as a signed-in tenant administrator, and the
// series function (readSeries) alone. Warm-up, then BENCH_RUNS timed runs; median reported.
// Also a week (raw rows, bucketed) and a month (hourly rollup) for comparison. Target: year ≤ 200 ms.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:series   (PostgreSQL)
//        npm run bench:series                                                           (PGlite)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { readSeries } from '../apps/server/src/modules/iot/device/device-series.repository.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 200;
const MINUTES = 365 * 24 * 60;
const DAY_MS = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, the console's history time format. */
const shanghai = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-series-'));
  const scratch = await createScratchDatabase();
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    TILTH_DEMO: '0',
    MQTT_PORT: '0',
    MQTT_URL: '',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  const db = server.platform.database;
  let failed = false;
  try {
    const t = await createTenant(db, 'Bench series farm');
    await createUser(db, {
      loginName: 'benchseries',
      password: 'bench1234',
      realName: 'Bench',
      roles: [[t, 'tenant-admin']],
    });
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const start = end - (MINUTES - 1) * 60_000;
    const t0 = Date.now();
    const deviceId = await db.withTenant(t, async (tx) => {
      const res = (await tx.execute(sql`insert into devices (tenant_id, type_key, name, eui)
        values (${t}, 'weather-station', 'Bench station', 'BENCH-SERIES') returning id`)) as unknown as {
        rows: { id: string }[];
      };
      const id = Number(res.rows[0]?.id);
      // A diurnal temperature wave plus a slower seasonal one, one reading a minute, seq = epoch ms.
      await tx.execute(sql`insert into telemetry (tenant_id, device_id, seq, ts, values)
        select ${t}, ${id}, (extract(epoch from ts) * 1000)::bigint, ts,
          jsonb_build_object('airTemp', round((22 + 7 * sin(extract(epoch from ts) / 86400 * 2 * pi())
            + 6 * sin(extract(epoch from ts) / 31557600 * 2 * pi()))::numeric, 1))
        from generate_series(${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz, interval '1 minute') ts`);
      await tx.execute(sql`insert into telemetry_hourly (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts)
        select ${t}, ${id}, 'airTemp', date_trunc('hour', ts), count(*), sum(v), min(v), max(v),
          (array_agg(v order by ts desc))[1], max(ts)
        from (select ts, (values->>'airTemp')::float8 v from telemetry where tenant_id = ${t} and device_id = ${id}) x
        group by 4`);
      await tx.execute(sql`insert into telemetry_daily (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts)
        select ${t}, ${id}, 'airTemp', date_trunc('day', bucket at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai',
          sum(count), sum(sum), min(min), max(max), (array_agg(last order by last_ts desc))[1], max(last_ts)
        from telemetry_hourly where tenant_id = ${t} and device_id = ${id} group by 4`);
      await tx.execute(sql`analyze telemetry`);
      return id;
    });
    console.log(
      `seeded ${MINUTES} readings + rollups in ${((Date.now() - t0) / 1000).toFixed(1)} s (${db.kind})`,
    );

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/oauth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'benchseries',
        password: encryptPassword(server, 'bench1234'),
      }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;

    const rows: string[] = [];
    for (const [label, days] of [
      ['year', 365],
      ['month', 30],
      ['week', 7],
    ] as const) {
      const from = end - days * DAY_MS + 60_000;
      const q = new URLSearchParams({
        metric: 'airTemp',
        startTime: shanghai(from),
        endTime: shanghai(end),
        maxPoints: '2000',
      });
      const url = `${base}/wfpe/v1/${t}/device/${deviceId}/curve?${q}`;
      const http: number[] = [];
      let points = 0;
      let resolution = '';
      for (let i = 0; i <= RUNS; i++) {
        const a = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { points?: unknown[]; resolution?: string; message?: string };
        const ms = performance.now() - a;
        if (!res.ok) throw new Error(`curve: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        points = body.points?.length ?? 0;
        resolution = body.resolution ?? '';
        if (i > 0) http.push(ms);
      }
      const fn: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const a = performance.now();
        await db.withTenant(t, (tx) =>
          readSeries(tx, {
            tenantId: t,
            deviceId,
            metric: 'airTemp',
            from: new Date(from),
            to: new Date(end),
            maxPoints: 2000,
            timeZone: 'Asia/Shanghai',
          }),
        );
        if (i > 0) fn.push(performance.now() - a);
      }
      const ok = label !== 'year' || median(http) <= TARGET_MS;
      if (!ok) failed = true;
      rows.push(
        `| ${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${label} (${resolution}, ${points} points) | ${median(http).toFixed(1)} ms | ${median(fn).toFixed(1)} ms | ${label === 'year' ? `≤ ${TARGET_MS} ms` : ''} | ${label === 'year' ? (ok ? 'ok' : 'missed') : ''} |`,
      );
    }
    console.log(
      [
        '',
        `| database | range | GET …/curve (HTTP, median of ${RUNS}) | readSeries alone | target | |`,
        '| --- | --- | --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(failed && db.kind !== 'pglite' ? 1 : 0);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
