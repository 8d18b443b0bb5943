import { spawn } from 'node:child_process';
import type { IncomingMessage, Server } from 'node:http';

// Graceful shutdown that ends in bounded time (issue 10 item 12): named steps, so that whatever is still
// pending when the deadline passes can be logged; HTTP drained for a while, then cut; and a watchdog
// process for the case where this process cannot even run its own deadline timer.

/** Exit code when the deadline passed and the process exited anyway (as timeout(1) answers). */
export const SHUTDOWN_FORCED_EXIT_CODE = 124;

/** After the deadline, the watchdog gives the process this long to exit on its own before SIGKILL. */
export const WATCHDOG_GRACE_MS = 5_000;

export interface ShutdownLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** Runs the steps of a shutdown one by one; a failing step is logged and the next one still runs. */
export class ShutdownSteps {
  private readonly running = new Map<string, number>();

  constructor(private readonly log: ShutdownLog) {}

  readonly run = async (name: string, fn: () => Promise<unknown> | undefined): Promise<void> => {
    this.running.set(name, Date.now());
    try {
      await fn();
    } catch (err) {
      this.log.warn({ err, step: name }, 'shutdown step failed');
    } finally {
      this.running.delete(name);
    }
  };

  /** Steps started and not finished, with how long they have been running. */
  pending(): { step: string; ms: number }[] {
    return [...this.running].map(([step, since]) => ({ step, ms: Date.now() - since }));
  }
}

export interface InFlight {
  method: string;
  url: string;
  ms: number;
}

/** Requests the server is answering (including long-lived streams), for the shutdown log. */
export const trackRequests = (server: Server): (() => InFlight[]) => {
  const open = new Map<IncomingMessage, number>();
  server.on('request', (req: IncomingMessage, res) => {
    open.set(req, Date.now());
    res.once('close', () => open.delete(req));
  });
  return () =>
    [...open].map(([req, since]) => ({
      method: req.method ?? '?',
      // The path only: query strings may carry what logs should not.
      url: (req.url ?? '').split('?')[0] ?? '',
      ms: Date.now() - since,
    }));
};

/**
 * Closes an HTTP server as Fastify's close() does, bounded: connections that go idle are closed as soon
 * as they do; requests still in flight after `drainMs` have their connections cut (logged), so a slow
 * upload or a client that stopped reading cannot hold the shutdown.
 */
export const drainHttp = async (
  close: () => Promise<void>,
  server: Server,
  inFlight: () => InFlight[],
  drainMs: number,
  log: ShutdownLog,
): Promise<void> => {
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    const requests = inFlight();
    if (requests.length > 0) log.warn({ requests }, 'requests still in flight at the drain deadline: cut');
    server.closeAllConnections();
  }, drainMs);
  try {
    await close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
};

// Runs in its own process: it checks ten times a second that the server is still its parent, exits when
// it is not (the server is gone), and kills it when the time is up. It ignores the usual stop signals.
const WATCHDOG_SOURCE = `
const pid = Number(process.argv[1]);
const until = Date.now() + Number(process.argv[2]);
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => undefined);
setInterval(() => {
  if (process.ppid !== pid) process.exit(0);
  if (Date.now() >= until) {
    try { process.kill(pid, 'SIGKILL'); } catch {}
    process.exit(0);
  }
}, 100);
`;

/**
 * Starts a watchdog that SIGKILLs this process after `ms` unless it exited before. It is a separate
 * process because the cases it is for are those where this one cannot act: its event loop blocked (a
 * synchronous write to a full pipe, a wait in native code) or process.exit() itself waiting on a thread.
 */
export const startWatchdog = (ms: number): { pid: number | undefined; stop(): void } => {
  try {
    // A plain, small Node process: spawn passes none of this one's options (its tsx loader) along.
    // Its own process group, so a signal sent to the server's whole group (as in the issue) misses it.
    const child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, String(process.pid), String(ms)], {
      stdio: 'ignore',
      detached: true,
      // The environment is passed through to the child untouched, not read as settings (those are read
      // only in config.ts); only NODE_OPTIONS is cleared.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    child.on('error', () => undefined);
    child.unref();
    return { pid: child.pid, stop: () => void child.kill('SIGKILL') };
  } catch {
    // No watchdog (no process could be started): the in-process deadline still applies.
    return { pid: undefined, stop: () => undefined };
  }
};
