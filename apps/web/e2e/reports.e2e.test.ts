import { and, eq, gte, lt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryDaily, telemetryHourly } from '../../server/src/modules/iot/telemetry/index.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 12's honest reports, as a farm manager reads them: a day the weather station did not report reads
// '—' (not 0.0), no day after today is listed, and the year view starts at the station's first year. The
// gap is made for real: one day's rainfall rollups are deleted from the database the server reads.

interface Period {
  period: string;
  rainfall: number | null;
}
interface Report {
  startDate: string;
  endDate: string;
  periods: Period[];
}

let e: E2E;
let page: Page;
let headers: Record<string, string>;
let tenantId: number;
let areaId: number | undefined;

/** A day of the tenant's calendar (the demo tenant keeps Asia/Shanghai), n days from today. */
const shanghaiDay = (n = 0): string =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

const rainfall = async (q: Record<string, string>): Promise<Report> => {
  const params = new URLSearchParams({ ...q, ...(areaId === undefined ? {} : { areaId: String(areaId) }) });
  const res = await fetch(`${e.baseUrl}/wfpe/v1/${tenantId}/report/rainfall?${params}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
};

/** The visible rows of the report table: [period, rainfall cell]. */
const tableRows = (p: Page) =>
  p.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) =>
    rows.map((r) => {
      const cells = Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '');
      return [cells[0] ?? '', cells[1] ?? ''] as const;
    }),
  );

beforeAll(async () => {
  e = await startE2E();
  page = await newPage(e, { width: 1600, height: 1000 });
  const origin = new URL(e.baseUrl).origin;
  await page.context().route(
    (u) => u.origin !== origin,
    (r) => r.abort(),
  );
});

const signInAsDemo = async (): Promise<void> => {
  await signIn(e, page, 'demo', 'demo1234');
  await settleLatestAnnouncement(page);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  headers = { Authorization: `Bearer ${token}` };
  const self = (await (await fetch(`${e.baseUrl}/iam/stong/v1/users/self`, { headers })).json()) as {
    tenantId: number;
  };
  tenantId = self.tenantId;
  const area = await page.evaluate(() => sessionStorage.getItem('area'));
  areaId = area ? (JSON.parse(area) as { areaId: number }).areaId : undefined;
};

afterAll(async () => {
  await e?.close();
});

describe('weather reports read no data as no data', () => {
  it('shows a day without readings as a gap, and no day after today', async () => {
    await signInAsDemo();
    const today = shanghaiDay();
    const monthStart = `${today.slice(0, 8)}01`;
    // A day of this month that had rain readings: two days ago, or today early in a month.
    const gapDay = Number(today.slice(8)) >= 3 ? shanghaiDay(-2) : today;
    const before = await rainfall({
      granularity: 'day',
      startDate: monthStart,
      endDate: `${today.slice(0, 8)}28`,
    });
    const had = before.periods.find((p) => p.period === gapDay);
    expect(had?.rainfall, `the demo station reported on ${gapDay}`).not.toBeNull();

    // The station was down that day: its rollups are gone (the server reads hourly rollups for reports).
    const start = new Date(`${gapDay}T00:00:00+08:00`);
    const end = new Date(start.getTime() + 86_400_000);
    await e.server.platform.database.withTenant(tenantId, async (tx) => {
      for (const table of [telemetryHourly, telemetryDaily]) {
        await tx
          .delete(table)
          .where(and(eq(table.metric, 'rainfall'), gte(table.bucket, start), lt(table.bucket, end)));
      }
    });
    const after = await rainfall({
      granularity: 'day',
      startDate: monthStart,
      endDate: `${today.slice(0, 8)}28`,
    });
    expect(after.periods.find((p) => p.period === gapDay)?.rainfall).toBeNull();
    expect(after.endDate <= today).toBe(true);

    await page.goto(`${e.baseUrl}/web/report/rainfall-report`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const rows = await tableRows(page);
    const periods = rows.map(([p]) => p);
    expect(
      periods.every((p) => p <= today),
      `no period after ${today}: ${periods.join(', ')}`,
    ).toBe(true);
    expect(periods).toContain(today);
    const gapRow = rows.find(([p]) => p === gapDay);
    expect(gapRow?.[1], `the ${gapDay} row`).toBe('—');
    // The days around it still read numbers: a gap, not a blank report.
    expect(rows.filter(([, v]) => v !== '—').length).toBeGreaterThan(0);
    await screenshot(page, 'report-rainfall-gap');
  });

  it('starts the year view at the first year a station reported', async () => {
    const year = shanghaiDay().slice(0, 4);
    const answer = await rainfall({
      granularity: 'year',
      startDate: `${Number(year) - 4}-01-01`,
      endDate: `${year}-12-31`,
    });
    const firstYear = answer.startDate.slice(0, 4);
    const answered = page.waitForResponse(
      (r) => r.url().includes('/report/rainfall') && r.url().includes('granularity=year'),
    );
    await page.getByText('按年', { exact: true }).click();
    await answered;
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const periods = (await tableRows(page)).map(([p]) => p);
    expect(periods[0]).toBe(firstYear);
    expect(periods.every((p) => p >= firstYear && p <= year)).toBe(true);
    await screenshot(page, 'report-rainfall-years');
  });
});
