import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../app/server.js';
import { deviceUsername, hashDeviceSecret, newDeviceSecret } from '../../../../platform/iot/device-secret.js';
import { createScratchDatabase } from '../../../../test/test-database.js';
import { createTenant } from '../../../demo/seed.helpers.js';
import { insertDeviceRow } from '../../device/device-seed.repository.js';

// "Kill the server mid-stream and restart it: no acknowledged message is lost." The server runs as a
// child process (the real main.ts) and gets SIGKILL while a device streams QoS 1 messages; every
// message the device got a PUBACK for must be in the database afterwards.

const root = path.resolve(import.meta.dirname, '../../../../../../..');
const mainTs = path.join(root, 'apps/server/src/main.ts');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const startChild = (env: Record<string, string>): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Tilth is ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${out}`));
    });
  });

const stopChild = (child: ChildProcess, signal: NodeJS.Signals): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

afterAll(async () => {
  for (const c of children) await stopChild(c, 'SIGKILL');
  for (const fn of cleanups) await fn();
});

describe('crash and restart', () => {
  it('keeps every acknowledged message when the server is killed mid-stream', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = await createScratchDatabase();
    if (scratch) cleanups.push(() => scratch.drop());
    const dbOpts = { databaseUrl: scratch?.url, pgliteDir: path.join(dataDir, 'db') };

    // A tenant and a device, written before the server process owns the database.
    const secret = newDeviceSecret();
    const setup = await openAppDatabase(dbOpts);
    const tenantId = await createTenant(setup, 'Crash farm');
    const device = { tenantId, typeKey: 'weather-station', eui: 'CRASH0001' };
    const deviceId = await setup.withTenant(tenantId, (tx) =>
      insertDeviceRow(tx, tenantId, { ...device, name: 'crash', secretHash: hashDeviceSecret(secret) }),
    );
    await setup.close();

    const env = {
      TILTH_DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      TILTH_DEMO: '0',
      TILTH_SIMULATOR: '0',
      TILTH_WEATHER_PROVIDER: 'offline',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      MQTT_URL: '',
      // The test streams one device as fast as it can; the fair-use limit is not what it is about.
      MQTT_DEVICE_RATE: '0',
    };
    let child = await startChild(env);

    const username = deviceUsername(device);
    // clean: false and a fixed client id: mqtt.js keeps unacknowledged messages and resends them.
    const client = mqtt.connect(`mqtt://127.0.0.1:${env.MQTT_PORT}`, {
      clientId: username,
      username,
      password: secret,
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 200,
      connectTimeout: 5000,
    });
    cleanups.push(() => client.endAsync(true).then(() => undefined));
    client.on('error', () => undefined);
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));

    const acked = new Set<number>();
    const topic = `tilth/${tenantId}/weather-station/CRASH0001/up`;
    const t0 = Date.now() - 3600_000;
    const send = (seq: number) =>
      client.publish(
        topic,
        JSON.stringify({ ts: t0 + seq * 1000, seq, values: { airTemp: (seq % 400) / 10 } }),
        { qos: 1 },
        (err) => {
          if (!err) acked.add(seq);
        },
      );
    let seq = 0;
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++) {
        send(++seq);
        if (i % 20 === 0) await new Promise((r) => setTimeout(r, 2));
      }
    };

    // Kill while messages are in flight: some are acknowledged, some not yet.
    await burst(300);
    const deadline = Date.now() + 20_000;
    while (acked.size < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await stopChild(child, 'SIGKILL');
    const ackedAtKill = acked.size;
    expect(ackedAtKill).toBeGreaterThan(0);

    child = await startChild(env);
    await burst(100);
    const end = Date.now() + 30_000;
    while (acked.size < seq && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(acked.size, 'the device got a PUBACK for every message after the restart').toBe(seq);
    await client.endAsync();
    await stopChild(child, 'SIGTERM');

    const check = await openAppDatabase(dbOpts);
    try {
      const r = (await check.withTenant(tenantId, (tx) =>
        tx.execute(sql`select seq::int as s from telemetry where device_id = ${deviceId}`),
      )) as unknown as { rows: { s: number }[] };
      const stored = new Set(r.rows.map((x) => x.s));
      const lost = [...acked].filter((s) => !stored.has(s));
      expect(lost, 'acknowledged but not stored').toEqual([]);
      expect(r.rows.length).toBe(stored.size);
    } finally {
      await check.close();
    }
  }, 240_000);
});
