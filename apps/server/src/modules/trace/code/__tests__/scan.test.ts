import { TRACE_SCAN_SUSPICIOUS_COUNT } from '@tilth/contracts/trace-code.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { recordTraceScan, resolveTraceSerial } from '../index.js';
import { clientFamily } from '../scan.client.js';
import { codesOf, publicCtx, traceBatch } from './fixtures.js';

// What the public page relies on when a buyer scans a code: the scan is counted (first / repeat), kept
// coarse (0.1°, a browser family, a keyed hash instead of the address), flagged when it looks copied, and
// nothing is written for a serial the tenant never issued or one of another tenant.

let s: TestServer;
let A: number;
let B: number;
let batchA: number;

const scan = (tenantId: number, input: Parameters<typeof recordTraceScan>[1]) =>
  s.platform.database.withTenant(tenantId, (tx) => recordTraceScan(publicCtx(tx, tenantId), input));
const resolve = (tenantId: number, serial: string) =>
  s.platform.database.withTenant(tenantId, (tx) => resolveTraceSerial(publicCtx(tx, tenantId), serial));
const scansOf = (tenantId: number, serial: string) =>
  s.platform.database.withTenant(tenantId, async (tx) =>
    rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select * from trace_scans where serial = ${serial} order by scan_no`),
    ),
  );

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  batchA = await traceBatch(s, A);
  await codesOf(s, A, batchA, [
    'TA2345678ABCD',
    'TA2345678ABCE',
    'TA2345678ABCF',
    'TA2345678ABCG',
    'TAVOID2345678',
  ]);
}, 60_000);
afterAll(async () => s?.close());

describe('recordTraceScan', () => {
  it('counts the first scan and a repeat, rounds the place, keeps a client family and no address', async () => {
    const first = await scan(A, {
      serial: 'TA2345678ABCD',
      lat: 30.2741,
      lng: 120.1551,
      region: 'Zhejiang',
      userAgent: IPHONE_WECHAT,
      clientIp: '203.0.113.7',
    });
    expect(first).toMatchObject({ traceBatchId: batchA, scanNo: 1, voided: false, suspicious: false });
    const again = await scan(A, {
      serial: 'TA2345678ABCD',
      userAgent: IPHONE_WECHAT,
      clientIp: '203.0.113.7',
    });
    expect(again).toMatchObject({ scanNo: 2, suspicious: false });
    expect(again?.firstScanAt.toISOString()).toBe(first?.firstScanAt.toISOString());
    const rows = await scansOf(A, 'TA2345678ABCD');
    expect(rows.map((r) => [r.scan_no, r.lat, r.lng, r.region, r.client])).toEqual([
      [1, '30.3', '120.2', 'Zhejiang', 'WeChat / iOS'],
      [2, null, null, null, 'WeChat / iOS'],
    ]);
    // Same address → same key; the address itself appears nowhere in the row.
    expect(rows[0]?.client_key).toBe(rows[1]?.client_key);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    expect(JSON.stringify(rows)).not.toContain('MicroMessenger');
    const other = await scan(A, { serial: 'TA2345678ABCD', clientIp: '203.0.113.8' });
    expect((await scansOf(A, 'TA2345678ABCD'))[2]?.client_key).not.toBe(rows[0]?.client_key);
    expect(other?.scanNo).toBe(3);
  });

  it('refuses a place out of range instead of storing it', async () => {
    await scan(A, { serial: 'TA2345678ABCG', lat: 95, lng: 10 });
    expect((await scansOf(A, 'TA2345678ABCG'))[0]).toMatchObject({ lat: null, lng: null });
  });

  it('flags two scans more than 300 km apart within the hour', async () => {
    // Hangzhou, then Beijing (about 1,100 km) minutes later.
    expect(await scan(A, { serial: 'TA2345678ABCE', lat: 30.27, lng: 120.16 })).toMatchObject({
      suspicious: false,
    });
    expect(await scan(A, { serial: 'TA2345678ABCE', lat: 30.4, lng: 120.3 })).toMatchObject({
      suspicious: false,
    });
    expect(await scan(A, { serial: 'TA2345678ABCE', lat: 39.9, lng: 116.4 })).toMatchObject({
      suspicious: true,
      suspicionReason: 'distance',
    });
  });

  it(`flags a code scanned more than ${TRACE_SCAN_SUSPICIOUS_COUNT} times, and one scanned from many addresses`, async () => {
    let last: Awaited<ReturnType<typeof scan>> = null;
    for (let i = 0; i <= TRACE_SCAN_SUSPICIOUS_COUNT; i += 1)
      last = await scan(A, { serial: 'TA2345678ABCF', clientIp: '198.51.100.1' });
    expect(last).toMatchObject({
      scanNo: TRACE_SCAN_SUSPICIOUS_COUNT + 1,
      suspicious: true,
      suspicionReason: 'count',
    });
    const flagged = (await scansOf(A, 'TA2345678ABCF')).filter((r) => r.suspicious);
    expect(flagged.map((r) => r.scan_no)).toEqual([TRACE_SCAN_SUSPICIOUS_COUNT + 1]);
    // TA2345678ABCD has been scanned from 2 addresses; 3 more make 5.
    for (const ip of ['192.0.2.1', '192.0.2.2']) await scan(A, { serial: 'TA2345678ABCD', clientIp: ip });
    expect(await scan(A, { serial: 'TA2345678ABCD', clientIp: '192.0.2.3' })).toMatchObject({
      suspicious: true,
      suspicionReason: 'clients',
    });
  });

  it('answers null and writes nothing for an unknown serial or another tenant', async () => {
    expect(await scan(A, { serial: 'TANOPE2345678' })).toBeNull();
    expect(await scan(A, { serial: "x' or 1=1 --" })).toBeNull();
    expect(await scan(B, { serial: 'TA2345678ABCD' })).toBeNull();
    expect(await resolve(B, 'TA2345678ABCD')).toBeNull();
    expect(await scansOf(B, 'TA2345678ABCD')).toEqual([]);
    expect(await scansOf(A, 'TANOPE2345678')).toEqual([]);
  });

  it('resolves a serial to its batch and says when it is void; a scan of a void code is suspicious', async () => {
    expect(await resolve(A, 'TAVOID2345678')).toMatchObject({ traceBatchId: batchA, voided: false });
    await s.platform.database.withTenant(A, (tx) =>
      tx.execute(
        sql`update trace_codes set voided_at = now(), void_reason = 'damaged' where serial = 'TAVOID2345678'`,
      ),
    );
    expect(await resolve(A, 'TAVOID2345678')).toMatchObject({ voided: true, voidReason: 'damaged' });
    expect(await scan(A, { serial: 'TAVOID2345678' })).toMatchObject({
      voided: true,
      suspicious: true,
      suspicionReason: 'voided',
    });
  });
});

describe('client family', () => {
  it('keeps only browser and system', () => {
    expect(
      clientFamily(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome / Android');
    expect(
      clientFamily(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBe('Safari / macOS');
    expect(clientFamily('curl/8.5.0')).toBe('Other / Other');
    expect(clientFamily(undefined)).toBeNull();
  });
});
