// Process plumbing of the cluster: spawn in its own process group with a log file, probes, the pid file.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export const tcpUp = (port) =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });

/** The HTTP status of a GET, or 0 when nothing answers within a second and a half. */
export const httpStatus = async (url) => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
};

/** Polls `probe` until it answers true; throws with `what` after `timeoutMs`. */
export const waitFor = async (what, probe, timeoutMs, isDead = () => undefined) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    const dead = isDead();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await sleep(250);
  }
};

/**
 * Starts `cmd` detached (its own process group, so a signal reaches its children and a terminal's Ctrl-C
 * reaches only the CLI, which stops everything in order), output appended to logs/<name>.log.
 */
export const spawnLogged = (dir, name, cmd, args, opts = {}) => {
  const log = openSync(path.join(dir, 'logs', `${name}.log`), 'a');
  return spawn(cmd, args, {
    detached: true,
    stdio: ['ignore', log, log],
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    uid: opts.uid,
    gid: opts.gid,
  });
};

/** Whether a process id is alive. */
export const alive = (pid) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Signals a whole process group, ignoring one that is already gone. */
export const killGroup = (pid, signal) => {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
};

/** The postmaster's pid of a data directory (Patroni starts it in its own session), if it runs. */
export const postmasterPid = (dataDir) => {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return alive(pid) ? pid : undefined;
};

const pidFile = (dir) => path.join(dir, 'pids.json');

/** Every started process of the cluster, for `npm run cluster -- stop|status` from another shell. */
export const readPids = (dir) => {
  try {
    return JSON.parse(readFileSync(pidFile(dir), 'utf8'));
  } catch {
    return {};
  }
};

export const writePids = (dir, pids) => writeFileSync(pidFile(dir), `${JSON.stringify(pids, null, 2)}\n`);
