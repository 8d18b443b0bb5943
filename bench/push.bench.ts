// Data push benchmark (issue 13 item 6). Two measures on the real server code (scratch database):
// 1. deliveries/s: events queued for BENCH_SUBS subscriptions are delivered by the worker's rounds
//    (claim → signed POSTs in order per subscription → record) to a local receiver running in a worker
//    thread (so it does not share the server's event loop); target ≥ 2,000/s.
// 2. ingest with and without a readings subscription: the telemetry ingest's store step (storeItems, what
//    one ingest batch transaction does) in a loop at full speed, batches of BENCH_BATCH readings over 100
//    devices; readings/s with no subscription, with an enabled device.reading subscription (enqueue in the
//    same transaction), and with that subscription while the delivery worker drains concurrently.
//    Target: ingest slowed ≤ 10 %.
// Usage: npm run bench:push            (PGlite)
//        DATABASE_URL=postgres://… npm run bench:push   (PostgreSQL)
// Knobs: BENCH_EVENTS (20000), BENCH_SUBS (8), BENCH_BATCH (200), BENCH_SECONDS (8 per ingest mode).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant } from '../apps/server/src/modules/demo/seed.helpers.js';
import { storeItems } from '../apps/server/src/modules/iot/telemetry/telemetry.ingest.js';
import { enqueuePush } from '../apps/server/src/modules/messaging/push/index.js';
import { forgetPushTenant } from '../apps/server/src/modules/messaging/push/push.enqueue.js';
import { sendPush } from '../apps/server/src/modules/messaging/push/push.http.js';
import { pushWorkerFor } from '../apps/server/src/modules/messaging/push/push.jobs.js';
import {
  insertSubscription,
  updateSubscription,
} from '../apps/server/src/modules/messaging/push/push.repository.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import type { IngestItem } from '../apps/server/src/platform/iot/ports.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const SUBS = Number(process.env.BENCH_SUBS ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DEVICES = 100;
const TARGET_DELIVERIES = 2000;
const TARGET_SLOWDOWN = 0.1;

// The receiver: answers 204 to every POST, counts them, in its own thread.
const RECEIVER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
let n = 0;
const s = http.createServer((req, res) => { req.resume(); req.on('end', () => { n++; res.writeHead(204).end(); }); });
s.keepAliveTimeout = 60000;
s.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: s.address().port }));
parentPort.on('message', (m) => { if (m === 'count') parentPort.postMessage({ n }); });
`;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-push-'));
  const scratch = await createScratchDatabase();
  const server = await createServer(
    loadConfig({
      ...process.env,
      TILTH_DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      TILTH_DEMO: '0',
      MQTT_PORT: '0',
      MQTT_URL: '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TILTH_PUSH_ALLOW_PRIVATE: '1',
      TILTH_PUSH_TICK_MS: '0',
    }),
    { pgliteDir: 'memory://', logger: false, smsLog: { info: () => undefined } },
  );
  const receiver = new Worker(RECEIVER, { eval: true });
  const port = await new Promise<number>((ok) =>
    receiver.once('message', (m: { port: number }) => ok(m.port)),
  );
  const db = server.platform.database;
  const worker = pushWorkerFor(server.platform, server.app.log);
  try {
    // 0. The ceiling: signed POSTs alone (no database), as many streams as subscriptions.
    const RAW = 4000;
    let sent = 0;
    const rawStart = performance.now();
    await Promise.all(
      Array.from({ length: SUBS }, async () => {
        while (sent < RAW) {
          sent++;
          await sendPush(
            `http://127.0.0.1:${port}/raw`,
            's',
            { eventId: 'e', eventType: 't', body: '{"data":{}}' },
            () => true,
          );
        }
      }),
    );
    const ceiling = RAW / ((performance.now() - rawStart) / 1000);
    console.log(`HTTP ceiling: ${RAW} signed POSTs, ${SUBS} streams, no database: ${Math.round(ceiling)}/s`);

    // 1. Deliveries per second.
    const t = await createTenant(db, 'Bench push farm');
    const subs: number[] = [];
    for (let i = 0; i < SUBS; i++)
      subs.push(
        await db.withTenant(t, (tx) =>
          insertSubscription(tx, t, null, {
            name: `Bench ${i}`,
            url: `http://127.0.0.1:${port}/hook/${i}`,
            eventTypes: ['device.reading'],
            enabledFlag: 1,
            secret: `bench-secret-${i}`,
          }),
        ),
      );
    forgetPushTenant(t);
    const perSub = Math.ceil(EVENTS / SUBS);
    for (let done = 0; done < perSub; done += 1000) {
      const n = Math.min(1000, perSub - done);
      await db.withTenant(t, (tx) =>
        enqueuePush(
          tx,
          t,
          'device.reading',
          Array.from({ length: n }, (_, k) => ({ deviceId: 1, seq: done + k, values: { airTemp: 20.5 } })),
        ),
      );
    }
    const queued = perSub * SUBS;
    const started = performance.now();
    let delivered = 0;
    while (delivered < queued) {
      const n = await worker.tick(new Date());
      if (n === 0) break;
      delivered += n;
    }
    const secs = (performance.now() - started) / 1000;
    const rate = delivered / secs;
    const [st] = rowsOf<{ d: string; p: string }>(
      await db.withTenant(t, (tx) =>
        tx.execute(
          sql`select count(*) filter (where state = 'delivered') d, count(*) filter (where state = 'pending') p from push_outbox`,
        ),
      ),
    );
    console.log(
      `deliveries: ${queued} events over ${SUBS} subscriptions → ${delivered} POSTs in ${secs.toFixed(2)} s = ` +
        `${Math.round(rate)}/s (delivered ${st?.d}, pending ${st?.p})`,
    );

    // 2. Ingest with and without a readings subscription.
    const t2 = await createTenant(db, 'Bench ingest farm');
    await db.withTenant(t2, (tx) =>
      tx.execute(sql`insert into devices (tenant_id, type_key, name, eui, secret_hash, secret_issued_at)
        select ${t2}, 'weather-station', 'Bench ' || g, 'PUSHB' || lpad(g::text, 5, '0'), 'x', now()
        from generate_series(1, ${DEVICES}) g`),
    );
    const ids = rowsOf<{ id: string; eui: string }>(
      await db.withTenant(t2, (tx) => tx.execute(sql`select id::text id, eui from devices order by id`)),
    ).map((r) => ({ deviceId: Number(r.id), eui: r.eui }));
    const settle = { resolve: () => undefined, reject: () => undefined };
    let seq = 1;
    const batch = (): IngestItem[] =>
      Array.from({ length: BATCH }, (_, i) => {
        const d = ids[i % ids.length] as { deviceId: number; eui: string };
        const s = seq++;
        return {
          kind: 'up',
          device: { tenantId: t2, deviceId: d.deviceId, typeKey: 'weather-station', eui: d.eui },
          row: {
            deviceId: d.deviceId,
            seq: s,
            ts: Date.now(),
            values: { airTemp: 20 + (s % 10), airHumidity: 60, rainfall: 0 },
          },
          done: settle,
        };
      });
    const ingest = async (seconds: number) => {
      const end = performance.now() + seconds * 1000;
      const t0 = performance.now();
      let n = 0;
      while (performance.now() < end) {
        const b = batch();
        await db.withTenant(t2, (tx) => storeItems(tx, t2, b, new Date()));
        n += b.length;
      }
      return n / ((performance.now() - t0) / 1000);
    };
    await ingest(2); // warm-up
    const sub = await db.withTenant(t2, (tx) =>
      insertSubscription(tx, t2, null, {
        name: 'Readings',
        url: `http://127.0.0.1:${port}/readings`,
        eventTypes: ['device.reading'],
        enabledFlag: 0,
        secret: 'bench',
      }),
    );
    forgetPushTenant(t2);
    const setEnabled = async (on: boolean, version: number) => {
      await db.withTenant(t2, (tx) =>
        updateSubscription(tx, t2, sub, version, 0, { enabledFlag: on ? 1 : 0 }),
      );
      forgetPushTenant(t2);
    };
    // Paired: each pair stores one batch with the subscription off and one with it on (toggled outside
    // the timing), so a noisy neighbour hits both alike; medians of the per-batch times are compared.
    let version = 1;
    const timed = async () => {
      const b = batch();
      const t0 = performance.now();
      await db.withTenant(t2, (tx) => storeItems(tx, t2, b, new Date()));
      return performance.now() - t0;
    };
    const off: number[] = [];
    const on: number[] = [];
    const pairsEnd = performance.now() + SECONDS * 2000;
    while (performance.now() < pairsEnd) {
      off.push(await timed());
      await setEnabled(true, version++);
      on.push(await timed());
      await setEnabled(false, version++);
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? NaN;
    const none = (BATCH * 1000) / median(off);
    const enq = (BATCH * 1000) / median(on);
    // Then with the worker delivering the readings events at the same time (same thread on PGlite).
    await setEnabled(true, version++);
    let stop = false;
    const draining = (async () => {
      while (!stop) if ((await worker.tick(new Date())) === 0) await new Promise((r) => setTimeout(r, 50));
    })();
    const del = await ingest(SECONDS);
    stop = true;
    await draining;
    const alone = await (async () => {
      await setEnabled(false, version++);
      while ((await worker.tick(new Date())) > 0);
      return ingest(SECONDS);
    })();
    const slow = (x: number, base = none) => (base - x) / base;
    console.log(
      `ingest, batches of ${BATCH}: ${off.length} pairs, median batch ${median(off).toFixed(1)} ms without, ` +
        `${median(on).toFixed(1)} ms with the readings subscription; loop ${Math.round(alone)} readings/s alone, ` +
        `${Math.round(del)} while delivering`,
    );
    const name = db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(
      [
        '',
        '| database | measure | value | target | |',
        '| --- | --- | --- | --- | --- |',
        `| ${name} | signed POSTs/s alone (HTTP ceiling, no database), ${SUBS} streams | ${Math.round(ceiling)} | | |`,
        `| ${name} | deliveries/s, ${SUBS} subscriptions, local receiver | ${Math.round(rate)} | ≥ ${TARGET_DELIVERIES} | ${rate >= TARGET_DELIVERIES ? 'ok' : 'missed'} |`,
        `| ${name} | ingest readings/s, no subscription (median batch) | ${Math.round(none)} | | |`,
        `| ${name} | ingest readings/s, readings subscription (median batch) | ${Math.round(enq)} (${(slow(enq) * 100).toFixed(1)} % slower) | ≤ ${TARGET_SLOWDOWN * 100} % slower | ${slow(enq) <= TARGET_SLOWDOWN ? 'ok' : 'missed'} |`,
        `| ${name} | ingest readings/s, subscription on, delivery worker running | ${Math.round(del)} (${(slow(del, alone) * 100).toFixed(1)} % below ${Math.round(alone)} alone) | | |`,
      ].join('\n'),
    );
  } finally {
    await receiver.terminate();
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
