import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SHUTDOWN_FORCED_EXIT_CODE } from '../platform/shutdown.js';
import { createScratchDatabase } from '../test/test-database.js';

// Issue 10 item 12: the real server process, sent SIGTERM with an SSE stream open, a half-sent MQTT
// CONNECT and a slow upload in flight, exits within its deadline — cleanly (0), or, when something still
// hangs at the deadline, forcibly (124) naming what was pending. Bounds are the point here, so they are
// asserted, with margins for a loaded 2-core CI machine.

const main = path.resolve(import.meta.dirname, '../main.ts');
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
const children: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Running {
  child: ChildProcess;
  base: string;
  mqttPort: number;
  /** Everything the process wrote to stdout so far (pino JSON lines and the ready banner). */
  out(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const startServer = async (env: Record<string, string>): Promise<Running> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-shutdown-'));
  dirs.push(dir);
  const port = await freePort();
  const mqttPort = await freePort();
  // PGlite in the data directory, or a scratch PostgreSQL database when DATABASE_URL is set.
  const scratch = await createScratchDatabase();
  if (scratch) drops.push(scratch.drop);
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      TILTH_DATA_DIR: dir,
      DATABASE_URL: scratch?.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const until = Date.now() + 150_000;
  while (!out.includes('Tilth is ready')) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    if (Date.now() > until) throw new Error(`server not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, mqttPort, out: () => out, exited };
};

const signIn = async (base: string, username: string, password: string): Promise<string> => {
  const { publicKey } = (await (await fetch(`${base}/oauth/public/key`)).json()) as { publicKey: string };
  const encrypted = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${base}/oauth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: encrypted, client_id: 'web' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
};

/** A request whose body is announced (within the route's limits) but only partly sent: it stays in flight. */
const holdRequest = (base: string, url: string, headers: Record<string, string>, first: string) => {
  const req = request(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(first.length + 10_000) },
  });
  const closed = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
  req.write(first);
  return { closed };
};

/** A raw TCP client that sent the first bytes of an MQTT CONNECT and nothing more. */
const halfConnect = async (port: number): Promise<{ socket: Socket; closed: Promise<void> }> => {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  // CONNECT, remaining length 40, then only the protocol name's first bytes.
  socket.write(Buffer.from([0x10, 40, 0x00, 0x04, 0x4d, 0x51]));
  return { socket, closed };
};

const logLines = (out: string): { msg?: string; [k: string]: unknown }[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string });

afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

describe('SIGTERM', () => {
  it('with an SSE stream, a half-sent MQTT CONNECT, a slow upload and the simulator: exits 0 within the deadline', async () => {
    const deadlineSec = 6;
    const s = await startServer({
      TILTH_DEMO: '1',
      TILTH_SHUTDOWN_TIMEOUT_SEC: String(deadlineSec),
    });
    const token = await signIn(s.base, 'demo', 'demo1234');
    const auth = { authorization: `Bearer ${token}` };
    // The simulated fleet is connected to the embedded broker too.
    await expect
      .poll(() => /simulator: [1-9]\d* devices online/.test(s.out()), { timeout: 60_000 })
      .toBe(true);

    const stream = await fetch(`${s.base}/wfpe/v1/1001/device/stream`, { headers: auth });
    expect(stream.status).toBe(200);
    const body = (async () => {
      let text = '';
      if (!stream.body) return text;
      try {
        for await (const chunk of stream.body.pipeThrough(new TextDecoderStream())) text += chunk;
      } catch {
        // Cut rather than ended: the assertion on the text below tells.
      }
      return text;
    })();
    const mqtt = await halfConnect(s.mqttPort);
    const upload = holdRequest(
      s.base,
      '/hfle/v1/1001/files/multipart',
      { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
      '--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n',
    );
    // Let the upload reach its handler.
    await new Promise((r) => setTimeout(r, 500));

    const sent = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sent).toBeLessThan(deadlineSec * 1000 + 4_000);

    // Every client was let go: the stream was told why and ended, the sockets were closed.
    expect(await body).toContain('event: end\ndata: {"reason":"shutdown"}');
    await mqtt.closed;
    await upload.closed;
    const logs = logLines(s.out());
    expect(logs.some((l) => l.msg === 'shutting down')).toBe(true);
    const cut = logs.find((l) => l.msg === 'requests still in flight at the drain deadline: cut');
    expect(JSON.stringify(cut?.requests)).toContain('/hfle/v1/1001/files/multipart');
    expect(logs.some((l) => l.msg === 'shut down')).toBe(true);
    expect(logs.some((l) => l.msg === 'shutdown deadline passed: exiting anyway')).toBe(false);
  });

  it('exits with code 124 at the deadline when something still hangs, naming what was pending', async () => {
    // A drain longer than the deadline: the held request is never cut, so only the deadline ends it.
    const s = await startServer({
      TILTH_DEMO: '0',
      TILTH_SHUTDOWN_TIMEOUT_SEC: '2',
      TILTH_SHUTDOWN_DRAIN_SEC: '60',
    });
    const held = holdRequest(
      s.base,
      '/oauth/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=pass',
    );
    await new Promise((r) => setTimeout(r, 300));

    const sent = Date.now();
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit).toMatchObject({ code: SHUTDOWN_FORCED_EXIT_CODE, signal: null });
    // It waited for the deadline (not less), and not much more.
    expect(exit.at - sent).toBeGreaterThanOrEqual(1_900);
    expect(exit.at - sent).toBeLessThan(2_000 + 5_000);
    await held.closed;
    const forced = logLines(s.out()).find((l) => l.msg === 'shutdown deadline passed: exiting anyway');
    expect(forced?.pending).toEqual([expect.objectContaining({ step: 'http' })]);
    expect(forced?.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/oauth/oauth/token' }),
    ]);
  });

  it('a signal that arrives twice at once (a group signal under npm start) still shuts down cleanly', async () => {
    // Ctrl-C or a supervisor's group SIGTERM reaches the server directly and again through the npm start
    // wrapper that forwards it: that is one stop, not the "second signal" that exits at once.
    const s = await startServer({ TILTH_DEMO: '0', TILTH_SHUTDOWN_TIMEOUT_SEC: '6' });
    s.child.kill('SIGTERM');
    s.child.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    const logs = logLines(s.out());
    expect(logs.some((l) => l.msg === 'shut down')).toBe(true);
    expect(logs.some((l) => l.msg === 'second signal during shutdown: exiting now')).toBe(false);
  });
});
