import { randomBytes } from 'node:crypto';
import type { DemoExtras } from '../../../platform/db/seed.js';
import { insertSubscription } from './push.repository.js';
import { seedOutboxRows } from './push-outbox.repository.js';

const HOUR_MS = 3_600_000;

/**
 * One disabled subscription of the demo tenant to example.com with a day of history, so the page and its
 * log are not empty. Disabled, and not to the server itself: a demo must not push anywhere (SSRF rule).
 * Written through the repository: the service would resolve example.com, and a demo seed runs offline.
 */
export const seedPush: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo ?? null;
  await database.withTenant(tenantId, async (tx) => {
    const id = await insertSubscription(tx, tenantId, userId, {
      name: '数据中台（示例）',
      url: 'https://example.com/tilth-hook',
      eventTypes: ['alarm.raised', 'alarm.cleared', 'device.online', 'device.offline', 'task.finished'],
      enabledFlag: 0,
      secret: `whsec_${randomBytes(32).toString('base64url')}`,
    });
    const now = Date.now();
    const at = (h: number) => new Date(now - h * HOUR_MS);
    const delivered = (seq: number, h: number, eventType: string, data: unknown, ms: number) => ({
      seq,
      eventType,
      body: data,
      state: 'delivered',
      attempts: 1,
      lastError: null,
      lastStatus: 200,
      lastResponseMs: ms,
      createdAt: at(h),
      deliveredAt: new Date(at(h).getTime() + ms),
      giveUpAt: new Date(at(h).getTime() + 24 * HOUR_MS),
    });
    await seedOutboxRows(tx, tenantId, id, [
      delivered(1, 26, 'device.offline', { deviceName: '1号墒情站', online: false }, 182),
      delivered(2, 25, 'alarm.raised', { message: '1号墒情站 离线', severity: 'warning' }, 164),
      delivered(3, 24, 'device.online', { deviceName: '1号墒情站', online: true }, 201),
      delivered(4, 24, 'alarm.cleared', { message: '1号墒情站 离线', severity: 'warning' }, 158),
      {
        seq: 5,
        eventType: 'task.finished',
        body: { taskName: '东区灌溉', note: '已完成' },
        state: 'failed',
        attempts: 17,
        lastError: 'HTTP 503: Service Unavailable',
        lastStatus: 503,
        lastResponseMs: 97,
        createdAt: at(50),
        deliveredAt: null,
        giveUpAt: at(26),
      },
      delivered(6, 3, 'task.finished', { taskName: '西区施肥', note: null }, 175),
    ]);
  });
};
