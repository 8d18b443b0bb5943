import type { TracePublicProof } from '@tilth/contracts/trace-public.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';
import { publishedTraceBatch, seedDemoTracePublication, traceBatches } from '../index.js';

// The demo ends with a published trace record: the catalogue demo's lot of harvested tomatoes, with
// camera captures of its plot drawn during the season, on the ledger, and a public page that opens.

let demo: DemoTestServer;
let s: Started;
let tenant = 0;
beforeAll(async () => {
  demo = await startDemoTestServer('trace-publish-demo');
  s = demo.server;
  tenant = (await seedDemo(s.platform.database, demoExtras)).demoTenant;
});
afterAll(async () => {
  await demo?.close();
});

describe('the demo trace publication', () => {
  it('publishes the demo lot once, with its season’s captures, provable and open to the public', async () => {
    expect(await seedDemoTracePublication(s.platform, tenant)).toBe(1);
    // Nothing left in draft: a second run publishes nothing more.
    expect(await seedDemoTracePublication(s.platform, tenant)).toBeNull();
    const [batch] = await s.platform.database.withTenant(tenant, (tx) => tx.select().from(traceBatches));
    expect(batch?.status).toBe('published');
    const pub = await s.platform.database.withTenant(tenant, (tx) =>
      publishedTraceBatch(tx, tenant, { id: batch?.id ?? 0 }),
    );
    const rec = pub?.record;
    expect(rec?.season.filter((e) => e.kind === 'capture').length).toBe(3);
    expect(rec?.images.length).toBeGreaterThanOrEqual(3);
    expect(rec?.footprint).not.toBeNull();
    const page = await s.app.inject({ method: 'GET', url: `/q/${tenant}/b/${batch?.batchCode}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('data-status="verified"');
    const proof = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/public/${tenant}/trace/proof/b/${batch?.batchCode}`,
    });
    expect((proof.json() as TracePublicProof).verdict).toBe('verified');
    const img = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/public/${tenant}/trace/image/b/${batch?.batchCode}/1/0`,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
  });
});
