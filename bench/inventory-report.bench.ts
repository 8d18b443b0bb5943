// Inventory stock reports at scale (issue 15 "Benchmark": the stock report over 1,000,000 ledger rows and
// 10,000 products ≤ 300 ms). A bench tenant is seeded with generate_series SQL straight into inv_products /
// inv_skus / stock_ledger / stock_balances (balances = the ledger's sums, as the engine keeps them):
// 10,000 products of one SKU each in 5 warehouses (each SKU in one warehouse, every fifth also in a second),
// 1,000,000 ledger rows over two years of document dates, min / max limits on a tenth of the SKUs.
// Measured through the real HTTP routes of a listening server, sequential requests:
// - on hand (GET /inventory/stock): first page, a deep page, keyword, one warehouse, below-minimum;
// - the monthly in / out / balance report over the last 12 months (GET /inventory/report/summary);
// - also shown: the daily report over a month, the movement detail and slow movers.
// Target: p95 ≤ 300 ms for on hand and the monthly summary.
// Usage: DATABASE_URL=postgres://… npm run bench:inventory-report   (the role must be able to CREATE DATABASE)
//        npm run bench:inventory-report                             (PGlite, slower; figures for reference)
import { sql } from 'drizzle-orm';
import { machine, ms, quantile, rollupSeededLedger, rowsOf, startInventoryBench } from './inventory.setup.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const WAREHOUSES = 5;
const DAYS = 730;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP = 5;
const TARGET_MS = 300;
const FIRST_DAY = '2024-11-27';
const LAST_DAY = '2026-11-26';

const main = async () => {
  const bench = await startInventoryBench('Bench inventory', 'bench-stock');
  const { dbName, tenantId: t } = bench;
  const lines: string[] = [];
  let missed = false;
  try {
    const seededAt = performance.now();
    await bench.seed(async (tx) => {
      await tx.execute(
        sql`insert into inv_units (tenant_id, unit_name, unit_code) values (${t}, 'kg', 'kg')`,
      );
      await tx.execute(sql`insert into inv_warehouses (tenant_id, warehouse_code, warehouse_name)
        select ${t}, 'W' || w, 'Warehouse ' || w from generate_series(1, ${WAREHOUSES}) w`);
      await tx.execute(sql`insert into inv_products (tenant_id, product_code, product_name, product_type,
          stock_unit_id, purchase_unit_id, retail_unit_id, alias)
        select ${t}, 'P' || lpad(k::text, 6, '0'), 'Product ' || k, 'goods', u.id, u.id, u.id, 'alias-' || k
          from generate_series(1, ${PRODUCTS}) k, (select id from inv_units where tenant_id = ${t}) u`);
      await tx.execute(sql`insert into inv_skus (tenant_id, product_id, sku_code, sku_name)
        select ${t}, id, product_code, '' from inv_products where tenant_id = ${t}`);
      // Where a SKU is kept: its home warehouse, and every fifth SKU also the next one.
      await tx.execute(sql`create temporary table bench_keys on commit drop as
        with s as (select id, row_number() over (order by id) - 1 k from inv_skus where tenant_id = ${t}),
             w as (select id, row_number() over (order by id) - 1 n from inv_warehouses where tenant_id = ${t})
        select s.id sku_id, w.id warehouse_id, row_number() over (order by s.k, w.n) - 1 slot
          from s join w on w.n = s.k % ${WAREHOUSES} or (s.k % 5 = 0 and w.n = (s.k + 1) % ${WAREHOUSES})`);
      // One movement per row, round-robin over the keys, dates spread over two years; two in, one out.
      await tx.execute(sql`insert into stock_ledger (tenant_id, book, warehouse_id, product_id, lot_no, location,
          quantity, unit_cost, value_change, balance_qty, balance_value, source_type, source_id, source_line_id,
          source_code, doc_date)
        select ${t}, 'inv', k.warehouse_id, k.sku_id, '', 'stock', q.qty, 5, q.qty * 5,
               sum(q.qty) over (partition by k.slot order by i), sum(q.qty) over (partition by k.slot order by i) * 5,
               case when q.qty > 0 then 'warehousing' else 'shipment' end, i / 10 + 1, i,
               case when q.qty > 0 then 'RK' else 'CK' end || lpad((i / 10 + 1)::text, 8, '0'),
               ${FIRST_DAY}::date + (i::bigint * ${DAYS} / ${LEDGER_ROWS})::int
          from generate_series(0, ${LEDGER_ROWS - 1}) i
          join bench_keys k on k.slot = i % (select count(*) from bench_keys)
          cross join lateral (select case when i % 3 = 2 then -2 else 3 end::numeric qty) q`);
      await tx.execute(sql`insert into stock_balances (tenant_id, book, warehouse_id, product_id, lot_no, location,
          quantity, value, avg_cost)
        select ${t}, 'inv', warehouse_id, product_id, '', 'stock', sum(quantity), sum(value_change), 5
          from stock_ledger where tenant_id = ${t} group by warehouse_id, product_id`);
      await tx.execute(rollupSeededLedger(t));
      await tx.execute(sql`insert into inv_stock_limits (tenant_id, sku_id, warehouse_id, product_id, min_qty, max_qty)
        select ${t}, k.sku_id, k.warehouse_id, s.product_id, 300, 2000
          from bench_keys k join inv_skus s on s.tenant_id = ${t} and s.id = k.sku_id where k.slot % 10 = 0`);
    });
    await bench.analyze({ vacuum: true });
    const seedSeconds = (performance.now() - seededAt) / 1000;
    const counts = await bench.seed(async (tx) => {
      const r = await tx.execute(sql`select (select count(*) from stock_ledger where tenant_id = ${t})::int l,
        (select count(*) from stock_balances where tenant_id = ${t})::int b`);
      return rowsOf<{ l: number; b: number }>(r)[0];
    });

    const { base, token } = await bench.listen();
    const warehouse = await bench.seed(async (tx) => {
      const r = await tx.execute(sql`select min(id)::int id from inv_warehouses where tenant_id = ${t}`);
      return rowsOf<{ id: number }>(r)[0]?.id ?? 0;
    });

    lines.push(
      `\nInventory reports: ${counts?.l.toLocaleString('en')} ledger rows, ${counts?.b.toLocaleString('en')} balances, ${PRODUCTS.toLocaleString('en')} products in ${WAREHOUSES} warehouses on ${dbName} (seeded in ${seedSeconds.toFixed(1)} s)`,
      `(${machine()}; ${REQUESTS} sequential requests per case after ${WARM_UP} warm-up, over HTTP)`,
      '',
      '| report | totalElements | p50 ms | p95 ms | target | |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    const inv = `/wfpf/v1/${t}/inventory`;
    const cases: [string, string, boolean][] = [
      ['on hand, first page', '/stock?page=0&size=20', true],
      ['on hand, page 500', '/stock?page=499&size=20', true],
      ['on hand, keyword "Product 99"', '/stock?page=0&size=20&keyword=Product%2099', true],
      ['on hand, one warehouse', `/stock?page=0&size=20&warehouseId=${warehouse}`, true],
      ['on hand, below minimum', '/stock?page=0&size=20&belowMin=1', true],
      ['value by warehouse (chart)', '/stock/by-warehouse', false],
      [
        'monthly summary, last 12 months, first page',
        '/report/summary?period=month&dateFrom=2025-12-01&dateTo=2026-11-30&page=0&size=20',
        true,
      ],
      [
        'monthly summary, one warehouse',
        `/report/summary?period=month&dateFrom=2025-12-01&dateTo=2026-11-30&page=0&size=20&warehouseId=${warehouse}`,
        true,
      ],
      [
        'monthly summary, one month (October 2026)',
        '/report/summary?period=month&dateFrom=2026-10-01&dateTo=2026-10-31&page=0&size=20',
        true,
      ],
      [
        'daily summary, one month',
        '/report/summary?period=day&dateFrom=2026-10-01&dateTo=2026-10-31&page=0&size=20',
        false,
      ],
      [
        'yearly summary, two years',
        `/report/summary?period=year&dateFrom=${FIRST_DAY}&dateTo=${LAST_DAY}&size=20`,
        false,
      ],
      ['movement detail, first page', '/report/ledger?page=0&size=20', false],
      [
        'movement detail, one month of one warehouse',
        `/report/ledger?size=20&warehouseId=${warehouse}&dateFrom=2026-10-01&dateTo=2026-10-31`,
        false,
      ],
      ['slow movers (30 days)', '/report/slow-movers?days=30&size=20', false],
    ];
    for (const [name, url, targeted] of cases) {
      const times: number[] = [];
      let total: unknown = '';
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const started = performance.now();
        const r = await fetch(`${base}${inv}${url}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await r.json()) as { totalElements?: number } | unknown[];
        const took = performance.now() - started;
        if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(body)}`);
        total = Array.isArray(body) ? body.length : body.totalElements;
        if (i >= WARM_UP) times.push(took);
      }
      const p95 = quantile(times, 0.95);
      const ok = p95 <= TARGET_MS;
      if (targeted && !ok) missed = true;
      lines.push(
        `| ${name} | ${String(total)} | ${ms(quantile(times, 0.5))} | ${ms(p95)} | ${targeted ? `≤ ${TARGET_MS}` : ''} | ${targeted ? (ok ? 'ok' : 'MISSED') : ''} |`,
      );
    }
  } finally {
    console.log(lines.join('\n'));
    await bench.close();
  }
  if (missed) process.exitCode = 1;
};

await main();
