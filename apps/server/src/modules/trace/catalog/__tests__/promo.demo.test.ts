import type { SeedPublicDetail } from '@tilth/contracts/seed.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { seedDemoMedia } from '../../../content/media/index.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';
import { seedProducts } from '../../../farm/seed/seed.tables.js';
import { publishedTraceBatch, seedDemoTracePublication, traceBatches } from '../index.js';

// The demo promo video (issue 19 item 4) on the demo's public pages: the media demo attaches it to the
// demo seed product once its poster is made, and the trace publication demo attaches it to its product
// before publishing, so the frozen record names it and the signed-out page plays it.

let demo: DemoTestServer;
let s: Started;
let tenant = 0;
beforeAll(async () => {
  demo = await startDemoTestServer('trace-promo-demo');
  s = demo.server;
  tenant = (await seedDemo(s.platform.database, demoExtras)).demoTenant;
}, 60_000);
afterAll(async () => {
  await demo?.close();
});

describe('the demo promo video', () => {
  it('plays on the demo seed page and on the published demo trace page', async () => {
    await seedDemoMedia(s.platform, tenant);
    const [seed] = await s.platform.database.withTenant(tenant, (tx) =>
      tx.select().from(seedProducts).orderBy(seedProducts.id).limit(1),
    );
    expect(seed?.promoVideoId).not.toBeNull();
    const pub = (
      await s.app.inject({ method: 'GET', url: `/wfpf/v1/${tenant}/seed/public/${seed?.id}` })
    ).json() as SeedPublicDetail;
    expect(pub.promoVideo).toMatchObject({ width: 640, height: 360, durationMs: 5000 });
    const poster = await s.app.inject({ method: 'GET', url: pub.promoVideo?.posterUrl ?? '' });
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);

    expect(await seedDemoTracePublication(s.platform, tenant)).toBe(1);
    const [batch] = await s.platform.database.withTenant(tenant, (tx) => tx.select().from(traceBatches));
    const rec = (
      await s.platform.database.withTenant(tenant, (tx) =>
        publishedTraceBatch(tx, tenant, { id: batch?.id ?? 0 }),
      )
    )?.record;
    expect(rec?.promoVideo).toMatchObject({ width: 640, height: 360, durationMs: 5000 });
    const page = await s.app.inject({ method: 'GET', url: `/q/${tenant}/b/${batch?.batchCode}` });
    expect(page.body).toContain('<video controls preload="none" playsinline');
    const video = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/public/${tenant}/trace/video/b/${batch?.batchCode}/1/video`,
      headers: { range: 'bytes=0-1023' },
    });
    expect([video.statusCode, video.headers['content-type']]).toEqual([206, 'video/mp4']);
  }, 120_000);
});
