// `npm run cluster`'s engine (issue 20 item 1), also the programmatic API `npm run chaos` builds on:
// etcd, two PostgreSQL 15 nodes under Patroni (synchronous), HAProxy (HTTP + primary / replica ports),
// PgBouncer (transaction mode), Mosquitto (dynamic security, persistence), an S3 store and N servers.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  APP_LOGIN,
  BUCKET,
  clusterPorts,
  DATABASE,
  DEFAULT_BASE_PORT,
  DEFAULT_DIR,
  DYNSEC_PLUGIN,
  ensurePackages,
  PG_NODES,
  secret,
  writeConfigs,
} from './configs.mjs';
import {
  alive,
  httpStatus,
  killGroup,
  postmasterPid,
  readPids,
  sleep,
  spawnLogged,
  tcpUp,
  waitFor,
  writePids,
} from './procs.mjs';

export {
  APP_LOGIN,
  BUCKET,
  clusterPorts,
  DATABASE,
  DEFAULT_BASE_PORT,
  DEFAULT_DIR,
  ensurePackages,
  PG_NODES,
};

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');

const pgUser = () => {
  const [uid, gid] = execFileSync('id', ['-u', 'postgres']).toString().trim().split(/\s+/).map(Number);
  return { uid, gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) || gid };
};

/** Urls and credentials of a cluster laid out at `dir` / `basePort` (secrets from its secrets.json). */
export const describeCluster = (dir, basePort, servers) => {
  const p = clusterPorts(basePort);
  const s = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
  const app = (port) => `postgres://${APP_LOGIN}:${s.app}@127.0.0.1:${port}/${DATABASE}`;
  return {
    ports: p,
    secrets: s,
    httpUrl: `http://127.0.0.1:${p.http}`,
    mqttUrl: `mqtt://127.0.0.1:${p.mqtt}`,
    mqttAdmin: { username: 'tilth-server', password: s.mqtt },
    pg: {
      primaryUrl: app(p.pgPrimary),
      replicaUrl: app(p.pgReplica),
      bouncerUrl: app(p.bouncer),
      superUrl: `postgres://postgres:${s.super}@127.0.0.1:${p.pgPrimary}/${DATABASE}`,
      nodes: [...PG_NODES],
    },
    s3: {
      endpoint: `http://127.0.0.1:${p.s3}`,
      bucket: BUCKET,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    serverNames: Array.from({ length: servers }, (_, i) => `server${i + 1}`),
  };
};

/** The environment of server process i (1-based): everything through the cluster's shared parts. */
export const serverEnv = (c, dir, i) => ({
  ...process.env,
  PORT: String(c.ports.server(i)),
  HOST: '127.0.0.1',
  TILTH_DATA_DIR: path.join(dir, `server${i}`),
  TILTH_JWT_SECRET: c.secrets.jwt,
  TILTH_TRUST_PROXY: '127.0.0.1',
  DATABASE_URL: c.pg.bouncerUrl,
  DATABASE_POOL_MODE: 'transaction',
  DATABASE_MIGRATE_URL: c.pg.superUrl,
  DATABASE_READ_URL: c.pg.replicaUrl,
  // Every process counts the same per-address limits, or N processes would allow N times each.
  TILTH_RATE_LIMIT_STORE: 'database',
  MQTT_URL: `mqtt://${c.mqttAdmin.username}:${c.mqttAdmin.password}@127.0.0.1:${c.ports.mqtt}`,
  MQTT_CLIENT_ID: `tilth-server${i}`,
  MQTT_PROVISIONING: 'mosquitto-dynsec',
  TILTH_STORAGE: 's3',
  S3_ENDPOINT: c.s3.endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: c.s3.bucket,
  S3_ACCESS_KEY_ID: c.s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: c.s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  // The demo fleet plays in one process only; the others would publish it again.
  TILTH_SIMULATOR: i === 1 ? (process.env.TILTH_SIMULATOR ?? '1') : '0',
});

// How each part is started (again, after a kill).
const specs = (c, dir, pg) => {
  const p = c.ports;
  const s3Runner = path.join(ROOT, 'scripts/s3-local.mjs');
  const out = {
    etcd: {
      cmd: '/usr/bin/etcd',
      args: [
        '--name=e1',
        `--data-dir=${dir}/etcd`,
        `--listen-client-urls=http://127.0.0.1:${p.etcd}`,
        `--advertise-client-urls=http://127.0.0.1:${p.etcd}`,
        `--listen-peer-urls=http://127.0.0.1:${p.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${p.etcdPeer}`,
        `--initial-cluster=e1=http://127.0.0.1:${p.etcdPeer}`,
        '--initial-cluster-state=new',
      ],
      ready: async () => (await httpStatus(`http://127.0.0.1:${p.etcd}/health`)) === 200,
    },
    haproxy: {
      cmd: '/usr/sbin/haproxy',
      args: ['-db', '-f', `${dir}/haproxy.cfg`],
      ready: () => tcpUp(p.stats),
    },
    pgbouncer: {
      cmd: '/usr/sbin/pgbouncer',
      args: [`${dir}/pgbouncer/pgbouncer.ini`],
      // PgBouncer refuses to run as root.
      ...pg,
      ready: () => tcpUp(p.bouncer),
    },
    mosquitto: {
      cmd: '/usr/sbin/mosquitto',
      args: ['-c', `${dir}/mosquitto/mosquitto.conf`],
      ready: () => tcpUp(p.mqtt),
    },
    s3: {
      cmd: process.execPath,
      args: [s3Runner, '--port', String(p.s3), '--dir', `${dir}/s3`, '--bucket', BUCKET],
      ready: () => tcpUp(p.s3),
    },
  };
  for (const n of PG_NODES) {
    out[n] = {
      cmd: '/usr/bin/patroni',
      args: [`${dir}/${n}/patroni.yml`],
      ...pg,
      env: { ...process.env, HOME: `${dir}/${n}` },
      ready: async () => (await httpStatus(`http://127.0.0.1:${p.rest[n]}/health`)) === 200,
    };
  }
  c.serverNames.forEach((name, k) => {
    out[name] = {
      cmd: process.execPath,
      args: ['--import', 'tsx', 'apps/server/src/main.ts'],
      cwd: ROOT,
      env: serverEnv(c, dir, k + 1),
      ready: async () => (await httpStatus(`http://127.0.0.1:${p.server(k + 1)}/health`)) === 200,
    };
  });
  return out;
};

const STOP_ORDER = (c) => [
  ...c.serverNames,
  'haproxy',
  'pgbouncer',
  'mosquitto',
  's3',
  // The replica first, so the primary's stop is not a failover.
  'pg2',
  'pg1',
  'etcd',
];

/** Stops the processes listed in dir/pids.json (this or another CLI's cluster), in order, then kills leftovers. */
export const stopFromPids = async (dir, log = () => undefined) => {
  const pids = readPids(dir);
  const order = pids.order ?? Object.keys(pids.procs ?? {});
  for (const name of order) {
    const e = pids.procs?.[name];
    if (!e || !alive(e.pid)) continue;
    killGroup(e.pid, 'SIGTERM');
    const until = Date.now() + (name.startsWith('pg') ? 30_000 : 15_000);
    while (alive(e.pid) && Date.now() < until) await sleep(100);
    if (alive(e.pid)) {
      log(`${name} did not stop in time: killed`);
      killGroup(e.pid, 'SIGKILL');
    }
  }
  for (const n of PG_NODES) {
    const pm = postmasterPid(path.join(dir, n, 'data'));
    if (pm) killGroup(pm, 'SIGKILL');
  }
  writePids(dir, { ...pids, procs: {} });
};

/**
 * Starts the whole cluster under `dir` (wiped first) on ports basePort…basePort+20+servers. Resolves once
 * every part answers: PostgreSQL with a primary and a streaming synchronous replica, and each server healthy.
 */
export const startCluster = async ({
  dir = DEFAULT_DIR,
  servers = 2,
  basePort = DEFAULT_BASE_PORT,
  log = () => undefined,
} = {}) => {
  ensurePackages(log);
  if (!DYNSEC_PLUGIN) throw new Error('mosquitto dynamic security plugin not found');
  const running = Object.values(readPids(dir).procs ?? {}).filter((e) => alive(e.pid));
  if (running.length > 0) throw new Error(`a cluster already runs in ${dir}: npm run cluster -- stop`);
  rmSync(dir, { recursive: true, force: true });
  const pg = pgUser();
  for (const sub of ['logs', 'etcd', 'pg1', 'pg2', 'pgbouncer', 'mosquitto', 's3']) {
    mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  }
  for (const sub of ['', 'logs']) chownSync(path.join(dir, sub), 0, pg.gid);
  execFileSync('chmod', ['0770', dir, path.join(dir, 'logs')]);
  for (const sub of ['pg1', 'pg2', 'pgbouncer']) chownSync(path.join(dir, sub), pg.uid, pg.gid);
  const s = { super: secret(), repl: secret(), app: secret(), mqtt: secret(), jwt: secret() + secret() };
  writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(s), { mode: 0o600 });
  const c = describeCluster(dir, basePort, servers);
  writeConfigs(dir, basePort, servers, s);
  for (const f of [
    'pg1/patroni.yml',
    'pg2/patroni.yml',
    'pgbouncer/pgbouncer.ini',
    'pgbouncer/userlist.txt',
  ]) {
    chownSync(path.join(dir, f), pg.uid, pg.gid);
    execFileSync('chmod', ['0600', path.join(dir, f)]);
  }
  const spec = specs(c, dir, pg);
  const procs = new Map();
  const pids = { dir, basePort, servers, order: STOP_ORDER(c), procs: {} };

  const start = (name) => {
    const sp = spec[name];
    if (!sp) throw new Error(`no cluster part named ${name}`);
    const old = procs.get(name);
    if (old && old.exitCode === null && old.signalCode === null) throw new Error(`${name} is running`);
    const child = spawnLogged(dir, name, sp.cmd, sp.args, sp);
    procs.set(name, child);
    pids.procs[name] = { pid: child.pid };
    writePids(dir, pids);
    return child;
  };
  const deadReason = (name) => () => {
    const ch = procs.get(name);
    if (!ch || (ch.exitCode === null && ch.signalCode === null)) return undefined;
    return `exited (${ch.exitCode ?? ch.signalCode}); see ${dir}/logs/${name}.log`;
  };
  const waitHealthy = (name, timeoutMs = 60_000) =>
    waitFor(`${name} healthy`, spec[name].ready, timeoutMs, deadReason(name));
  const restStatus = (n, what) => httpStatus(`http://127.0.0.1:${c.ports.rest[n]}/${what}`);
  const primaryNode = async (timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      for (const n of PG_NODES) if ((await restStatus(n, 'primary')) === 200) return n;
      if (Date.now() > until) throw new Error('no PostgreSQL primary');
      await sleep(250);
    }
  };
  const kill = (name, signal = 'SIGKILL') => {
    const ch = procs.get(name);
    if (!ch) throw new Error(`no cluster part named ${name}`);
    killGroup(ch.pid, signal);
    // Patroni starts PostgreSQL in a session of its own: a node's hard death takes its postmaster along.
    if (PG_NODES.includes(name) && signal === 'SIGKILL') {
      const pm = postmasterPid(path.join(dir, name, 'data'));
      if (pm) killGroup(pm, 'SIGKILL');
    }
  };
  const stop = async () => {
    await stopFromPids(dir, log);
  };

  try {
    log(`cluster in ${dir}, ports ${basePort}…${c.ports.server(servers)}`);
    start('etcd');
    await waitHealthy('etcd', 30_000);
    start('pg1');
    await waitFor(
      'pg1 primary',
      async () => (await restStatus('pg1', 'primary')) === 200,
      90_000,
      deadReason('pg1'),
    );
    await createRoles(c, s);
    start('pg2');
    await waitFor(
      'pg2 replica',
      async () => (await restStatus('pg2', 'replica')) === 200,
      120_000,
      deadReason('pg2'),
    );
    // Synchronous mode names pg2 the synchronous standby once it streams.
    await waitFor(
      'pg2 synchronous',
      async () => (await restStatus('pg2', 'sync')) === 200,
      60_000,
      deadReason('pg2'),
    );
    log('postgresql: pg1 primary, pg2 synchronous replica');
    for (const name of ['haproxy', 'pgbouncer', 'mosquitto', 's3']) start(name);
    await Promise.all(['haproxy', 'pgbouncer', 'mosquitto', 's3'].map((n) => waitHealthy(n, 30_000)));
    log('haproxy, pgbouncer, mosquitto, s3 up');
    // The first server migrates and seeds the demo; the others start on a ready schema.
    if (servers > 0) {
      start('server1');
      await waitHealthy('server1', 300_000);
      log('server1 healthy');
    }
    const rest = c.serverNames.slice(1);
    for (const n of rest) start(n);
    await Promise.all(rest.map((n) => waitHealthy(n, 180_000)));
    if (rest.length > 0) log(`${rest.join(', ')} healthy`);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    dir,
    ports: c.ports,
    httpUrl: c.httpUrl,
    mqttUrl: c.mqttUrl,
    mqttAdmin: c.mqttAdmin,
    pg: c.pg,
    s3: c.s3,
    procs,
    kill,
    start,
    primaryNode,
    waitHealthy,
    stop,
  };
};

// The application's login role: inherits tilth_app (which row-level security binds); never a superuser.
const createRoles = async (c, s) => {
  const pg = require(require.resolve('pg', { paths: [ROOT] }));
  const direct = `postgres://postgres:${s.super}@127.0.0.1:${c.ports.pg.pg1}/postgres`;
  const client = new pg.Client({ connectionString: direct });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
    await client.query('CREATE ROLE tilth_app NOLOGIN NOSUPERUSER NOBYPASSRLS');
    await client.query(
      `CREATE ROLE ${APP_LOGIN} LOGIN NOSUPERUSER NOBYPASSRLS INHERIT PASSWORD '${s.app}' IN ROLE tilth_app`,
    );
  } finally {
    await client.end();
  }
};

/** What runs where: each part's process, the PostgreSQL roles (Patroni's view) and each server's health. */
export const clusterStatus = async (dir = DEFAULT_DIR) => {
  const pids = readPids(dir);
  if (!pids.basePort) return { running: false, dir };
  const c = describeCluster(dir, pids.basePort, pids.servers);
  const parts = {};
  for (const name of pids.order ?? []) {
    const e = pids.procs?.[name];
    parts[name] = { pid: e?.pid, alive: alive(e?.pid) };
  }
  for (const n of PG_NODES) {
    const st = parts[n] ?? {};
    st.port = c.ports.pg[n];
    st.role =
      (await httpStatus(`http://127.0.0.1:${c.ports.rest[n]}/primary`)) === 200
        ? 'primary'
        : (await httpStatus(`http://127.0.0.1:${c.ports.rest[n]}/sync`)) === 200
          ? 'sync replica'
          : (await httpStatus(`http://127.0.0.1:${c.ports.rest[n]}/replica`)) === 200
            ? 'replica'
            : 'down';
    parts[n] = st;
  }
  for (const [k, name] of c.serverNames.entries()) {
    const port = c.ports.server(k + 1);
    parts[name] = { ...parts[name], port, health: await httpStatus(`http://127.0.0.1:${port}/health`) };
  }
  return { running: Object.values(parts).some((p) => p.alive), dir, ...c, secrets: undefined, parts };
};
