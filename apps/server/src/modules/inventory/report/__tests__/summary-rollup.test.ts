import type { InvReportPeriod } from '@tilth/contracts/inventory.report.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { HARNESS_TENANT_IDS, startTestServer, type TestServer } from '../../../../test/harness.js';
import { type LedgerPosting, postLedger } from '../../../stock/ledger/index.js';
import { listSummary, type SummaryFilter, summarySeries, summarySplit } from '../movement.repository.js';
import { listSlowMovers } from '../stock.repository.js';

// The period summary reads whole months from the monthly rollup and partial months from the ledger. Over
// movements spread across six months (lots, transit rows, rows of quantity 0, two areas), every range —
// month boundaries, partial first and last months, a range inside one month, days across a month end,
// years — must answer exactly what the ledger alone says: each row's in / out and its opening and closing
// balance summed from every ledger row before it, and the chart series. Slow movers likewise: the same
// keys and last in / out dates as the ledger alone.

let s: TestServer;
const T = HARNESS_TENANT_IDS.a;
const W = [701, 702, 703];
const SKUS = [11, 12, 13, 14];

beforeAll(async () => {
  s = await startTestServer();
  // A small deterministic generator, so a failure can be replayed.
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor(seed / 65_536) % n;
  };
  const day = () => {
    const d = new Date(Date.UTC(2025, 9, 1) + rnd(182) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  await s.platform.database.withTenant(T, async (tx) => {
    for (let i = 0; i < 160; i++) {
      const postings: LedgerPosting[] = [];
      const docDate = day();
      for (let j = 0; j < 1 + rnd(4); j++) {
        const w = W[rnd(W.length)] as number;
        const kind = rnd(10);
        const quantity =
          kind < 5 ? String(1 + rnd(40)) : kind < 9 ? `-${1 + rnd(25)}.5` : kind === 9 ? '0' : '1';
        postings.push({
          book: 'inv',
          warehouseId: w,
          productId: SKUS[rnd(SKUS.length)] as number,
          lotNo: rnd(3) === 0 ? `L${rnd(3)}` : '',
          location: rnd(8) === 0 ? 'transit' : 'stock',
          quantity: quantity.startsWith('-') && rnd(8) === 0 ? quantity.slice(1) : quantity,
          unitCost: `${1 + rnd(9)}.${rnd(100)}`,
          areaId: w === 703 ? 77 : null,
          sourceType: 'test',
          sourceId: i,
          sourceCode: `S-${i}`,
          docDate,
        });
      }
      const r = await postLedger(tx, T, null, postings, { allowNegative: () => true });
      // Transit may not go below zero; such a posting is simply left out.
      if (!r.ok) continue;
    }
  });
});
afterAll(async () => {
  await s?.close();
});

interface Row {
  p: string;
  w: number;
  sku: number;
  open_q: number;
  open_v: number;
  in_q: number;
  in_v: number;
  out_q: number;
  out_v: number;
  close_q: number;
  close_v: number;
}

/** The answer from the ledger alone: every row's opening is the sum of all ledger rows before it. */
const fromLedger = async (f: SummaryFilter) =>
  s.platform.database.withTenant(T, async (tx) => {
    const unit = sql.raw(`'${f.period}'`);
    const wh = f.warehouseId === undefined ? sql`` : sql`and l.warehouse_id = ${f.warehouseId}`;
    const rows = rowsOf<Record<string, string>>(
      await tx.execute(sql`
        with m as (
          select l.warehouse_id w, l.product_id sku, greatest(date_trunc(${unit}, l.doc_date)::date, ${f.dateFrom}::date) p,
                 coalesce(sum(l.quantity) filter (where l.quantity > 0), 0) in_q,
                 coalesce(sum(l.value_change) filter (where l.quantity > 0), 0) in_v,
                 coalesce(-sum(l.quantity) filter (where l.quantity < 0), 0) out_q,
                 coalesce(-sum(l.value_change) filter (where l.quantity < 0), 0) out_v,
                 sum(l.quantity) net_q, sum(l.value_change) net_v, l.tenant_id t
            from stock_ledger l
           where l.book = 'inv' and l.location = 'stock' ${wh}
             and l.doc_date between ${f.dateFrom}::date and ${f.dateTo}::date
           group by 1, 2, 3, l.tenant_id
        )
        select m.p::text p, m.w, m.sku, o.q open_q, round(o.v, 2) open_v, m.in_q, round(m.in_v, 2) in_v,
               m.out_q, round(m.out_v, 2) out_v, o.q + m.net_q close_q, round(o.v + m.net_v, 2) close_v
          from m cross join lateral (
            select coalesce(sum(quantity), 0) q, coalesce(sum(value_change), 0) v from stock_ledger l
             where l.tenant_id = m.t and l.book = 'inv' and l.location = 'stock' and l.warehouse_id = m.w
               and l.product_id = m.sku
               and l.doc_date < m.p) o
         order by m.p, m.w, m.sku`),
    );
    return rows.map(
      (r): Row => ({
        p: r.p as string,
        w: Number(r.w),
        sku: Number(r.sku),
        open_q: Number(r.open_q),
        open_v: Number(r.open_v),
        in_q: Number(r.in_q),
        in_v: Number(r.in_v),
        out_q: Number(r.out_q),
        out_v: Number(r.out_v),
        close_q: Number(r.close_q),
        close_v: Number(r.close_v),
      }),
    );
  });

const fromReport = async (f: SummaryFilter) =>
  s.platform.database.withTenant(T, async (tx) =>
    (await listSummary(tx, T, f, undefined, 0)).map(
      (r): Row => ({
        p: r.p,
        w: Number(r.warehouse_id),
        sku: Number(r.sku_id),
        open_q: Number(r.open_q),
        open_v: Number(r.open_v),
        in_q: Number(r.in_q),
        in_v: Number(r.in_v),
        out_q: Number(r.out_q),
        out_v: Number(r.out_v),
        close_q: Number(r.close_q),
        close_v: Number(r.close_v),
      }),
    ),
  );

/** The chart from the ledger alone: per period, money in and out, and the value held at its end. */
const seriesFromLedger = async (f: SummaryFilter) =>
  s.platform.database.withTenant(T, async (tx) => {
    const unit = sql.raw(`'${f.period}'`);
    const step = sql.raw(`'1 ${f.period}'`);
    return rowsOf<{ label: string; in_v: string; out_v: string; close_v: string }>(
      await tx.execute(sql`
        select to_char(gs, ${f.period === 'day' ? 'YYYY-MM-DD' : f.period === 'month' ? 'YYYY-MM' : 'YYYY'}) label,
               round(coalesce(sum(l.value_change) filter (where l.quantity > 0 and l.doc_date >= greatest(gs::date, ${f.dateFrom}::date)), 0), 2)::text in_v,
               round(coalesce(-sum(l.value_change) filter (where l.quantity < 0 and l.doc_date >= greatest(gs::date, ${f.dateFrom}::date)), 0), 2)::text out_v,
               round(coalesce(sum(l.value_change), 0), 2)::text close_v
          from generate_series(date_trunc(${unit}, ${f.dateFrom}::date), ${f.dateTo}::date, ${step}::interval) gs
          left join stock_ledger l
            on l.book = 'inv' and l.location = 'stock'
           and l.doc_date <= least((gs + ${step}::interval)::date - 1, ${f.dateTo}::date)
         group by gs order by gs`),
    );
  });

const ranges: [InvReportPeriod, string, string, number?][] = [
  ['month', '2025-10-01', '2026-03-31'],
  ['month', '2025-10-15', '2026-02-10'],
  ['month', '2025-11-01', '2026-01-31'],
  ['month', '2025-12-02', '2026-02-28'],
  ['month', '2026-01-05', '2026-01-20'],
  ['month', '2025-11-30', '2025-12-01'],
  ['month', '2026-02-01', '2026-02-28', 703],
  ['month', '2025-10-20', '2026-03-15', 701],
  ['day', '2026-01-01', '2026-01-31'],
  ['day', '2025-12-25', '2026-01-05'],
  ['day', '2026-02-27', '2026-03-02', 702],
  ['year', '2025-10-10', '2026-02-14'],
  ['year', '2025-01-01', '2026-12-31'],
  ['year', '2026-01-01', '2026-01-31'],
];

describe('period summary over the monthly rollup', () => {
  it('splits a range into ledger edges and rollup months', () => {
    expect(summarySplit({ period: 'month', dateFrom: '2025-10-15', dateTo: '2026-02-10' })).toEqual({
      ledgerTo: '2025-11-01',
      endMonth: '2026-02-01',
      rollupFrom: '2025-11-01',
    });
    expect(summarySplit({ period: 'year', dateFrom: '2025-01-01', dateTo: '2025-12-31' })).toEqual({
      ledgerTo: '2025-01-01',
      endMonth: null,
      rollupFrom: '2025-01-01',
    });
    expect(
      summarySplit({ period: 'month', dateFrom: '2024-02-01', dateTo: '2024-02-29' }).endMonth,
    ).toBeNull();
    expect(summarySplit({ period: 'day', dateFrom: '2025-12-20', dateTo: '2025-12-31' })).toEqual({
      ledgerTo: '2026-01-01',
      endMonth: null,
      rollupFrom: '2026-01-01',
    });
  });

  it.each(ranges)(
    '%s %s – %s (warehouse %s) equals the ledger alone',
    async (period, dateFrom, dateTo, w) => {
      const f: SummaryFilter = { period, dateFrom, dateTo, warehouseId: w };
      const expected = await fromLedger(f);
      expect(expected.length).toBeGreaterThan(0);
      expect(await fromReport(f)).toEqual(expected);
      if (w === undefined) {
        const series = await s.platform.database.withTenant(T, (tx) => summarySeries(tx, T, f));
        expect(series.map((r) => ({ ...r }))).toEqual(await seriesFromLedger(f));
      }
    },
  );
});

describe('slow movers over the monthly rollup', () => {
  it.each(['2026-01-15', '2026-02-14', '2026-03-01', '2026-03-31'])(
    'cutoff %s: the same keys and dates as the ledger alone',
    async (cutoff) => {
      const today = '2026-04-10';
      const got = await s.platform.database.withTenant(T, (tx) =>
        listSlowMovers(tx, T, { cutoff, today }, undefined, 0),
      );
      const expected = await s.platform.database.withTenant(T, async (tx) =>
        rowsOf<Record<string, string>>(
          await tx.execute(sql`
            with b as (
              select tenant_id, warehouse_id, product_id, sum(quantity) qty from stock_balances
               where book = 'inv' and location = 'stock' group by 1, 2, 3 having sum(quantity) > 0
            ), m as (
              select b.*, max(l.doc_date) filter (where l.quantity < 0) last_out,
                     max(l.doc_date) filter (where l.quantity > 0) last_in, min(l.doc_date) first_at
                from b left join stock_ledger l
                  on l.tenant_id = b.tenant_id and l.book = 'inv' and l.location = 'stock'
                 and l.warehouse_id = b.warehouse_id and l.product_id = b.product_id
               group by b.tenant_id, b.warehouse_id, b.product_id, b.qty
            )
            select warehouse_id, product_id, last_out::text, last_in::text,
                   ${today}::date - coalesce(last_out, last_in, first_at) idle
              from m
             where (last_out is null or last_out <= ${cutoff}::date) and coalesce(first_at, ${cutoff}::date) <= ${cutoff}::date
             order by 1, 2`),
        ),
      );
      expect(expected.length).toBeGreaterThan(0);
      const key = (r: { w: number; sku: number }) => r.w * 1000 + r.sku;
      expect(
        got
          .map((r) => ({
            w: Number(r.warehouse_id),
            sku: Number(r.sku_id),
            lastOut: r.last_out,
            lastIn: r.last_in,
            idle: Number(r.idle_days),
          }))
          .sort((a, b) => key(a) - key(b)),
      ).toEqual(
        expected.map((r) => ({
          w: Number(r.warehouse_id),
          sku: Number(r.product_id),
          lastOut: r.last_out ?? null,
          lastIn: r.last_in ?? null,
          idle: Number(r.idle),
        })),
      );
    },
  );
});
