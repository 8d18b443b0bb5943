import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../mosquitto.js';

// Real PostgreSQL processes for the scale suites: a primary, a streaming replica made with
// pg_basebackup -R, and PgBouncer in transaction mode. Debian's postgresql and pgbouncer packages
// (`.ci/run` installs them); a missing binary fails the suite, it is never skipped.

// The newest installed PostgreSQL (as .ci/run picks it), or PG_BIN.
const newestPgBin = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
  return path.join(root, newest, 'bin');
};
const PG_BIN = process.env.PG_BIN ?? newestPgBin();
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export const requireBinaries = (): void => {
  for (const bin of [path.join(PG_BIN, 'initdb'), path.join(PG_BIN, 'pg_basebackup'), PGBOUNCER]) {
    if (!existsSync(bin)) {
      throw new Error(
        `${bin} not found: the scale suites need postgresql and pgbouncer (apt-get install, or set PG_BIN / PGBOUNCER_BIN)`,
      );
    }
  }
};

// PostgreSQL refuses to run as root: then every server process runs as the postgres user.
const asRoot = process.getuid?.() === 0;
const owner = (): { uid: number; gid: number } | undefined => {
  if (!asRoot) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
};

const run = (bin: string, args: string[]) => {
  const o = owner();
  execFileSync(bin, args, { stdio: 'pipe', ...(o ? { uid: o.uid, gid: o.gid } : {}) });
};

export interface PgNode {
  port: number;
  dataDir: string;
  url(user?: string, db?: string): string;
  start(): void;
  stop(): void;
}

const node = (dir: string, name: string, port: number): PgNode => {
  const dataDir = path.join(dir, name);
  const ctl = (cmd: string, extra: string[] = []) =>
    run(path.join(PG_BIN, 'pg_ctl'), [cmd, '-D', dataDir, '-w', '-t', '60', ...extra]);
  return {
    port,
    dataDir,
    url: (user = 'postgres', db = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${db}`,
    start: () =>
      ctl('start', [
        '-l',
        path.join(dir, `${name}.log`),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off`,
      ]),
    stop: () => ctl('stop', ['-m', 'fast']),
  };
};

export interface PgPair {
  dir: string;
  primary: PgNode;
  replica: PgNode;
  stopAll(): void;
}

/** A primary and its streaming replica (trust on loopback: the suites test roles, not passwords). */
export const startPrimaryAndReplica = async (): Promise<PgPair> => {
  requireBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'tilth-replica-'));
  const o = owner();
  if (o) chownSync(dir, o.uid, o.gid);
  chmodSync(dir, 0o700);
  const primary = node(dir, 'primary', await freePort());
  const replica = node(dir, 'replica', await freePort());
  run(path.join(PG_BIN, 'initdb'), ['-D', primary.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  primary.start();
  run(path.join(PG_BIN, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    replica.dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  replica.start();
  const stopAll = () => {
    for (const n of [replica, primary]) {
      try {
        n.stop();
      } catch {
        // already stopped by the test
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, primary, replica, stopAll };
};

export interface Bouncer {
  port: number;
  url(user: string, db: string): string;
  stop(): Promise<void>;
}

/** PgBouncer 1.18 in transaction mode in front of `target` (any user, trusted like the target). */
export const startPgBouncer = async (dir: string, target: PgNode): Promise<Bouncer> => {
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  const users = path.join(dir, 'userlist.txt');
  // Under trust PgBouncer still looks the user up here.
  writeFileSync(users, '"postgres" ""\n"tilth_login" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'default_pool_size = 4',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
      // A query waiting for a stopped server fails after a moment rather than two minutes.
      'query_wait_timeout = 5',
      '',
    ].join('\n'),
  );
  const o = owner();
  if (o) {
    chownSync(ini, o.uid, o.gid);
    chownSync(users, o.uid, o.gid);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [ini], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(o ? { uid: o.uid, gid: o.gid } : {}),
  });
  let err = '';
  child.stderr?.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const until = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${err}`);
    if (Date.now() > until) throw new Error(`pgbouncer did not listen: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url: (user, db) => `postgres://${user}@127.0.0.1:${port}/${db}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

const listening = async (port: number): Promise<boolean> => {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
};
