import type { ErrorBody, Page } from '@tilth/contracts';
import type { SimCard, SimInfo } from '@tilth/contracts/sim.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const url = (tenant: number, rest = '') => `/wfpe/v1/${tenant}/sim${rest}`;
const call = (
  who: keyof RoleTokens,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const ICCID = '89860012345678901234';

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
});
afterAll(async () => {
  await s?.close();
});

describe('sim-manage', () => {
  let card: SimCard;

  it('registers a card; iccid 19–20 digits and unique; bad input changes nothing', async () => {
    const res = await call('admin', 'POST', url(tA), {
      iccid: ICCID,
      operator: ' China Mobile ',
      planMb: 1024,
      usedMb: 256,
      activatedAt: '2025-01-01',
      expiresAt: '2026-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    card = json<SimCard>(res);
    expect(card).toMatchObject({
      iccid: ICCID,
      operator: 'China Mobile',
      usagePercent: 25,
      status: 'active',
      deviceCount: 0,
      objectVersionNumber: 1,
    });
    const dup = await call('admin', 'POST', url(tA), { iccid: ICCID });
    expect(dup.statusCode).toBe(409);
    expect(code(dup)).toBe('wfpe.sim.iccidTaken');
    for (const bad of [
      { iccid: '12345' },
      { iccid: '898600123456789012345' },
      { iccid: '8986001234567890123x' },
      { iccid: '8986001234567890111', planMb: -1 },
      { iccid: '8986001234567890111', status: 'lost' },
      { iccid: '8986001234567890111', activatedAt: '2025-02-30' },
      { iccid: '8986001234567890111', activatedAt: '2025-05-01', expiresAt: '2025-04-01' },
    ]) {
      const r = await call('admin', 'POST', url(tA), bad);
      expect(r.statusCode, `${JSON.stringify(bad)}: ${r.body}`).toBe(400);
    }
    const list = json<Page<SimCard>>(await call('admin', 'GET', url(tA, '?size=0')));
    expect(list.totalElements).toBe(1);
    expect((await call('adminB', 'POST', url(tB), { iccid: ICCID })).statusCode).toBe(200);
  });

  it('pages with iccid, operator and status filters', async () => {
    await call('admin', 'POST', url(tA), {
      iccid: '8986110000000000001',
      operator: 'China Unicom',
      status: 'suspended',
    });
    const unicom = json<Page<SimCard>>(await call('admin', 'GET', url(tA, '?operator=unicom')));
    expect(unicom.content.map((c) => c.iccid)).toEqual(['8986110000000000001']);
    const active = json<Page<SimCard>>(await call('admin', 'GET', url(tA, '?status=active')));
    expect(active.content.map((c) => c.iccid)).toEqual([ICCID]);
    const byIccid = json<Page<SimCard>>(await call('admin', 'GET', url(tA, '?iccid=8986110&page=0&size=10')));
    expect(byIccid).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10 });
    expect((await call('admin', 'GET', url(tA, '?status=lost'))).statusCode).toBe(400);
  });

  it('info lists the devices carrying the iccid', async () => {
    const dev = await call('admin', 'POST', `/wfpe/v1/${tA}/device`, {
      deviceType: 'gateway',
      eui: 'SIM-GW-1',
      name: 'Cellular gateway',
      iccid: ICCID,
    });
    expect(dev.statusCode, dev.body).toBe(200);
    const info = json<SimInfo>(await call('admin', 'GET', url(tA, `/${card.id}/info`)));
    expect(info.card.deviceCount).toBe(1);
    expect(info.devices).toEqual([
      expect.objectContaining({
        name: 'Cellular gateway',
        eui: 'SIM-GW-1',
        deviceType: 'gateway',
        online: 0,
      }),
    ]);
    expect((await call('adminB', 'GET', url(tB, `/${card.id}/info`))).statusCode).toBe(404);
  });

  it('edits with the current version; stale 409; 403 without the sim-manage code; 404 across tenants', async () => {
    const res = await call('admin', 'PUT', url(tA), { id: card.id, objectVersionNumber: 1, usedMb: 512 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SimCard>(res)).toMatchObject({
      usagePercent: 50,
      objectVersionNumber: 2,
      operator: 'China Mobile',
    });
    const stale = await call('admin', 'PUT', url(tA), { id: card.id, objectVersionNumber: 1, usedMb: 1 });
    expect(stale.statusCode).toBe(409);
    const taken = await call('admin', 'PUT', url(tA), {
      id: card.id,
      objectVersionNumber: 2,
      iccid: '8986110000000000001',
    });
    expect(code(taken)).toBe('wfpe.sim.iccidTaken');
    expect((await call('operator', 'GET', url(tA))).statusCode).toBe(403);
    expect((await call('viewer', 'PUT', url(tA), { id: card.id, objectVersionNumber: 2 })).statusCode).toBe(
      403,
    );
    const cross = await call('adminB', 'PUT', url(tB), { id: card.id, objectVersionNumber: 2, usedMb: 9 });
    expect(cross.statusCode).toBe(404);
    expect(json<SimCard>(await call('admin', 'GET', url(tA, `/${card.id}`)))).toMatchObject({
      usedMb: 512,
      iccid: ICCID,
      objectVersionNumber: 2,
    });
  });

  it('deletes a card (devices keep their iccid)', async () => {
    expect((await call('adminB', 'DELETE', url(tB, `/${card.id}`))).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', url(tA, `/${card.id}`))).statusCode).toBe(200);
    expect((await call('admin', 'GET', url(tA, `/${card.id}`))).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', url(tA, `/${card.id}`))).statusCode).toBe(404);
  });
});
