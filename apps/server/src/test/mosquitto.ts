import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { type DynsecRole, dynsecSeed } from '../../../../scripts/cluster/dynsec-seed.mjs';

// Debian's mosquitto for the external-broker tests. `.ci/run` installs it and exports MOSQUITTO_BIN;
// elsewhere the usual paths are tried. A missing binary fails the suite; it is never skipped.

const CANDIDATES = [
  '/usr/sbin/mosquitto',
  '/usr/bin/mosquitto',
  '/usr/local/sbin/mosquitto',
  '/opt/homebrew/sbin/mosquitto',
];

/** The mosquitto binary, or undefined when it is not installed. */
export const mosquittoBinary = (): string | undefined => {
  const env = process.env.MOSQUITTO_BIN;
  if (env) return existsSync(env) ? env : undefined;
  return CANDIDATES.find((p) => existsSync(p));
};

/** The mosquitto binary; like Chromium for the browser stories, a missing one fails the suite. */
export const requireMosquitto = (): string => {
  const bin = mosquittoBinary();
  if (!bin) {
    throw new Error(
      'mosquitto not found: the external-broker tests need it (apt-get install mosquitto, or set MOSQUITTO_BIN)',
    );
  }
  return bin;
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Whether something accepts TCP connections on this loopback port. */
export const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

export interface Mosquitto {
  url: string;
  port: number;
  /** The broker's process id (a bench reads its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface DynsecOptions {
  /** The one account the test server uses for ingest, commands, events and the dynsec control topic. */
  username: string;
  password: string;
  /** Accounts created up front (a bench's devices), each holding the named roles. */
  clients?: { username: string; password: string; roles?: string[] }[];
  roles?: DynsecRole[];
}

/** The dynamic security plugin Debian's mosquitto package installs (or MOSQUITTO_DYNSEC_PLUGIN). */
export const dynsecPlugin = (): string | undefined => {
  const env = process.env.MOSQUITTO_DYNSEC_PLUGIN;
  if (env) return existsSync(env) ? env : undefined;
  return ['x86_64-linux-gnu', 'aarch64-linux-gnu', 'arm-linux-gnueabihf']
    .map((arch) => `/usr/lib/${arch}/mosquitto_dynamic_security.so`)
    .find((p) => existsSync(p));
};

export interface MosquittoOptions {
  /** Lines appended to the generated mosquitto.conf. */
  extraConfig?: string[];
  /** Turns on the dynamic security plugin (no anonymous clients) with this server account. */
  dynsec?: DynsecOptions;
  /** A fixed port (a bench's own range); default a free one. */
  port?: number;
}

/**
 * Starts mosquitto on a free loopback port with a generated config (no persistence): anonymous by
 * default, or with the dynamic security plugin and one server account (`dynsec`).
 */
export const startMosquitto = async (o: MosquittoOptions = {}): Promise<Mosquitto> => {
  const bin = requireMosquitto();
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-mosquitto-'));
  const port = o.port ?? (await freePort());
  const conf = path.join(dir, 'mosquitto.conf');
  const security: string[] = [];
  if (o.dynsec) {
    const plugin = dynsecPlugin();
    if (!plugin) throw new Error('mosquitto dynamic security plugin not found (set MOSQUITTO_DYNSEC_PLUGIN)');
    const file = path.join(dir, 'dynamic-security.json');
    const { username, password, clients, roles } = o.dynsec;
    await writeFile(file, dynsecSeed({ server: { username, password }, clients, roles }));
    security.push(
      'allow_anonymous false',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${file}`,
      // Started as root, mosquitto would switch to the `mosquitto` user and could not read or save the
      // plugin's file in our private temp dir; as anyone else this line changes nothing.
      `user ${userInfo().username}`,
    );
  } else {
    security.push('allow_anonymous true');
  }
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      ...security,
      'persistence false',
      // Let QoS 1 messages flow without a small per-client in-flight window.
      'max_inflight_messages 1000',
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      ...(o.extraConfig ?? []),
      '',
    ].join('\n'),
  );
  // A fixed port someone else listens on would look like ours coming up (a second bench run at once).
  if (o.port !== undefined && (await listening(port))) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`port ${port} is in use: another mosquitto (or bench) runs there`);
  }
  const child: ChildProcess = spawn(bin, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (b: Buffer) => {
    err += b.toString();
  });
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode}): ${err}`);
    if (await listening(port)) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto did not listen on ${port}: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
};
