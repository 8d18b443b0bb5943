import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { insertDevice } from '../../report/__tests__/fixtures.js';
import { seedInsects } from '../insect.demo.js';
import { LocalInsectIdentifier } from '../insect.identify.js';

let s: TestServer;
let token: string;
let A: number;

beforeAll(async () => {
  s = await startTestServer();
  token = await login(s, 'adminA');
  A = s.fixtures.tenantA;
});
afterAll(async () => {
  await s.close();
});

describe('insect demo seed', () => {
  it('seeds the platform catalogue and skips tenants without traps', async () => {
    await seedInsects(s.platform.database, { demoTenant: A, secondTenant: s.fixtures.tenantB, users: {} });
    const types = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${A}/insect-statistics/insect-type/list`,
      headers: auth(token),
    });
    expect((types.json() as unknown[]).length).toBe(12);
    const page = await s.inject({ method: 'GET', url: `/wfpe/v1/${A}/insect/page`, headers: auth(token) });
    expect((page.json() as { totalElements: number }).totalElements).toBe(0);
  });

  it('a month of labelled photos per trap, drawn on first use with as many insects as counted', async () => {
    await insertDevice(s, A, { typeKey: 'pest-station', name: '测报站', eui: 'DEMO-PS1' });
    await seedInsects(s.platform.database, { demoTenant: A, secondTenant: s.fixtures.tenantB, users: {} });
    const page = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${A}/insect/page?size=2`,
      headers: auth(token),
    });
    const body = page.json() as {
      totalElements: number;
      content: { fileUrl: string; total: number; source: string; counts: { name: string }[] }[];
    };
    expect(body.totalElements).toBe(30);
    const rec = body.content[0];
    if (!rec) throw new Error('no record');
    expect(rec.source).toBe('drawn');
    expect(rec.counts.every((c) => c.name !== 'unidentified')).toBe(true);
    const photo = await s.inject({ method: 'GET', url: rec.fileUrl, headers: auth(token) });
    expect(photo.statusCode).toBe(200);
    expect(Number(photo.headers['content-length'])).toBe(photo.rawPayload.length);
    const found = await new LocalInsectIdentifier().identify(photo.rawPayload);
    expect(found.boxes.length).toBe(rec.total);
  });
});
