import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveOrRequire } from './failover.parts.js';

// The reduced `npm run chaos` for CI (issue 20 item 3): the whole cluster of scripts/cluster on loopback
// (etcd, Patroni with two synchronous PostgreSQL nodes, HAProxy, PgBouncer, Mosquitto, two servers)
// under the chaos load (a device fleet over Mosquitto, a farm-log writer through HAProxy), then (a) one
// server process SIGKILLed and started again, (b) the PostgreSQL primary SIGKILLed and the replica
// promoted. Every acknowledged reading and write must be stored, and each recovery take at most 30 s.
// It needs root (the cluster runs PostgreSQL, Patroni and PgBouncer as the postgres user) and Debian's
// patroni, etcd-server, haproxy, pgbouncer, postgresql and mosquitto; bounded to about four minutes.
// The second CI pass (DATABASE_URL, `npm run test:db`) leaves it out (scripts/test.mjs): the cluster brings its
// own PostgreSQL.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const BINARIES = [
  '/usr/bin/patroni',
  '/usr/bin/etcd',
  '/usr/sbin/haproxy',
  '/usr/sbin/pgbouncer',
  '/usr/sbin/mosquitto',
  '/usr/lib/postgresql/15/bin/postgres',
];
const missing = BINARIES.filter((b) => !existsSync(b));
const run =
  haveOrRequire(`cluster binaries (${missing.join(', ')})`, missing.length === 0) &&
  haveOrRequire('root (the cluster runs PostgreSQL as the postgres user)', process.getuid?.() === 0);

interface Fault {
  fault: string;
  t0: number;
  recovery: { writes: number | undefined; readings: number | undefined };
  backlog: number | undefined;
  note: string;
}
interface Cluster {
  httpUrl: string;
  mqttUrl: string;
  pg: { superUrl: string };
  stop(): Promise<void>;
}
interface Load {
  finish(): Promise<{
    readings: { at: number }[];
    writes: { at: number }[];
    lostReadings: { deviceId: number; seq: number; at: number }[];
    lostWrites: { id: number; at: number }[];
  }>;
}
type FaultFn = (c: Cluster, l: Load, log: (m: string) => void, opts?: { rejoin?: boolean }) => Promise<Fault>;

// Plain .mjs scripts (no types): loaded at run time through their URLs.
const script = async <T>(rel: string): Promise<T> =>
  (await import(pathToFileURL(path.join(ROOT, rel)).href)) as T;

const dir = `/tmp/tilth-failover-${process.pid}`;
let cluster: Cluster | undefined;

describe.skipIf(!run)('failover on the cluster (reduced npm run chaos)', () => {
  beforeAll(async () => {
    const { startCluster } = await script<{
      startCluster(o: {
        dir: string;
        servers: number;
        basePort: number;
        log: (m: string) => void;
      }): Promise<Cluster>;
    }>('scripts/cluster/cluster.mjs');
    cluster = await startCluster({
      dir,
      servers: 2,
      basePort: Number(process.env.FAILOVER_BASE_PORT ?? 19440),
      log: () => undefined,
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a server kill and a database promotion lose no acknowledged reading or write, and recover within 30 s', async () => {
    if (!cluster) throw new Error('no cluster');
    const { startLoad } = await script<{
      startLoad(o: Record<string, unknown>): Promise<Load>;
    }>('scripts/chaos/load.mjs');
    const { killServer, killPrimary } = await script<{ killServer: FaultFn; killPrimary: FaultFn }>(
      'scripts/chaos/faults.mjs',
    );
    const log = () => undefined;
    const load = await startLoad({
      httpUrls: [cluster.httpUrl],
      mqttUrl: cluster.mqttUrl,
      superUrl: cluster.pg.superUrl,
      devices: 50,
      periodMs: 2000,
      log,
    });
    await new Promise((r) => setTimeout(r, 5000));
    const a = await killServer(cluster, load, log);
    // The old primary is not waited for as a replica: the ledger needs only the promoted one.
    const b = await killPrimary(cluster, load, log, { rejoin: false });
    const result = await load.finish();
    const summary = [a, b].map((f) => ({
      fault: f.fault,
      writes: f.recovery.writes,
      readings: f.recovery.readings,
      note: f.note,
    }));
    expect(result.readings.length).toBeGreaterThan(0);
    expect(result.writes.length).toBeGreaterThan(0);
    expect({
      lostReadings: result.lostReadings.slice(0, 5),
      lostWrites: result.lostWrites.slice(0, 5),
    }).toEqual({
      lostReadings: [],
      lostWrites: [],
    });
    for (const f of summary) {
      expect(f.writes, `${f.fault}: writes back`).toBeLessThanOrEqual(30);
      expect(f.readings, `${f.fault}: readings back`).toBeLessThanOrEqual(30);
    }
  }, 240_000);
});
