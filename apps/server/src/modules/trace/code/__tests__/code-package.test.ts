import { inflateSync } from 'node:zlib';
import type { Page } from '@tilth/contracts';
import { parseDigitalLink } from '@tilth/contracts/gs1-digital-link';
import type { TraceCode, TraceCodePackage, TraceScanPage } from '@tilth/contracts/trace-code.types';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { STORED_FILE_CSP } from '../../../../platform/http/serve-file.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { DEMO_TRACE_LOT } from '../../catalog/index.js';
import { TRACE_CODE_STALE_MS, TraceCodeRunner } from '../code.jobs.js';
import { qrMatrix } from '../code.labels.js';
import { recordTraceScan, resolveTraceSerial, seedDemoTraceCodes } from '../index.js';
import { publicCtx, traceBatch } from './fixtures.js';

// Code packages through their routes: a package made by the job with its PDF / CSV / ZIP read back, the
// refusals that change nothing, other tenants, voiding, the scan list, and a job a dead process left.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
let gs1Batch: number;
let ownBatch: number;
const GTIN = '06291041500213';
const en = { 'accept-language': 'en-US' };
const url = (t: number, rest = '') => `/wfpf/v1/${t}/trace/code-package${rest}`;
const get = (path: string, token = tok.admin) =>
  s.inject({ method: 'GET', url: path, headers: { ...auth(token), ...en } });
const post = (path: string, payload: unknown, token = tok.admin) =>
  s.inject({ method: 'POST', url: path, payload: payload as object, headers: { ...auth(token), ...en } });
const count = async (t: number) =>
  s.platform.database.withTenant(t, async (tx) =>
    Number(rowsOf<{ n: string }>(await tx.execute(sql`select count(*) as n from trace_code_packages`))[0]?.n),
  );

const waitReady = async (t: number, id: number, token = tok.admin): Promise<TraceCodePackage> => {
  for (let i = 0; i < 600; i += 1) {
    const p = (await get(url(t, `/${id}`), token)).json() as TraceCodePackage;
    if (p.status === 'ready' || p.status === 'failed') return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('still generating');
};

const allCodes = async (t: number, id: number): Promise<TraceCode[]> =>
  ((await get(url(t, `/${id}/codes?size=100`))).json() as Page<TraceCode>).content;

/** Page objects of the PDF (pdfkit writes object dictionaries uncompressed). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** Every content stream of the PDF, inflated, as one string. */
const pdfText = (pdf: Buffer): string => {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not deflated (fonts' own streams may be binary)
    }
  }
  return out.join('\n');
};
/** The strings shown by TJ operators (Helvetica text: hex strings split by kerning offsets), decoded. */
const shownText = (content: string): string[] =>
  [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) =>
    Buffer.from([...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join(''), 'hex').toString(
      'latin1',
    ),
  );

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  gs1Batch = await traceBatch(s, A, { gtin: GTIN, lot: 'L2026-04', name: '西湖龙井 明前特级' });
  ownBatch = await traceBatch(s, A, { lot: '春茶一批' });
}, 60_000);
afterAll(async () => s?.close());

describe('a package made by the job', () => {
  let pkg: TraceCodePackage;
  let codes: TraceCode[];

  it('queues, then is ready with N unique serials as GS1 Digital Links of the GTIN and lot', async () => {
    const res = await post(url(A), { traceBatchId: gs1Batch, quantity: 30, remark: 'first run' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'queued',
      quantity: 30,
      codeScheme: 'gs1',
      zipHasImages: true,
    });
    pkg = await waitReady(A, (res.json() as TraceCodePackage).packageId);
    expect(pkg).toMatchObject({
      status: 'ready',
      progress: 100,
      error: null,
      productName: '西湖龙井 明前特级',
    });
    codes = await allCodes(A, pkg.packageId);
    expect(codes.map((c) => c.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(codes.map((c) => c.serial)).size).toBe(30);
    for (const c of codes) {
      expect(c.serial).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
      expect(parseDigitalLink(c.url)).toMatchObject({
        scheme: 'gs1',
        gtin: GTIN,
        lot: 'L2026-04',
        serial: c.serial,
      });
    }
  }, 60_000);

  it('serves the PDF label sheet as an attachment: ceil(30 / 24) = 2 A4 pages with each serial', async () => {
    const res = await get(url(A, `/${pkg.packageId}/file/pdf`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="CP\d{8}[2-9A-Z]{5}\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const shown = shownText(pdfText(pdf));
    for (const c of [codes[0], codes[29]]) expect(shown).toContain(c?.serial);
    expect(shown).toContain(`localhost:8080/q/${A}/${codes[0]?.serial}`);
  });

  it('serves the CSV (header + one line per code) and the ZIP with the CSV and one readable QR PNG per code', async () => {
    const csv = await get(url(A, `/${pkg.packageId}/file/csv`));
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(31);
    expect(lines[0]).toBe('seq,serial,url');
    expect(lines[1]).toBe(`1,${codes[0]?.serial},${codes[0]?.url}`);
    const zip = await get(url(A, `/${pkg.packageId}/file/zip`));
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(31);
    expect(names[0]).toBe('codes.csv');
    expect(Buffer.from(files['codes.csv'] as Uint8Array).toString()).toBe(csv.body);
    // Read the first PNG back and compare every module with the QR matrix of its URL.
    const first = codes[0] as TraceCode;
    const png = files[`qr/000001-${first.serial}.png`] as Uint8Array;
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const m = qrMatrix(first.url);
    expect(info.width).toBe((m.size + 8) * 8);
    let wrong = 0;
    for (let r = 0; r < m.size; r += 1)
      for (let c = 0; c < m.size; c += 1) {
        const px = data[((r + 4) * 8 + 4) * info.width + (c + 4) * 8 + 4] as number;
        if ((px < 128 ? 1 : 0) !== m.data[r * m.size + c]) wrong += 1;
      }
    expect(wrong).toBe(0);
  });

  it('makes tenant-prefixed serials and /q/{tenant}/{serial} links when the product has no GTIN', async () => {
    const res = await post(url(A), { traceBatchId: ownBatch, quantity: 3 });
    expect(res.json()).toMatchObject({ codeScheme: 'tenant' });
    const p = await waitReady(A, (res.json() as TraceCodePackage).packageId);
    for (const c of await allCodes(A, p.packageId)) {
      expect(c.serial).toMatch(new RegExp(`^T${A}[2-9A-HJ-NP-Z]{12}$`));
      expect(parseDigitalLink(c.url)).toEqual({
        scheme: 'tenant',
        host: 'http://localhost:8080',
        tenantId: A,
        serial: c.serial,
      });
    }
  }, 30_000);

  it('voids one code, then the rest of the package (stale version refused first)', async () => {
    const one = codes[0] as TraceCode;
    const body = { serial: one.serial, reason: 'label torn' };
    expect((await post(`/wfpf/v1/${A}/trace/code/void`, body, tok.viewer)).statusCode).toBe(403);
    expect((await post(`/wfpf/v1/${A}/trace/code/void`, body)).json()).toEqual({ voided: 1 });
    expect((await post(`/wfpf/v1/${A}/trace/code/void`, body)).statusCode).toBe(409);
    expect((await post(`/wfpf/v1/${B}/trace/code/void`, body, tok.adminB)).statusCode).toBe(404);
    const resolved = await s.platform.database.withTenant(A, (tx) =>
      resolveTraceSerial(publicCtx(tx, A), one.serial),
    );
    expect(resolved).toMatchObject({ voided: true, voidReason: 'label torn' });
    const now = (await get(url(A, `/${pkg.packageId}`))).json() as TraceCodePackage;
    expect(now.voidedCount).toBe(1);
    const stale = await post(url(A, `/${pkg.packageId}/void`), {
      reason: 'recall',
      objectVersionNumber: pkg.objectVersionNumber,
    });
    expect(stale.statusCode).toBe(409);
    expect(((await get(url(A, `/${pkg.packageId}`))).json() as TraceCodePackage).voidedCount).toBe(1);
    const all = await post(url(A, `/${pkg.packageId}/void`), {
      reason: 'recall',
      objectVersionNumber: now.objectVersionNumber,
    });
    expect(all.json()).toEqual({ voided: 29 });
    const left = (await get(url(A, `/${pkg.packageId}/codes?voided=0`))).json() as Page<TraceCode>;
    expect(left.totalElements).toBe(0);
    const found = (
      await get(url(A, `/${pkg.packageId}/codes?serial=${codes[5]?.serial.slice(2, 9)}`))
    ).json() as Page<TraceCode>;
    expect(found.content.map((c) => [c.serial, c.voidReason])).toEqual([[codes[5]?.serial, 'recall']]);
  });

  it('lists scans with the product, lot, nth scan and a summary; other tenants see none', async () => {
    const serial = (codes[1] as TraceCode).serial;
    for (let i = 0; i < 2; i += 1)
      await s.platform.database.withTenant(A, (tx) =>
        recordTraceScan(publicCtx(tx, A), {
          serial,
          lat: 30.27,
          lng: 120.16,
          userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
        }),
      );
    const page = (await get(`/wfpf/v1/${A}/trace/scan?serial=${serial}`, tok.viewer)).json() as TraceScanPage;
    expect(page.summary).toEqual({ scans: 2, uniqueCodes: 1, suspicious: 2 });
    expect(
      page.content.map((r) => [r.scanNo, r.productName, r.batchCode, r.lat, r.client, r.suspicionReason]),
    ).toEqual([
      [2, '西湖龙井 明前特级', 'L2026-04', 30.3, 'Safari / iOS', 'voided'],
      [1, '西湖龙井 明前特级', 'L2026-04', 30.3, 'Safari / iOS', 'voided'],
    ]);
    const none = (
      await get(`/wfpf/v1/${A}/trace/scan?from=2020-01-01&to=2020-01-31`)
    ).json() as TraceScanPage;
    expect(none).toMatchObject({ totalElements: 0, summary: { scans: 0 } });
    expect(((await get(`/wfpf/v1/${B}/trace/scan`, tok.adminB)).json() as TraceScanPage).totalElements).toBe(
      0,
    );
    expect(((await get(url(A, `/${pkg.packageId}`))).json() as TraceCodePackage).scannedCount).toBe(1);
  });

  it('shows another tenant nothing: not the package, its codes, or its files', async () => {
    expect(((await get(url(B), tok.adminB)).json() as Page<TraceCodePackage>).totalElements).toBe(0);
    for (const rest of ['', '/codes', '/file/pdf', '/file/zip'])
      expect(await get(url(B, `/${pkg.packageId}${rest}`), tok.adminB).then((r) => r.statusCode)).toBe(404);
    // …nor through A's URL with B's token.
    expect((await get(url(A, `/${pkg.packageId}/file/pdf`), tok.adminB)).statusCode).toBe(403);
    // A viewer lists but does not download.
    expect((await get(url(A, `/${pkg.packageId}/file/pdf`), tok.viewer)).statusCode).toBe(403);
    expect((await get(url(A), tok.viewer)).statusCode).toBe(200);
  });
});

describe('refusals that change nothing', () => {
  it('refuses quantity 0 and 100,001, an unknown, a foreign and a withdrawn batch', async () => {
    const before = await count(A);
    for (const quantity of [0, 100_001, 1.5]) {
      const res = await post(url(A), { traceBatchId: gs1Batch, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('quantity');
    }
    const foreign = await traceBatch(s, B);
    const unknown = await post(url(A), { traceBatchId: foreign, quantity: 5 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'traceBatchId: no such trace batch']);
    const withdrawn = await traceBatch(s, A, { status: 'withdrawn', lot: 'OLD-1' });
    const refused = await post(url(A), { traceBatchId: withdrawn, quantity: 5 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'The trace batch "OLD-1" was withdrawn; no codes can be made for it',
    ]);
    expect((await post(url(A), { traceBatchId: gs1Batch, quantity: 5 }, tok.viewer)).statusCode).toBe(403);
    expect(await count(A)).toBe(before);
  });

  it('filters the list by batch, status and day', async () => {
    const byBatch = (await get(url(A, `?traceBatchId=${ownBatch}`))).json() as Page<TraceCodePackage>;
    expect(byBatch.content.every((p) => p.traceBatchId === ownBatch)).toBe(true);
    expect(byBatch.totalElements).toBeGreaterThan(0);
    expect(((await get(url(A, '?status=failed'))).json() as Page<TraceCodePackage>).totalElements).toBe(0);
    expect(((await get(url(A, '?to=2020-01-01'))).json() as Page<TraceCodePackage>).totalElements).toBe(0);
    expect((await get(url(A, '?status=nope'))).statusCode).toBe(400);
  });
});

describe('restart survival', () => {
  it('a generating package whose runner went silent is redone from the start; a live one is left alone', async () => {
    const ins = (heartbeatAt: number, code: string) =>
      s.platform.database.withTenant(A, async (tx) => {
        const [r] = rowsOf<{ id: number }>(
          await tx.execute(sql`insert into trace_code_packages (tenant_id, package_code, trace_batch_id, quantity, code_scheme, status, progress, heartbeat_at)
            values (${A}, ${code}, ${ownBatch}, 5, 'tenant', 'generating', 40, ${heartbeatAt}) returning id`),
        );
        return Number(r?.id);
      });
    const lost = await ins(Date.now() - TRACE_CODE_STALE_MS - 1000, 'CP-LOST');
    const live = await ins(Date.now(), 'CP-LIVE');
    // What the dead process had written: two codes of its attempt.
    await s.platform.database.withTenant(A, (tx) =>
      tx.execute(sql`insert into trace_codes (tenant_id, serial, package_id, trace_batch_id, seq)
        values (${A}, 'TOLDATTEMPT1', ${lost}, ${ownBatch}, 1), (${A}, 'TOLDATTEMPT2', ${lost}, ${ownBatch}, 2)`),
    );
    await new TraceCodeRunner(s.platform, () => console).kick(A);
    expect((await get(url(A, `/${lost}`))).json()).toMatchObject({ status: 'ready', progress: 100 });
    const redone = await allCodes(A, lost);
    expect(redone.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(redone.map((c) => c.serial)).not.toContain('TOLDATTEMPT1');
    expect((await get(url(A, `/${lost}/file/pdf`))).statusCode).toBe(200);
    expect((await get(url(A, `/${live}`))).json()).toMatchObject({ status: 'generating', progress: 40 });
  }, 30_000);
});

describe('demo codes', () => {
  it('seeds one ready package of 50 codes for the demo batch with a few scans, once; nothing without the batch', async () => {
    expect(await seedDemoTraceCodes(s.platform, B)).toBeUndefined();
    await traceBatch(s, B, { gtin: '06901234567892', lot: DEMO_TRACE_LOT, name: '番茄' });
    const id = await seedDemoTraceCodes(s.platform, B);
    expect(id).toBeTypeOf('number');
    const p = (await get(url(B, `/${id}`), tok.adminB)).json() as TraceCodePackage;
    expect(p).toMatchObject({ status: 'ready', quantity: 50, codeScheme: 'gs1', scannedCount: 3 });
    const scans = (await get(`/wfpf/v1/${B}/trace/scan`, tok.adminB)).json() as TraceScanPage;
    expect(scans.summary).toEqual({ scans: 5, uniqueCodes: 3, suspicious: 1 });
    expect(await seedDemoTraceCodes(s.platform, B)).toBeUndefined();
  }, 30_000);
});
