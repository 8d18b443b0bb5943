import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../main.ts');
let dir: string;
let busy: Server;
let busyPort: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', main],
      {
        env: {
          ...process.env,
          TILTH_DATA_DIR: dir,
          TILTH_DEMO: '0',
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          ...env,
        },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilth-main-'));
  busy = createServer();
  await new Promise<void>((r) => busy.listen(0, () => r()));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  busy.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('a busy HTTP port stops the start with one line naming PORT', async () => {
    const r = await start({ PORT: String(busyPort), MQTT_PORT: String(await freePort()) });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Port ${busyPort} is in use: set PORT`));
  });

  it('a busy MQTT port stops the start with one line naming MQTT_PORT', async () => {
    const r = await start({ PORT: String(await freePort()), MQTT_PORT: String(busyPort) });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(new RegExp(`^MQTT port ${busyPort} is in use: set MQTT_PORT`));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
