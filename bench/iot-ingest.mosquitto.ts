// The Mosquitto mode of the ingest bench (BENCH_BROKER=mosquitto, issue 20 item 5): a Mosquitto with dynamic
// security (test/mosquitto.ts, seeded by scripts/cluster/dynsec-seed.mjs like the cluster's) holds every
// device's account, and BENCH_SERVERS server processes (`node --import tsx apps/server/src/main.ts`, as
// `npm run cluster` starts them) share the ingest through `$share/tilth-ingest/...` on one PostgreSQL.
// Mosquitto acknowledges a device at once, so "stored" is read from the database, not from the PUBACKs.
// BENCH_BASE_PORT (19500: the broker; server i at base + 10 + i), BENCH_SERVER_PROF (a directory: CPU profiles).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deviceRole } from '../apps/server/src/platform/iot/dynsec.js';
import { type Mosquitto, startMosquitto } from '../apps/server/src/test/mosquitto.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Ports of this bench's parts: the broker at the base, server i (1-based) at base + 10 + i. */
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 19500);

export interface BenchDevice {
  tenantId: number;
  typeKey: string;
  eui: string;
  username: string;
  password: string;
}

export interface MosquittoSetup {
  broker: Mosquitto;
  servers: ChildProcess[];
  /** Process ids whose CPU the bench reads: the servers and the broker. */
  pids: { servers: number[]; broker: number | undefined };
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitHealthy = async (url: string, child: ChildProcess, log: () => string): Promise<void> => {
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`server not healthy at ${url}:\n${log()}`);
    await sleep(250);
  }
};

/** Starts the broker with every device's account and role, then the server processes on `databaseUrl`. */
export const startMosquittoSetup = async (o: {
  databaseUrl: string;
  servers: number;
  devices: BenchDevice[];
}): Promise<MosquittoSetup> => {
  const server = { username: 'tilth-server', password: 'bench-server-secret-0123456789' };
  const roles = o.devices.map((d) => deviceRole(d));
  const broker = await startMosquitto({
    port: BASE_PORT,
    dynsec: {
      ...server,
      roles,
      clients: o.devices.map((d, i) => ({
        username: d.username,
        password: d.password,
        roles: [roles[i]?.rolename ?? ''],
      })),
    },
  });
  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      servers.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await broker.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  };
  try {
    for (let i = 1; i <= o.servers; i++) {
      const dir = await mkdtemp(path.join(tmpdir(), `ingest-bench-server${i}-`));
      dirs.push(dir);
      const port = BASE_PORT + 10 + i;
      // BENCH_SERVER_PROF=dir: each server process writes a CPU profile there when it stops.
      const prof = process.env.BENCH_SERVER_PROF;
      const profile = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          TILTH_DATA_DIR: dir,
          TILTH_JWT_SECRET: 'bench-ingest-jwt-secret-0123456789abcdef',
          DATABASE_URL: o.databaseUrl,
          TILTH_DEMO: '0',
          TILTH_SIMULATOR: '0',
          LOG_LEVEL: 'warn',
          MQTT_URL: `mqtt://${server.username}:${server.password}@127.0.0.1:${broker.port}`,
          MQTT_CLIENT_ID: `bench-ingest-server${i}`,
          // Each simulated device sends 10–12 messages/s: measure ingest, not the fair-use limit.
          MQTT_DEVICE_RATE: '0',
        },
      });
      servers.push(child);
      let out = '';
      const keep = (b: Buffer) => {
        out = (out + b.toString()).slice(-4000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      // One after the other: the first migrates the scratch database, the others find it migrated.
      await waitHealthy(`http://127.0.0.1:${port}/health`, child, () => out);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    broker,
    servers,
    pids: { servers: servers.map((c) => c.pid ?? 0), broker: broker.pid },
    stop,
  };
};

/**
 * Polls `count()` until it reaches `want` or stops growing for `idleMs`; returns the count and when it
 * was first seen complete. Called after the publishing ended, so the polls do not load the run itself.
 */
export const waitStored = async (
  count: () => Promise<number>,
  want: number,
  idleMs = 15_000,
): Promise<{ stored: number; at: number }> => {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const n = await count();
    const at = Date.now();
    if (n >= want) return { stored: n, at };
    if (n !== last) {
      last = n;
      since = at;
    } else if (at - since > idleMs) return { stored: n, at };
    await sleep(200);
  }
};
