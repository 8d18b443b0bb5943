import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@tilth/contracts/common.types';
import type { PushDelivery, PushSubscriptionWithSecret } from '@tilth/contracts/push.types';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Started } from '../../../../app/server.js';
import { loadConfig } from '../../../../platform/config.js';
import { auth, json, login } from '../../../../test/harness.js';
import { createScratchDatabase } from '../../../../test/test-database.js';
import { createTenant, createUser, PLATFORM_TENANT_NAME } from '../../../demo/seed.helpers.js';
import { enqueuePush } from '../index.js';
import { pushWorkerFor } from '../push.jobs.js';
import { startReceiver, verifySignature } from './receiver.js';

// A receiver that fails three times then recovers gets every event once and in order, with the server
// stopped and started again on the same database between the failures: the outbox is the only state.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

const HOUR = 3600_000;

describe('data push across a restart', () => {
  it('retries with backoff, survives the restart, delivers each event once in order', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-push-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = await createScratchDatabase();
    if (scratch) cleanups.push(() => scratch.drop());
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    const boot = () =>
      createServer(
        loadConfig({
          ...process.env,
          TILTH_DATA_DIR: dataDir,
          TILTH_DEMO: '0',
          TILTH_WEATHER_PROVIDER: 'offline',
          DATABASE_URL: scratch?.url ?? '',
          MQTT_PORT: '0',
          MQTT_URL: '',
          HOST: '127.0.0.1',
          TILTH_PUSH_ALLOW_PRIVATE: '1',
          TILTH_PUSH_TICK_MS: '0',
        }),
        { pgliteDir: path.join(dataDir, 'db'), logger: false, smsLog: { info: () => undefined } },
      );
    const tick = (s: Started, at: number) => pushWorkerFor(s.platform, s.app.log).tick(new Date(at));

    let s = await boot();
    const db = s.platform.database;
    await createTenant(db, PLATFORM_TENANT_NAME, { id: 0 });
    const T = await createTenant(db, 'Push farm');
    await createUser(db, {
      loginName: 'pushadmin',
      password: 'secret123',
      realName: 'P',
      roles: [[T, 'tenant-admin']],
    });
    const token = await login(s, 'pushadmin');
    const created = await s.app.inject({
      method: 'POST',
      url: `/wfpf/v1/${T}/data-push`,
      headers: auth(token),
      payload: { name: 'Flaky', url: rx.url, eventTypes: ['task.finished'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sub = json<PushSubscriptionWithSecret>(created);
    for (let i = 1; i <= 5; i++)
      await db.withTenant(T, (tx) => enqueuePush(tx, T, 'task.finished', [{ taskId: i }]));

    rx.failNext(3);
    const t0 = Date.now();
    expect(await tick(s, t0)).toBe(1);
    // Still backing off (the first retry waits at least 5 s): nothing is tried.
    expect(await tick(s, t0 + 1000)).toBe(0);
    expect(await tick(s, t0 + HOUR)).toBe(1);
    expect(rx.refused).toBe(2);
    await s.close();

    s = await boot();
    cleanups.push(() => s.close());
    expect(await tick(s, t0 + 2 * HOUR)).toBe(1);
    expect(rx.refused).toBe(3);
    expect(rx.accepted).toHaveLength(0);
    expect(await tick(s, t0 + 3 * HOUR)).toBe(5);

    expect(rx.accepted.map((r) => r.body.data.taskId)).toEqual([1, 2, 3, 4, 5]);
    expect(rx.accepted.map((r) => r.body.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rx.accepted.map((r) => r.id)).size).toBe(5);
    expect(rx.accepted.every((r) => verifySignature(sub.secret, r))).toBe(true);
    expect(await tick(s, t0 + 4 * HOUR)).toBe(0);
    expect(rx.accepted).toHaveLength(5);

    const log = json<Page<PushDelivery>>(
      await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${T}/data-push/${sub.id}/deliveries?size=10`,
        headers: auth(await login(s, 'pushadmin')),
      }),
    ).content;
    expect(log.map((d) => [d.seq, d.state, d.attempts])).toEqual([
      [5, 'delivered', 1],
      [4, 'delivered', 1],
      [3, 'delivered', 1],
      [2, 'delivered', 1],
      [1, 'delivered', 4],
    ]);
    expect(log.at(-1)?.lastError).toBeNull();
    // Two server starts on a file database: slow on a busy machine.
  }, 240_000);
});
