import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('optimistic locking', () => {
  it('20 concurrent updates of one area with the same objectVersionNumber: one wins, 19 get 409', async () => {
    const token = await login(s, 'adminA');
    const A = s.fixtures.tenantA;
    const created = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/area`,
      headers: auth(token),
      payload: { areaName: 'Contested base' },
    });
    expect(created.statusCode).toBe(200);
    const { areaId, objectVersionNumber } = created.json() as { areaId: number; objectVersionNumber: number };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.inject({
          method: 'PUT',
          url: `/wfpf/v1/${A}/area`,
          headers: auth(token),
          payload: { areaId, objectVersionNumber, areaName: `Contested base ${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const stale = results.find((r) => r.statusCode === 409);
    expect(stale?.json()).toMatchObject({ failed: true, code: 'error.objectVersionNumber.stale' });
    const winner = results.find((r) => r.statusCode === 200)?.json() as { areaName: string };
    const now = (
      await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/area/${areaId}`, headers: auth(token) })
    ).json();
    expect(now).toMatchObject({ areaName: winner.areaName, objectVersionNumber: objectVersionNumber + 1 });
  });
});
