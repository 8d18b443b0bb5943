// Inventory product list at scale (issue 15 "Benchmark": the product list with 100,000 SKUs ≤ 100 ms on
// PostgreSQL): a tenant with 25,000 products of 4 SKUs each (100,000 SKUs), three units, measured through
// the real HTTP routes of a listening server:
// - GET /wfpf/v1/{t}/inventory/product: first page, a keyword (name / code / alias contains), a type
//   filter, a deep page; target p95 ≤ 100 ms;
// - GET /wfpf/v1/{t}/inventory/product/sku: the document line picker with a keyword and available stock
//   in a warehouse (same target).
// Usage: npm run bench:inv-products                  (PGlite)
//        DATABASE_URL=postgres://… npm run bench:inv-products  (PostgreSQL; the role must be able to CREATE DATABASE)
import { sql } from 'drizzle-orm';
import { machine, ms, quantile, startInventoryBench } from './inventory.setup.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 25_000);
const SKUS_PER_PRODUCT = 4;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const TARGET_MS = 100;

const main = async () => {
  const bench = await startInventoryBench('Bench inventory', 'bench-inv');
  const { dbName, tenantId: t } = bench;
  const lines: string[] = [];
  let missed = false;
  try {
    const seededAt = performance.now();
    let warehouseId = 0;
    await bench.seed(async (tx) => {
      await tx.execute(sql`insert into inv_units (tenant_id, unit_name, unit_code)
        values (${t}, '袋', 'BAG'), (${t}, '箱', 'BOX'), (${t}, '千克', 'KG')`);
      const w = await tx.execute(sql`insert into inv_warehouses (tenant_id, warehouse_code, warehouse_name)
        values (${t}, 'W1', '一号仓') returning id`);
      warehouseId = Number((w as unknown as { rows: { id: string }[] }).rows[0]?.id);
      const types = `{goods,material,agricultural}`;
      await tx.execute(sql`insert into inv_products (tenant_id, product_code, product_name, alias, product_type,
          stock_unit_id, purchase_unit_id, retail_unit_id, purchase_factor, retail_factor, retail_price, cost_price,
          creation_date)
        select ${t}, 'P' || lpad(p::text, 6, '0'), '商品 ' || p || (array['复合肥','大米','番茄','包装箱','草鱼'])[p % 5 + 1],
          case when p % 7 = 0 then '别名' || p end, (${types}::text[])[p % 3 + 1],
          u.id, u.id + 1, u.id, 12, 1, (p % 500) + 0.5, (p % 300) + 0.25, now() - (p || ' seconds')::interval
        from generate_series(1, ${PRODUCTS}) p,
          (select min(id) as id from inv_units where tenant_id = ${t}) u`);
      await tx.execute(sql`insert into inv_skus (tenant_id, product_id, sku_code, sku_name, value_ids)
        select ${t}, pr.id, pr.product_code || '-' || k, '规格 ' || k, '[]'::jsonb
        from inv_products pr, generate_series(1, ${SKUS_PER_PRODUCT}) k where pr.tenant_id = ${t}`);
      await tx.execute(sql`insert into stock_balances (tenant_id, book, warehouse_id, product_id, lot_no, quantity, value)
        select ${t}, 'inv', ${warehouseId}, s.id, '', (s.id % 97) + 1, 0
        from inv_skus s where s.tenant_id = ${t} and s.id % 3 = 0`);
    });
    await bench.analyze();
    const seedSeconds = (performance.now() - seededAt) / 1000;
    if (process.env.BENCH_EXPLAIN) {
      // The plans of the list and picker statements, for tuning (BENCH_EXPLAIN=1).
      await bench.seed(async (tx) => {
        for (const q of [
          sql`select p.id, count(*) over () from inv_products p where p.tenant_id = ${t} order by p.creation_date desc, p.id desc limit 10 offset 9990`,
          sql`select p.id, count(*) over () from inv_products p where p.tenant_id = ${t} and (p.product_name ilike '%番茄%' or p.product_code ilike '%番茄%' or p.alias ilike '%番茄%') order by p.creation_date desc, p.id desc limit 10`,
        ]) {
          const r = await tx.execute(sql`explain (analyze, buffers) ${q}`);
          console.log(
            (r as unknown as { rows: Record<string, string>[] }).rows
              .map((x) => Object.values(x)[0])
              .join('\n'),
            '\n',
          );
        }
      });
    }

    const { base, token } = await bench.listen();
    const get = async (url: string) => {
      const started = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return { json, took: performance.now() - started };
    };

    lines.push(
      `\nInventory products: ${PRODUCTS.toLocaleString('en')} products, ${(PRODUCTS * SKUS_PER_PRODUCT).toLocaleString('en')} SKUs on ${dbName} (seeded in ${seedSeconds.toFixed(1)} s)`,
      `(${machine()}; ${REQUESTS} sequential requests per case after ${WARM_UP} warm-up, over HTTP)`,
      '',
      '| request | p50 ms | p95 ms | target | |',
      '| --- | --- | --- | --- | --- |',
    );
    const P = `/wfpf/v1/${t}/inventory/product`;
    for (const [name, url, total] of [
      ['product list, first page', `${P}?page=0&size=10`, PRODUCTS],
      [
        'product list, keyword 番茄',
        `${P}?keyword=${encodeURIComponent('番茄')}&page=0&size=10`,
        PRODUCTS / 5,
      ],
      ['product list, type + enabled', `${P}?productType=material&enabledFlag=1&page=0&size=10`, undefined],
      ['product list, page 1,000', `${P}?page=999&size=10`, PRODUCTS],
      [
        'SKU picker, keyword + available in a warehouse',
        `${P}/sku?keyword=P0012&warehouseId=${warehouseId}&page=0&size=10`,
        undefined,
      ],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const res = await get(url);
        if (i === 0 && total !== undefined && res.json.totalElements !== total) {
          throw new Error(`${name}: totalElements ${String(res.json.totalElements)}, expected ${total}`);
        }
        if (i >= WARM_UP) times.push(res.took);
      }
      const p95 = quantile(times, 0.95);
      const ok = p95 <= TARGET_MS;
      if (!ok) missed = true;
      lines.push(
        `| ${name} | ${ms(quantile(times, 0.5))} | ${ms(p95)} | ≤ ${TARGET_MS} | ${ok ? 'ok' : 'MISSED'} |`,
      );
    }
  } finally {
    console.log(lines.join('\n'));
    await bench.close();
  }
  if (missed) process.exitCode = 1;
};

await main();
