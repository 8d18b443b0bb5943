import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedAgricultural } from '../agricultural.demo.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

interface Page<T> {
  content: T[];
  totalElements: number;
}

describe('agricultural demo data', () => {
  it('seeds a dozen inputs, receipts into both demo bases and one shipment', async () => {
    // The harness's tenant A stands in for 示范农场, with its two bases.
    const demoTenant = s.fixtures.tenantA;
    const token = await login(s, 'adminA');
    const call = async <T>(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => {
      const res = await s.inject({
        method,
        url: `/wfpf/v1/${demoTenant}/${path}`,
        headers: auth(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    for (const areaName of ['番禺示范基地', '南沙水产基地']) await call('POST', 'area', { areaName });
    await seedAgricultural(s.platform.database, {
      demoTenant,
      secondTenant: s.fixtures.tenantB,
      users: { demo: s.fixtures.users.adminA.id },
    });
    const inputs = await call<Page<{ inputName: string; registrationNo: string | null }>>(
      'GET',
      'agricultural/input?size=0',
    );
    expect(inputs.totalElements).toBe(12);
    expect(inputs.content.find((i) => i.inputName === '吡虫啉')?.registrationNo).toBe('PD20050001');
    expect((await call<Page<unknown>>('GET', 'agricultural/warehousing?size=0')).totalElements).toBe(3);
    expect((await call<Page<unknown>>('GET', 'agricultural/shipment?size=0')).totalElements).toBe(1);
    const stock = await call<Page<{ inputName: string; areaName: string; quantity: number }>>(
      'GET',
      'agricultural/stock?size=0&inputName=复合肥',
    );
    expect(stock.content.map((r) => [r.areaName, r.quantity])).toEqual([['番禺示范基地', 28]]);
  });
});
