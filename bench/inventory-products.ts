// Inventory product list at scale (issue 15 "Benchmark": the product list with 100,000 SKUs ≤ 100 ms on
// PostgreSQL): a tenant with 25,000 products of 4 SKUs each (100,000 SKUs), three units, measured through
// the real HTTP routes of a listening server:
// - GET /wfpf/v1/{t}/inventory/product: first page, a keyword (name / code / alias contains), a type
//   filter, a deep page; target p95 ≤ 100 ms;
// - GET /wfpf/v1/{t}/inventory/product/sku: the document line picker with a keyword and available stock
//   in a warehouse (same target).
// Usage: npm run bench:inv-products                  (PGlite)
//        DATABASE_URL=postgres://… npm run bench:inv-products  (PostgreSQL; the role must be able to CREATE DATABASE)
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createServer } from '../apps/server/src/app/server.js';
import { createTenant, createUser } from '../apps/server/src/modules/demo/seed.helpers.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { APP_ROLE } from '../apps/server/src/platform/db/rls.js';
import { encryptPassword } from '../apps/server/src/test/harness.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 25_000);
const SKUS_PER_PRODUCT = 4;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const TARGET_MS = 100;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-bench-'));
  const scratch = await createScratchDatabase();
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    TILTH_DEMO: '0',
    TILTH_WEATHER_PROVIDER: 'offline',
    MQTT_PORT: '0',
    MQTT_URL: '',
    TILTH_APPROVAL_TICK_MS: '0',
    TILTH_RATE_LIMIT_SIGN_IN: '100000/60',
  });
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  const db = server.platform.database;
  const dbName = db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lines: string[] = [];
  let missed = false;
  try {
    const t = await createTenant(db, 'Bench inventory');
    await createUser(db, {
      loginName: 'bench-inv',
      password: 'bench1234',
      realName: 'Inventory',
      roles: [[t, 'tenant-admin']],
    });
    const seededAt = performance.now();
    let warehouseId = 0;
    await db.withTenant(t, async (tx) => {
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
    if (scratch) {
      const owner = new pg.Client({ connectionString: scratch.url });
      await owner.connect();
      await owner.query('analyze');
      await owner.end();
    } else {
      for (const q of ['reset role', 'analyze', `set role ${APP_ROLE}`]) await db.db.execute(sql.raw(q));
    }
    const seedSeconds = (performance.now() - seededAt) / 1000;
    if (process.env.BENCH_EXPLAIN) {
      // The plans of the list and picker statements, for tuning (BENCH_EXPLAIN=1).
      await db.withTenant(t, async (tx) => {
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

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const tokenRes = await fetch(`${base}/oauth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'bench-inv',
        password: encryptPassword(server, 'bench1234'),
      }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const get = async (url: string) => {
      const started = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return { json, took: performance.now() - started };
    };

    lines.push(
      `\nInventory products: ${PRODUCTS.toLocaleString('en')} products, ${(PRODUCTS * SKUS_PER_PRODUCT).toLocaleString('en')} SKUs on ${dbName} (seeded in ${seedSeconds.toFixed(1)} s)`,
      `(Node ${process.version}; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}; ${REQUESTS} sequential requests per case after ${WARM_UP} warm-up, over HTTP)`,
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
    await server.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
};

await main();
