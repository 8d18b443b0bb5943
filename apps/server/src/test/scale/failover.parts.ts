import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, listening, requireMosquitto } from '../mosquitto.js';

// Parts of the failure tests' own, on free loopback ports, that a test can kill and start again on the
// same port and data: PostgreSQL (Debian's postgresql package, `.ci/run` installs it), killed like a
// crashed host (SIGKILL to the postmaster and every backend); Mosquitto with persistence, restarted.

/** The newest /usr/lib/postgresql/<v>/bin with initdb (or PG_BIN), or undefined when none is installed. */
export const postgresBin = (): string | undefined => {
  const env = process.env.PG_BIN;
  if (env) return existsSync(path.join(env, 'initdb')) ? env : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? path.join(root, v, 'bin') : undefined;
};

/** Skipped only off CI when the binaries are missing; under CI=true a missing binary fails the suite. */
export const haveOrRequire = (what: string, ok: boolean): boolean => {
  if (ok) return true;
  if (process.env.CI === 'true') throw new Error(`${what} not installed: CI must install it (.ci/run)`);
  return false;
};

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user Debian's package creates. */
const asPostgres = (cmd: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

export interface TestPostgres {
  url: string;
  port: number;
  /** The postmaster's pid (from postmaster.pid). */
  pid(): number | undefined;
  /** SIGKILL to the postmaster and all its backends, as a crashed machine; resolves when the port is free. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory; resolves when it accepts queries. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const childrenOf = (pid: number): number[] => {
  const out: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // Field 4 (after the parenthesised name, which may hold spaces) is the parent pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return out;
};

export const waitReady = async (url: string, ms: number): Promise<void> => {
  const until = Date.now() + ms;
  for (;;) {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      return;
    } catch (err) {
      await c.end().catch(() => undefined);
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
};

export const startPostgres = async (): Promise<TestPostgres> => {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL not found (apt-get install postgresql, or set PG_BIN)');
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-failover-pg-'));
  const data = path.join(dir, 'd');
  if (process.getuid?.() === 0) chownSync(dir, ...postgresIds());
  const [initCmd, initArgs] = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  const pid = (): number | undefined => {
    try {
      return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  const start = async () => {
    const [cmd, args] = asPostgres(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=100',
      '-c',
      'fsync=off',
    ]);
    child = spawn(cmd, args, { stdio: 'ignore' });
    await waitReady(url, 30_000);
  };
  const kill = async () => {
    const p = pid();
    if (!p) return;
    const kids = childrenOf(p);
    for (const k of [p, ...kids]) {
      try {
        process.kill(k, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const until = Date.now() + 10_000;
    while ([p, ...kids].some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  };
  await start();
  return {
    url,
    port,
    pid,
    kill,
    start,
    stop: async () => {
      await kill();
      child?.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const postgresIds = (): [number, number] => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const f = line?.split(':');
  if (!f) throw new Error('no postgres user (Debian’s postgresql package creates it)');
  return [Number(f[2]), Number(f[3])];
};

export interface RestartableMosquitto {
  url: string;
  /** Stops it as a restart does (SIGTERM: it saves its persistence file) and resolves when it exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and persistence file; resolves when it listens. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

/** Mosquitto with persistence (sessions and queued QoS 1 messages survive a restart), anonymous. */
export const startPersistentMosquitto = async (): Promise<RestartableMosquitto> => {
  const bin = requireMosquitto();
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-failover-mq-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      `user ${userInfo().username}`,
      'max_inflight_messages 1000',
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode})`);
      if (Date.now() > until) throw new Error(`mosquitto did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    stop,
    remove: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
