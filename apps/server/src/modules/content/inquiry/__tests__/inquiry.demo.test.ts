import type { Inquiry, InquiryDetail } from '@tilth/contracts/inquiry.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { auth, login } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';
import { seedDemoInquiries } from '../index.js';

// The demo seed needs an empty database (the harness's fixtures would stop it), as in demo.test.ts.
let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('inquiry-demo');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
});

const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await s.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('inquiry demo', () => {
  it('seeds an answered and rated, an asked-back pool and an open inquiry with drawn photos, once', async () => {
    const { demoTenant } = await seedDemo(s.platform.database, demoExtras);
    expect(await seedDemoInquiries(s.platform, demoTenant)).toBe(3);
    expect(await seedDemoInquiries(s.platform, demoTenant)).toBe(0);
    const farmer = await login(s, 'operator', 'operator1234');
    const base = `/wfpf/v1/${demoTenant}/agriculture/inquiries`;
    const mine = await get<{ content: Inquiry[] }>(farmer, `${base}?scope=mine`);
    expect(mine.content.map((q) => q.status).sort()).toEqual(['asked_back', 'closed', 'open']);
    expect(mine.content.find((q) => q.status === 'closed')?.rating).toBe(5);
    const open = mine.content.find((q) => q.status === 'open') as Inquiry;
    expect(open.photos).toHaveLength(2);
    const photo = await s.app.inject({
      method: 'GET',
      url: open.photos[0]?.fileUrl ?? '',
      headers: auth(farmer),
    });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // The demo experts sign in: the farm's own sees the open one in its queue, the pool one the asked-back one.
    const expert = await login(s, 'expert', 'expert1234');
    const queue = await get<{ content: Inquiry[] }>(expert, `${base}?scope=queue`);
    expect(queue.content.map((q) => q.inquiryId)).toEqual([open.inquiryId]);
    const pool = await login(s, 'poolexpert', 'expert1234');
    const pooled = await get<{ content: Inquiry[] }>(pool, '/wfpf/v1/0/agriculture/inquiry-pool?scope=all');
    expect(pooled.content.map((q) => q.status)).toEqual(['asked_back']);
    const thread = await get<InquiryDetail>(
      pool,
      `/wfpf/v1/0/agriculture/inquiry-pool/${demoTenant}/${pooled.content[0]?.inquiryId}`,
    );
    expect(thread.messages[0]).toMatchObject({ kind: 'ask_back', authorName: '刘专家' });
  });
});
