// Inventory posting under load (issue 15 "Benchmark"), through the real HTTP routes of a listening server:
// 1. sustained outbound posting: 50 clients, each creating a 10-line shipment with `submit: true`
//    (approved at once: no flow bound) and executing it (POST /inventory/documents, then
//    POST /inventory/documents/{id}/execute), as fast as answers come for BENCH_SECONDS (20 s); the lines
//    pick 10 of 1,000 SKUs at random, so clients meet on the same balances. Target ≥ 500 documents
//    posted per second on PostgreSQL; p50 / p95 per document (create + execute). Afterwards: no balance
//    below zero, and the ledger sums to the balances (quantity and value) for every key.
//    Before that, "posted per second" as the issue names it: BENCH_POST_DOCS (10,000) approved 10-line
//    shipments seeded with SQL, executed (POST /inventory/documents/{id}/execute, every line) by 50 clients
//    for up to BENCH_POST_SECONDS (10 s). And the ledger engine alone, without HTTP.
// 2. a 5,000-line stocktake: POST /documents (stocktake, `submit: true`, its book captured when saved),
//    then POST /documents/{id}/adjust (gains in, losses out, executed); target save + submit + adjust ≤ 2 s.
// Seeding: SKUs with opening stock written with generate_series SQL (an opening ledger row per balance).
// Usage: DATABASE_URL=postgres://… npm run bench:inventory-post   (the role must be able to CREATE DATABASE)
//        npm run bench:inventory-post                             (PGlite, one connection; for the record)
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { postLedger } from '../apps/server/src/modules/stock/ledger/index.js';
import { ms, quantile, rollupSeededLedger, rowsOf, startInventoryBench } from './inventory.setup.js';

const SKUS = 5_000;
const HOT_SKUS = 1_000;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LINES = 10;
const STOCKTAKE_LINES = Number(process.env.BENCH_STOCKTAKE_LINES ?? 5_000);
const OPENING = 1_000_000;
const POST_DOCS = Number(process.env.BENCH_POST_DOCS ?? 10_000);
const POST_SECONDS = Number(process.env.BENCH_POST_SECONDS ?? 10);
const RATE_TARGET = 500;
const STOCKTAKE_TARGET_MS = 2_000;

// Statements sent to PostgreSQL (every pool client), to show what one request costs.
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  const res = query.apply(this, args);
  // BENCH_SLOW_MS=n: print each statement slower than n ms (profiling).
  if (SLOW_MS > 0 && res instanceof Promise) {
    const t0 = performance.now();
    const text = String((args[0] as { text?: string })?.text ?? args[0]).replace(/\s+/g, ' ');
    void res.then(
      () => {
        const took = performance.now() - t0;
        if (took > SLOW_MS) console.log(`slow ${took.toFixed(0)} ms: ${text.slice(0, 160)}`);
      },
      () => undefined,
    );
  }
  return res;
} as typeof pg.Client.prototype.query;

const main = async () => {
  const bench = await startInventoryBench('Bench inventory posting', 'bench-poster');
  const { dbName, tenantId: t } = bench;
  const scratch = bench.url;
  const out: string[] = [];
  let missed = false;
  try {
    const seededAt = performance.now();
    // W1: the outbound warehouse (1,000 hot SKUs); W2: the stocktake's (5,000 SKUs). Negative stock refused.
    const seed = await bench.seed(async (tx) => {
      const unit = rowsOf<{ id: number }>(
        await tx.execute(
          sql`insert into inv_units (tenant_id, unit_name, unit_code) values (${t}, '件', 'PCS') returning id::int id`,
        ),
      )[0]?.id as number;
      const whs = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into inv_warehouses (tenant_id, warehouse_code, warehouse_name)
          values (${t}, 'W1', '出库仓'), (${t}, 'W2', '盘点仓') returning id::int id`),
      ).map((r) => r.id);
      await tx.execute(sql`insert into inv_products (tenant_id, product_code, product_name, product_type,
          stock_unit_id, purchase_unit_id, retail_unit_id, cost_price)
        select ${t}, 'P' || lpad(k::text, 6, '0'), 'Product ' || k, 'goods', ${unit}, ${unit}, ${unit}, 2
          from generate_series(1, ${SKUS}) k`);
      await tx.execute(sql`insert into inv_skus (tenant_id, product_id, sku_code, sku_name)
        select ${t}, id, product_code, '' from inv_products where tenant_id = ${t}`);
      const skus = rowsOf<{ id: number }>(
        await tx.execute(sql`select id::int id from inv_skus where tenant_id = ${t} order by id`),
      ).map((r) => r.id);
      // Opening stock at 2.00: one ledger row per balance, so the ledger sums to the balances from the start.
      await tx.execute(sql`create temporary table bench_keys on commit drop as
        select w.id warehouse_id, s.id sku_id from inv_skus s
          join (select id, row_number() over (order by id) n from inv_warehouses where tenant_id = ${t}) w
            on w.n = 2 or s.id <= ${skus[HOT_SKUS - 1] ?? 0}
         where s.tenant_id = ${t}`);
      await tx.execute(sql`insert into stock_ledger (tenant_id, book, warehouse_id, product_id, lot_no, location,
          quantity, unit_cost, value_change, balance_qty, balance_value, source_type, source_code, doc_date)
        select ${t}, 'inv', warehouse_id, sku_id, '', 'stock', ${OPENING}, 2, ${OPENING * 2}, ${OPENING},
               ${OPENING * 2}, 'opening', 'OPENING', current_date
          from bench_keys`);
      await tx.execute(sql`insert into stock_balances (tenant_id, book, warehouse_id, product_id, lot_no, location,
          quantity, value, avg_cost)
        select ${t}, 'inv', warehouse_id, sku_id, '', 'stock', ${OPENING}, ${OPENING * 2}, 2 from bench_keys`);
      await tx.execute(rollupSeededLedger(t));
      // Approved 10-line shipments from W1 waiting to be executed: 10 distinct hot SKUs each (a random start,
      // then every 100th), 1–5 pieces a line.
      await tx.execute(sql`insert into inv_documents (tenant_id, doc_type, doc_code, doc_date, biz_type, warehouse_id,
          audit_state, exec_state, total_quantity)
        select ${t}, 'shipment', 'BENCH-' || k, current_date, 'sale', ${whs[0]}, 'approved', 'pending', 0
          from generate_series(1, ${POST_DOCS}) k`);
      await tx.execute(sql`insert into inv_document_lines (tenant_id, document_id, line_no, sku_id, product_id, unit_id,
          quantity)
        select ${t}, d.id, j + 1, s.id, s.product_id, ${unit}, 1 + floor(random() * 5)
          from (select id, floor(random() * 100)::int r from inv_documents
                 where tenant_id = ${t} and doc_code like 'BENCH-%') d
         cross join generate_series(0, ${LINES - 1}) j
          join (select id, product_id, row_number() over (order by id) - 1 n from inv_skus where tenant_id = ${t}) s
            on s.n = (d.r + j * 100) % ${HOT_SKUS}`);
      await tx.execute(sql`update inv_documents d set total_quantity = l.q
          from (select document_id, sum(quantity) q from inv_document_lines where tenant_id = ${t}
                 group by document_id) l
         where d.tenant_id = ${t} and d.id = l.document_id and d.doc_code like 'BENCH-%'`);
      const lines = rowsOf<{ doc: number; version: number; line: number; qty: number }>(
        await tx.execute(sql`select d.id::int doc, d.object_version_number version, l.id::int line, l.quantity::int qty
          from inv_documents d join inv_document_lines l on l.tenant_id = d.tenant_id and l.document_id = d.id
         where d.tenant_id = ${t} and d.doc_code like 'BENCH-%' order by d.id, l.line_no`),
      );
      const approved = new Map<number, { version: number; lines: { lineId: number; quantity: number }[] }>();
      for (const r of lines) {
        const d = approved.get(r.doc) ?? { version: r.version, lines: [] };
        d.lines.push({ lineId: r.line, quantity: r.qty });
        approved.set(r.doc, d);
      }
      return { unit, w1: whs[0] as number, w2: whs[1] as number, skus, approved: [...approved] };
    });
    await bench.analyze({ vacuum: true });
    const seedSeconds = (performance.now() - seededAt) / 1000;

    const { base, token } = await bench.listen();
    const inv = `${base}/wfpf/v1/${t}/inventory`;
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${inv}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
      return JSON.parse(text) as T;
    };
    interface Detail {
      id: number;
      objectVersionNumber: number;
      auditState: string;
      execState: string;
      lines: { id: number; remainingQty: number; diffQty: number | null }[];
    }
    const hot = seed.skus.slice(0, HOT_SKUS);
    const pick = (): number[] => {
      const chosen = new Set<number>();
      while (chosen.size < LINES) chosen.add(hot[Math.floor(Math.random() * hot.length)] as number);
      return [...chosen];
    };
    const cost = {
      create: [] as number[],
      execute: [] as number[],
      createMs: [] as number[],
      executeMs: [] as number[],
    };
    /** One outbound: created and submitted (approved at once), then every line shipped. */
    const postOne = async (): Promise<void> => {
      const s0 = statements;
      const t0 = performance.now();
      const doc = await call<Detail>('POST', '/documents', {
        docType: 'shipment',
        bizType: 'sale',
        warehouseId: seed.w1,
        submit: true,
        lines: pick().map((skuId) => ({
          skuId,
          unitId: seed.unit,
          quantity: 1 + Math.floor(Math.random() * 5),
        })),
      });
      if (doc.auditState !== 'approved') throw new Error(`shipment ${doc.id} is ${doc.auditState}`);
      const s1 = statements;
      const t1 = performance.now();
      const done = await call<Detail>('POST', `/documents/${doc.id}/execute`, {
        objectVersionNumber: doc.objectVersionNumber,
        lines: doc.lines.map((l) => ({ lineId: l.id, quantity: l.remainingQty })),
      });
      if (done.execState !== 'done') throw new Error(`shipment ${doc.id} is ${done.execState}`);
      cost.create.push(s1 - s0);
      cost.execute.push(statements - s1);
      cost.createMs.push(t1 - t0);
      cost.executeMs.push(performance.now() - t1);
    };

    // Warm-up: the first requests compile routes and fill pools.
    for (let i = 0; i < 20; i++) await postOne();
    // One client alone: what a document costs without queueing (the last 10 of the warm-up).
    const alone = {
      create: quantile(cost.create.slice(10), 0.5),
      execute: quantile(cost.execute.slice(10), 0.5),
      createMs: quantile(cost.createMs.slice(10), 0.5),
      executeMs: quantile(cost.executeMs.slice(10), 0.5),
    };

    // "Posted per second": approved shipments executed by 50 clients (the issue's measure).
    const queue = seed.approved;
    const postLoadBefore = loadavg()[0] ?? 0;
    const postTimes: number[] = [];
    const postS0 = statements;
    const postCpu0 = process.cpuUsage();
    const postStart = performance.now();
    const postUntil = postStart + POST_SECONDS * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < postUntil && next < queue.length) {
          const [id, d] = queue[next++] as (typeof queue)[number];
          const t0 = performance.now();
          const done = await call<Detail>('POST', `/documents/${id}/execute`, {
            objectVersionNumber: d.version,
            lines: d.lines,
          });
          if (done.execState !== 'done') throw new Error(`shipment ${id} is ${done.execState}`);
          postTimes.push(performance.now() - t0);
        }
      }),
    );
    const postElapsed = (performance.now() - postStart) / 1000;
    const postCpu = process.cpuUsage(postCpu0);
    const postNodeCpu = (postCpu.user + postCpu.system) / 1e4 / postElapsed;
    const postStatements = (statements - postS0) / Math.max(1, postTimes.length);
    const postRate = postTimes.length / postElapsed;
    const postLoadAfter = loadavg()[0] ?? 0;

    const loadBefore = loadavg()[0] ?? 0;
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await postOne();
          times.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    // This process (server and clients) as a share of one core: near 100 % means Node is the limit.
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpu = (cpu.user + cpu.system) / 1e4 / elapsed;
    const loadAfter = loadavg()[0] ?? 0;
    const rate = times.length / elapsed;

    // The ledger engine alone: the same 10-line outbound postings from 50 concurrent transactions, without
    // HTTP, documents or approvals — what posting itself costs (locks, moving average, ledger rows).
    const engineTimes: number[] = [];
    const engineStart = performance.now();
    const engineUntil = engineStart + Math.min(SECONDS, 10) * 1000;
    let engineSerial = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < engineUntil) {
          const t0 = performance.now();
          const docId = ++engineSerial;
          const res = await bench.seed((tx) =>
            postLedger(
              tx,
              t,
              null,
              pick().map((skuId, i) => ({
                book: 'inv' as const,
                warehouseId: seed.w1,
                productId: skuId,
                quantity: `-${1 + Math.floor(Math.random() * 5)}`,
                areaId: null,
                sourceType: 'bench',
                sourceId: docId,
                sourceLineId: i + 1,
                sourceCode: `BENCH-${docId}`,
                docDate: new Date().toISOString().slice(0, 10),
              })),
              { allowNegative: () => false },
            ),
          );
          if (!res.ok) throw new Error('engine posting refused: stock ran out');
          engineTimes.push(performance.now() - t0);
        }
      }),
    );
    const engineElapsed = (performance.now() - engineStart) / 1000;
    const engineRate = engineTimes.length / engineElapsed;

    const check = await bench.seed(async (tx) => {
      const negative = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int n from stock_balances where tenant_id = ${t} and quantity < 0`,
        ),
      )[0]?.n;
      const off = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int n from (
            select book, warehouse_id, product_id, lot_no, location, sum(quantity) q, sum(value_change) v
              from stock_ledger where tenant_id = ${t} group by 1, 2, 3, 4, 5) l
          full join (select * from stock_balances where tenant_id = ${t}) b
            using (book, warehouse_id, product_id, lot_no, location)
          where coalesce(l.q, 0) <> coalesce(b.quantity, 0) or coalesce(l.v, 0) <> coalesce(b.value, 0)`),
      )[0]?.n;
      const c = rowsOf<{ docs: number; rows: number }>(
        await tx.execute(sql`select
            (select count(*)::int from inv_documents where tenant_id = ${t} and doc_type = 'shipment'
              and exec_state = 'done') docs,
            (select count(*)::int from stock_ledger where tenant_id = ${t} and source_type = 'shipment') "rows"`),
      )[0];
      return { negative, off, docs: c?.docs, rows: c?.rows };
    });
    const consistent = check.negative === 0 && check.off === 0;
    if (!consistent) missed = true;
    const rateOk = postRate >= RATE_TARGET;
    if (!rateOk) missed = true;

    // The stocktake: counts differ from the book on two thirds of the lines (a third up, a third down).
    const counted = seed.skus.slice(0, STOCKTAKE_LINES).map((skuId, i) => ({
      skuId,
      unitId: seed.unit,
      quantity: OPENING + (i % 3 === 0 ? 3 : i % 3 === 1 ? -2 : 0),
    }));
    const st0 = statements;
    const t0 = performance.now();
    const st = await call<Detail>('POST', '/documents', {
      docType: 'stocktake',
      bizType: 'stocktake',
      warehouseId: seed.w2,
      submit: true,
      lines: counted,
    });
    const saved = performance.now() - t0;
    const st1 = statements;
    if (st.auditState !== 'approved') throw new Error(`stocktake is ${st.auditState}`);
    const t1 = performance.now();
    await call('POST', `/documents/${st.id}/adjust`, {});
    const adjusted = performance.now() - t1;
    const st2 = statements;
    const stocktakeMs = saved + adjusted;
    const stOk = stocktakeMs <= STOCKTAKE_TARGET_MS;
    if (!stOk) missed = true;
    const moved = await bench.seed(async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int n from stock_balances where tenant_id = ${t}
          and warehouse_id = ${seed.w2} and quantity <> ${OPENING}`),
      ),
    );

    out.push(
      `\nInventory posting on ${dbName} (seeded ${SKUS.toLocaleString('en')} SKUs in ${seedSeconds.toFixed(1)} s)`,
      `(Node ${process.version}; ${cpus().length} cores, load ${loadBefore.toFixed(2)} before / ${loadAfter.toFixed(2)} after the run; over HTTP, one server process; Node busy ${nodeCpu.toFixed(0)} % of a core while posting)`,
      '',
      '| measure | value | target | |',
      '| --- | --- | --- | --- |',
      `| approved ${LINES}-line outbounds posted (executed), ${CLIENTS} clients, ${postElapsed.toFixed(1)} s (load ${postLoadBefore.toFixed(1)} → ${postLoadAfter.toFixed(1)}; Node ${postNodeCpu.toFixed(0)} % of a core) | ${postRate.toFixed(0)} docs/s (${postTimes.length} docs${next >= queue.length ? ', all seeded ones' : ''}), p50 / p95 ${ms(quantile(postTimes, 0.5))} / ${ms(quantile(postTimes, 0.95))} ms${scratch ? `, ${postStatements.toFixed(1)} statements each` : ''} | ≥ ${RATE_TARGET} docs/s | ${rateOk ? 'ok' : 'MISSED'} |`,
      `| ${LINES}-line outbounds created + submitted + executed, ${CLIENTS} clients, ${elapsed.toFixed(1)} s | ${rate.toFixed(0)} docs/s (${times.length} docs) | | |`,
      `| the ledger engine alone: ${LINES}-line outbound postings, ${CLIENTS} concurrent transactions, ${engineElapsed.toFixed(1)} s | ${engineRate.toFixed(0)} postings/s (${engineTimes.length}), p50 / p95 ${ms(quantile(engineTimes, 0.5))} / ${ms(quantile(engineTimes, 0.95))} ms | | |`,
      `| per document (create + execute), p50 / p95 | ${ms(quantile(times, 0.5))} / ${ms(quantile(times, 0.95))} ms | | |`,
      `| one client alone, p50: create + submit / execute | ${ms(alone.createMs)} / ${ms(alone.executeMs)} ms${scratch ? `, ${alone.create} / ${alone.execute} statements` : ''} | | |`,
      `| after: balances below 0 / keys where ledger ≠ balance | ${check.negative} / ${check.off} (${check.docs} shipments done, ${check.rows} ledger rows) | 0 / 0 | ${consistent ? 'ok' : 'MISSED'} |`,
      `| ${STOCKTAKE_LINES.toLocaleString('en')}-line stocktake: save + submit / adjust / total | ${ms(saved)} / ${ms(adjusted)} / ${ms(stocktakeMs)} ms (${moved[0]?.n} balances changed${scratch ? `; ${st1 - st0} / ${st2 - st1} statements` : ''}) | ≤ ${STOCKTAKE_TARGET_MS} ms | ${stOk ? 'ok' : 'MISSED'} |`,
    );
  } finally {
    console.log(out.join('\n'));
    await bench.close();
  }
  if (missed) process.exitCode = 1;
};

await main();
