import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { traceScans } from '../../code/code.tables.js';
import { type Season, seedSeason } from './trace-fixtures.js';

// "Share my rough location" on the signed-out trace page: the page that counted a scan may add the
// visitor's coarse place to that scan — rounded to 0.1°, within 30 minutes, with the token it was given —
// and nothing else can (issue 18 item 2: trace/record lists scans with a coarse place from the client).

let s: TestServer;
let tok: RoleTokens;
let tA: number;
let tB: number;
let lot: Season;

const get = (url: string) => s.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
const post = (url: string, payload: Record<string, unknown>) => s.inject({ method: 'POST', url, payload });

/** Opens the code's page (one scan) and returns the page's share URL. */
const openPage = async (serial: string, tenant = tA): Promise<string> => {
  const res = await get(`/q/${tenant}/${serial}`);
  expect(res.statusCode, res.body).toBe(200);
  const m = /id="share-region" data-url="([^"]+)"/.exec(res.body);
  if (!m?.[1]) throw new Error('the page offers no share button');
  return m[1].replaceAll('&amp;', '&');
};
const scans = (serial: string, tenant = tA) =>
  s.platform.database.withTenant(tenant, (tx) =>
    tx
      .select()
      .from(traceScans)
      .where(and(eq(traceScans.tenantId, tenant), eq(traceScans.serial, serial)))
      .orderBy(traceScans.scanNo),
  );

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  lot = await seedSeason(s, tok, tA, { suffix: 'P1' });
  const res = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tA}/trace/batches/${lot.traceBatchId}/publish`,
    headers: auth(tok.admin),
    payload: { objectVersionNumber: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await s.close();
});

describe('sharing a rough location from the trace page', () => {
  it('adds the place, rounded to 0.1°, and the time zone to the scan that page counted', async () => {
    const url = await openPage(lot.serial);
    const res = await post(url, { lat: 23.1391, lng: 113.2644, region: 'Asia/Shanghai' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ recorded: boolean }>(res).recorded).toBe(true);
    const [first] = await scans(lot.serial);
    expect(first).toMatchObject({ scanNo: 1, lat: '23.1', lng: '113.3', region: 'Asia/Shanghai' });
    // The console's record page shows it.
    const list = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tA}/trace/scan?serial=${lot.serial}`,
      headers: auth(tok.admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Asia/Shanghai');
  });

  it('refuses a wrong token, another scan number, another tenant and an old scan, writing nothing', async () => {
    const url = new URL(await openPage(lot.serial), 'http://x');
    const n = Number(url.searchParams.get('n'));
    const k = url.searchParams.get('k') ?? '';
    const path = url.pathname;
    const wrongKey = `${k.slice(0, -1)}${k.endsWith('A') ? 'B' : 'A'}`;
    for (const q of [`n=${n}&k=${wrongKey}`, `n=${n - 1}&k=${k}`]) {
      const res = await post(`${path}?${q}`, { lat: 40.0, lng: 116.4 });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ recorded: boolean }>(res).recorded).toBe(false);
    }
    const foreign = await post(`${path.replace(`/${tA}/`, `/${tB}/`)}?n=${n}&k=${k}`, {
      lat: 40.0,
      lng: 116.4,
    });
    expect(json<{ recorded: boolean }>(foreign).recorded).toBe(false);
    await s.platform.database.withTenant(tA, (tx) =>
      tx
        .update(traceScans)
        .set({ scannedAt: new Date(Date.now() - 31 * 60_000) })
        .where(and(eq(traceScans.serial, lot.serial), eq(traceScans.scanNo, n))),
    );
    const late = await post(`${path}?n=${n}&k=${k}`, { lat: 40.0, lng: 116.4 });
    expect(json<{ recorded: boolean }>(late).recorded).toBe(false);
    const rows = await scans(lot.serial);
    expect(rows.map((r) => [r.scanNo, r.lat, r.region])).toEqual([
      [1, '23.1', 'Asia/Shanghai'],
      [2, null, null],
    ]);
  });

  it('answers 400 to malformed places and tokens', async () => {
    const url = new URL(await openPage(lot.serial), 'http://x');
    const k = url.searchParams.get('k') ?? '';
    const n = url.searchParams.get('n') ?? '';
    for (const [q, body] of [
      [`n=${n}&k=${k}`, { lat: 91, lng: 0 }],
      [`n=${n}&k=${k}`, { region: '<script>' }],
      [`n=${n}&k=${k}`, { lat: 1, lng: 1, extra: 1 }],
      [`n=0&k=${k}`, { lat: 1, lng: 1 }],
      [`n=${n}&k=short`, { lat: 1, lng: 1 }],
    ] as const) {
      const res = await post(`${url.pathname}?${q}`, body);
      expect([q, res.statusCode]).toEqual([q, 400]);
    }
  });

  it('flags a copied code when a shared place is far from another recent one', async () => {
    const url = await openPage(lot.serial);
    const res = await post(url, { lat: 45.8, lng: 126.5, region: 'Asia/Harbin' });
    expect(json<{ recorded: boolean }>(res).recorded).toBe(true);
    const last = (await scans(lot.serial)).at(-1);
    expect(last).toMatchObject({ lat: '45.8', lng: '126.5', suspicious: true, suspicionReason: 'distance' });
  });
});
