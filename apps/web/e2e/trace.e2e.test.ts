import path from 'node:path';
import type { Page as PageOf } from '@tilth/contracts/common.types';
import type { TraceBatch } from '@tilth/contracts/trace-catalog.types';
import type { TraceCode, TraceCodePackage } from '@tilth/contracts/trace-code.types';
import type { TraceRecordVersion } from '@tilth/contracts/trace-public.types';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { APP_ROLE } from '../../server/src/platform/db/rls.js';
import { type E2E, newPage, OUTPUT, screenshot, startE2E } from './harness.js';
import { localItem, settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 18's story end to end: the demo's lot of harvested tomatoes is published from the console's session
// (its ledger entry made), a code package is generated for it, and the code's URL is opened signed out on a
// phone: the season, a camera capture, the footprint and a proof the page's own script re-checks. Then the
// stored record is changed in the database behind the application's back, and the same page says so.

const T = DEMO_TENANT_ID;
let e: E2E;
let console_: Page;
let phone: Page;
let codePath = '';
let traceBatchId = 0;
const pageErrors: string[] = [];

/** A call of the console's API with the signed-in session's token. */
const api = async <R>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<R> => {
  const token = await localItem(console_, 'access_token');
  const res = await console_.request.fetch(`${e.baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  // 202: a job accepted (the code package is generated in the background).
  expect([200, 202], `${method} ${url}: ${await res.text()}`).toContain(res.status());
  return (await res.json()) as R;
};

describe('trace story', () => {
  beforeAll(async () => {
    e = await startE2E();
    console_ = await newPage(e);
    // A phone-sized window of its own (no session): what a buyer sees after scanning the label.
    phone = await newPage(e, { width: 390, height: 844 });
    phone.on('pageerror', (err) => pageErrors.push(err.message));
  }, 120_000);
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.split(' ')[0];
    await screenshot(phone, `failed-trace-${name}`).catch(() => undefined);
    await screenshot(console_, `failed-trace-console-${name}`).catch(() => undefined);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('publishes the demo lot of harvested tomatoes and generates its codes', async () => {
    await signIn(e, console_, 'demo', 'demo1234');
    await settleLatestAnnouncement(console_);
    const lots = await api<PageOf<TraceBatch>>('GET', `/wfpf/v1/${T}/trace/batches?size=0`);
    const lot = lots.content.find((b) => b.status === 'draft');
    if (!lot) throw new Error('the demo has no draft trace batch');
    traceBatchId = lot.traceBatchId;
    // `npm start` publishes the demo lot in the background after start-up (drawing its plot's camera
    // captures first); the harness runs no background seeds, so the story runs it, then republishes from
    // the console's trace overview: version 2, a second ledger entry.
    const { seedDemoTracePublication } = await import('../../server/src/modules/trace/catalog/index.js');
    expect(await seedDemoTracePublication(e.server.platform, T)).toBe(1);
    await console_.goto(`${e.baseUrl}/web/trace/index`);
    const row = console_.locator('tr', { hasText: lot.batchCode });
    await row.getByRole('button', { name: '重新发布' }).click();
    await console_.locator('.ant-message').getByText('已发布').waitFor();
    const versions = await api<PageOf<TraceRecordVersion>>(
      'GET',
      `/wfpf/v1/${T}/trace/batches/${traceBatchId}/records`,
    );
    expect(versions.content.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.content[0]?.txHash).toMatch(/^[0-9a-f]{64}$/);
    const pkg = await api<TraceCodePackage>('POST', `/wfpf/v1/${T}/trace/code-package`, {
      traceBatchId,
      quantity: 5,
    });
    let ready = pkg;
    for (let i = 0; i < 100 && ready.status !== 'ready'; i++) {
      expect(ready.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 200));
      ready = await api<TraceCodePackage>('GET', `/wfpf/v1/${T}/trace/code-package/${pkg.packageId}`);
    }
    expect(ready.status).toBe('ready');
    const codes = await api<PageOf<TraceCode>>(
      'GET',
      `/wfpf/v1/${T}/trace/code-package/${pkg.packageId}/codes`,
    );
    const url = new URL(codes.content[0]?.url ?? '');
    codePath = url.pathname;
    expect(codePath).toMatch(/^\/(q\/\d+\/|01\/\d{14}\/10\/)/);
  });

  it('opens the code signed out: season, camera capture, footprint, and a proof checked in the browser', async () => {
    await phone.goto(`${e.baseUrl}${codePath}`);
    await phone.locator('#verdict[data-status="verified"]').waitFor();
    await phone.locator('#browser-check[data-valid="true"]').waitFor();
    expect(await phone.locator('#browser-check').textContent()).toContain('您的浏览器已独立核验');
    expect(await phone.locator('#scan').textContent()).toContain('第一次');
    expect(await phone.locator('#season li').count()).toBeGreaterThanOrEqual(4);
    expect(await phone.locator('#season .ev-capture').count()).toBe(3);
    expect(await phone.locator('#footprint .big').textContent()).toMatch(/\d/);
    expect(await phone.locator('#origin svg.map path.plot').count()).toBeGreaterThan(0);
    // A camera capture really loads (lazy: scrolled into view first) and is a decoded picture.
    const shot = phone.locator('#captures img').first();
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot({ path: path.join(OUTPUT, 'trace-page-zh.png'), fullPage: true });
    // The page loads no more than its one small script.
    const scripts = await phone.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => (r as PerformanceResourceTiming).initiatorType === 'script')
        .map((r) => (r as PerformanceResourceTiming).encodedBodySize),
    );
    expect(scripts.length).toBe(1);
    expect(scripts[0]).toBeLessThan(20_000);
  });

  it('speaks English on request and counts the second scan', async () => {
    await phone.goto(`${e.baseUrl}${codePath}?lang=en-US`);
    await phone.locator('#browser-check[data-valid="true"]').waitFor();
    expect(await phone.locator('#browser-check').textContent()).toContain(
      'Your browser checked it independently',
    );
    expect(await phone.locator('#scan').textContent()).toMatch(/looked up 2 times/);
    await phone.screenshot({ path: path.join(OUTPUT, 'trace-page-en.png'), fullPage: true });
    // The buyer taps "share my rough location": rounded to 0.1° in the phone, added to this scan, and the
    // console's trace records list it.
    await phone.context().grantPermissions(['geolocation'], { origin: e.baseUrl });
    await phone.context().setGeolocation({ latitude: 39.9042, longitude: 116.4074 });
    await phone.locator('#share-region').click();
    await expect
      .poll(() => phone.locator('#region-note').textContent())
      .toBe('Thank you, your rough location was recorded.');
    const serial = decodeURIComponent(codePath.split('/').at(-1) ?? '');
    const scans = await api<PageOf<{ scanNo: number; lat: number | null; lng: number | null }>>(
      'GET',
      `/wfpf/v1/${T}/trace/scan?serial=${serial}`,
    );
    expect(scans.content.find((r) => r.scanNo === 2)).toMatchObject({ lat: 39.9, lng: 116.4 });
  });

  it('after the stored record is changed in the database, the same page says the proof fails', async () => {
    await e.server.platform.database.withTenant(T, async (tx) => {
      await tx.execute(sql`reset role`);
      await tx.execute(
        sql`update trace_records set record = jsonb_set(record, '{batch,placeOfOrigin}', '"别处"') where trace_batch_id = ${traceBatchId}`,
      );
      await tx.execute(sql.raw(`set role ${APP_ROLE}`));
    });
    await phone.goto(`${e.baseUrl}${codePath}`);
    await phone.locator('#verdict[data-status="mismatch"]').waitFor();
    await phone.locator('#browser-check[data-valid="false"]').waitFor();
    expect(await phone.locator('#browser-check').textContent()).toContain('记录哈希');
    expect(await phone.locator('#lot').textContent()).toContain('别处');
    await screenshot(phone, 'trace-page-tampered');
    expect(pageErrors).toEqual([]);
  });
});
