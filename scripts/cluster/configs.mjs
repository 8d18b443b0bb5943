// The cluster's layout (ports, packages) and its generated config files, from the templates beside this file.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dynsecSeed } from './dynsec-seed.mjs';

const HERE = import.meta.dirname;
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const DYNSEC_PLUGIN = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
  .map((a) => `/usr/lib/${a}/mosquitto_dynamic_security.so`)
  .find((p) => existsSync(p));

export const DEFAULT_DIR = '/tmp/tilth-cluster';
export const DEFAULT_BASE_PORT = 19300;
export const PG_NODES = ['pg1', 'pg2'];
export const APP_LOGIN = 'tilth_login';
export const DATABASE = 'tilth';
export const BUCKET = 'tilth';

/** Every port of the cluster, from its base (HTTP at the base itself). */
export const clusterPorts = (base = DEFAULT_BASE_PORT) => ({
  http: base,
  pgPrimary: base + 1,
  pgReplica: base + 2,
  bouncer: base + 3,
  mqtt: base + 4,
  s3: base + 5,
  etcd: base + 6,
  etcdPeer: base + 7,
  stats: base + 8,
  pg: { pg1: base + 10, pg2: base + 12 },
  rest: { pg1: base + 11, pg2: base + 13 },
  server: (i) => base + 20 + i,
});

// The Debian package of each binary the cluster runs; missing ones are installed with apt-get.
const PACKAGES = {
  '/usr/bin/etcd': 'etcd-server',
  '/usr/bin/patroni': 'patroni',
  [`${PG_BIN}/postgres`]: 'postgresql-15',
  '/usr/sbin/haproxy': 'haproxy',
  '/usr/sbin/pgbouncer': 'pgbouncer',
  '/usr/sbin/mosquitto': 'mosquitto',
};

export const ensurePackages = (log) => {
  const missing = Object.entries(PACKAGES)
    .filter(([bin]) => !existsSync(bin))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  log(`installing ${missing.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  // Debian starts the services it installs; the cluster runs its own instances on its own ports.
  for (const svc of ['etcd', 'patroni', 'postgresql', 'haproxy', 'pgbouncer', 'mosquitto']) {
    try {
      execFileSync('service', [svc, 'stop'], { stdio: 'ignore' });
    } catch {
      // not installed as a service, or not running
    }
  }
};

const fill = (template, vars) =>
  readFileSync(path.join(HERE, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, k) => {
    if (!(k in vars)) throw new Error(`${template}: no value for {{${k}}}`);
    return String(vars[k]);
  });

export const secret = () => randomBytes(12).toString('hex');

export const writeConfigs = (dir, basePort, servers, s) => {
  const p = clusterPorts(basePort);
  for (const name of PG_NODES) {
    writeFileSync(
      path.join(dir, name, 'patroni.yml'),
      fill('patroni.yml.tmpl', {
        NAME: name,
        DIR: dir,
        PG_BIN,
        PG_PORT: p.pg[name],
        REST_PORT: p.rest[name],
        ETCD_PORT: p.etcd,
        SUPER_PASSWORD: s.super,
        REPL_PASSWORD: s.repl,
      }),
    );
  }
  const pgLines = PG_NODES.map((n) => `  server ${n} 127.0.0.1:${p.pg[n]} check port ${p.rest[n]}`).join(
    '\n',
  );
  writeFileSync(
    path.join(dir, 'haproxy.cfg'),
    fill('haproxy.cfg.tmpl', {
      HTTP_PORT: p.http,
      PG_PRIMARY_PORT: p.pgPrimary,
      PG_REPLICA_PORT: p.pgReplica,
      STATS_PORT: p.stats,
      SERVER_LINES: Array.from(
        { length: servers },
        (_, i) => `  server server${i + 1} 127.0.0.1:${p.server(i + 1)} check`,
      ).join('\n'),
      PG_PRIMARY_LINES: pgLines,
      PG_REPLICA_LINES: pgLines,
    }),
  );
  writeFileSync(
    path.join(dir, 'pgbouncer', 'pgbouncer.ini'),
    fill('pgbouncer.ini.tmpl', { DIR: dir, PG_PRIMARY_PORT: p.pgPrimary, BOUNCER_PORT: p.bouncer }),
  );
  writeFileSync(
    path.join(dir, 'pgbouncer', 'userlist.txt'),
    `"${APP_LOGIN}" "${s.app}"\n"postgres" "${s.super}"\n`,
  );
  writeFileSync(
    path.join(dir, 'mosquitto', 'mosquitto.conf'),
    fill('mosquitto.conf.tmpl', {
      DIR: dir,
      MQTT_PORT: p.mqtt,
      DYNSEC_PLUGIN: DYNSEC_PLUGIN ?? 'mosquitto_dynamic_security.so',
      USER: process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root'),
    }),
  );
  // One server account; devices get theirs from the server (MQTT_PROVISIONING=mosquitto-dynsec).
  writeFileSync(
    path.join(dir, 'mosquitto', 'dynamic-security.json'),
    dynsecSeed({ server: { username: 'tilth-server', password: s.mqtt } }),
  );
};
