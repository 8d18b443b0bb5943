import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { FARM_HOME, settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 12 item 1: the console shows the tenant's days (Asia/Shanghai for the demo) whatever the browser's
// zone. The browser runs on UTC and on America/New_York and must see Shanghai's date in the header, the
// farm home's today tasks on Shanghai's today, and a weather station's "today" curve up to the current
// Shanghai hour. A fixed browser clock at 17:30 UTC (the next day in Shanghai, the same day in UTC and New
// York) makes the header check fail on a console that uses the browser's zone whatever the real time.
// Last, the admin moves the tenant to America/New_York and the header follows.

dayjs.extend(utc);
dayjs.extend(timezone);

const SHANGHAI = 'Asia/Shanghai';
const HOUR_MS = 3_600_000;
const farmZh = JSON.parse(
  readFileSync(new URL('../src/locales/zh-CN/farm.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const HEADER_FORMAT = farmZh['home.dateFormat'] ?? 'YYYY年M月D日 dddd';

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
});

afterAll(async () => {
  await e?.close();
});

/** The header's date as the console writes it for `zone` at `at` (zh-CN). */
const headerDate = (zone: string, at: number = Date.now()): string =>
  dayjs(at).tz(zone).locale('zh-cn').format(HEADER_FORMAT);

const dayIn = (zone: string, at: number = Date.now()): string => dayjs(at).tz(zone).format('YYYY-MM-DD');

const openPage = async (browserZone: string): Promise<Page> => {
  const page = await newPage(e);
  const origin = new URL(e.baseUrl).origin;
  // Only the console's own server (CI has no network).
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: browserZone });
  return page;
};

const heroText = (page: Page) => page.locator('.tl-hero p').innerText();

/** A curve instant: ISO with an offset, or a wall time of the tenant (ADR 0010). */
const curveInstant = (text: string): number =>
  /[zZ]|[+-]\d{2}:?\d{2}$/.test(text)
    ? Date.parse(text)
    : dayjs.tz(text.replace(' ', 'T'), SHANGHAI).valueOf();

describe.each(['UTC', 'America/New_York'])('with the browser on %s', (browserZone) => {
  let page: Page;

  it('shows Shanghai’s date in the header and today’s tasks of Shanghai’s today', async () => {
    page = await openPage(browserZone);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await expect.poll(() => heroText(page)).toContain(headerDate(SHANGHAI));

    const today = dayIn(SHANGHAI);
    const metas = await page.locator('.tl-home-task__meta').allInnerTexts();
    for (const meta of metas) {
      const [start, end] = meta.split(' · ')[0]?.split(' ~ ') ?? [];
      expect(start && start <= today).toBeTruthy();
      expect(end && end >= today).toBeTruthy();
    }
    await screenshot(page, `timezone-home-${browserZone.replace('/', '-')}`);
  });

  it('draws the weather station’s today curve up to the current Shanghai hour', async () => {
    await page.goto(`${e.baseUrl}/web/equipment/weatherStations`);
    const row = page.getByRole('row', { name: /番禺气象站/ });
    await row.waitFor();
    const curve = page.waitForResponse(
      (r) => /\/\d+\/curve\?/.test(r.url()) && r.request().method() === 'GET',
    );
    await row.getByRole('button', { name: /^数\s?据$/ }).click();
    const answer = await curve;
    const query = new URL(answer.url()).searchParams;
    const today = dayIn(SHANGHAI);
    expect(query.get('startTime')?.slice(0, 10)).toBe(today);
    expect(query.get('endTime')?.slice(0, 10)).toBe(today);
    const body = (await answer.json()) as { points: { collectionTime: string }[] };
    expect(body.points.length).toBeGreaterThan(0);
    const last = Math.max(...body.points.map((p) => curveInstant(p.collectionTime)));
    // Hourly readings up to the seed moment: the last one within the current (or previous) hour.
    expect(Date.now() - last).toBeLessThan(2 * HOUR_MS);
    await expect.poll(() => page.getByTestId('device-curve-chart').count()).toBe(1);
    // The picker's range reads Shanghai's today too.
    const pickerValues = await page
      .locator('.tl-device-curve__bar .ant-picker input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(pickerValues).toEqual([today, today]);
    await screenshot(page, `timezone-curve-${browserZone.replace('/', '-')}`);
  });

  it('dates a fixed instant by Shanghai’s calendar, not the browser’s', async () => {
    // 17:30 UTC yesterday: the same day in UTC and New York, already the next day in Shanghai.
    const fixed = dayjs.utc().subtract(1, 'day').hour(17).minute(30).second(0).millisecond(0).valueOf();
    expect(dayIn(browserZone, fixed)).not.toBe(dayIn(SHANGHAI, fixed));
    await page.clock.setFixedTime(fixed);
    await page.goto(`${e.baseUrl}${FARM_HOME}`);
    await expect.poll(() => heroText(page)).toContain(headerDate(SHANGHAI, fixed));
    expect(await heroText(page)).not.toContain(headerDate(browserZone, fixed));
    await page.context().close();
  });
});

describe('the admin moves the tenant to another zone', () => {
  it('changes the zone on /system/tenant-settings and the header date follows', async () => {
    const page = await openPage('UTC');
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await expect.poll(() => heroText(page)).toContain(headerDate(SHANGHAI));

    await page.goto(`${e.baseUrl}/system/tenant-settings`);
    const settings = page.getByTestId('tenant-settings');
    await settings.waitFor();
    await expect.poll(() => settings.innerText()).toContain('(UTC+08:00) Asia/Shanghai');
    const select = settings.getByRole('combobox');
    await select.click();
    await select.fill('America/New_York');
    await page.locator('.ant-select-item-option', { hasText: 'America/New_York' }).first().click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/tenant/settings') && r.request().method() === 'PUT',
    );
    await page.getByTestId('tenant-settings-save').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => settings.innerText()).toContain('America/New_York');

    await page.goto(`${e.baseUrl}${FARM_HOME}`);
    await expect.poll(() => heroText(page)).toContain(headerDate('America/New_York'));
    await screenshot(page, 'timezone-after-change');

    // A stale version is refused with the page's own message.
    await page.goto(`${e.baseUrl}/system/tenant-settings`);
    await settings.waitFor();
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const self = (await (
      await fetch(`${e.baseUrl}/iam/stong/v1/users/self`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { tenantId: number };
    const url = `${e.baseUrl}/wfpf/v1/${self.tenantId}/tenant/settings`;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const current = (await (await fetch(url, { headers })).json()) as { objectVersionNumber: number };
    // Someone else saves meanwhile.
    const other = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        timeZone: 'America/New_York',
        objectVersionNumber: current.objectVersionNumber,
      }),
    });
    expect(other.status).toBe(200);
    await page.getByTestId('tenant-settings-save').click();
    await expect.poll(() => settings.innerText()).toContain('已被他人修改');
    await page.context().close();
  });
});
