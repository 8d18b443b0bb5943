// Trace code package benchmark (issue 18 "Benchmark"): one package of 100,000 codes made by the real job
// (serials inserted in the database, a QR matrix per code, the A4 label sheet streamed to storage, the
// CSV, and the ZIP of CSV + PDF, since above 10,000 codes the ZIP holds no PNGs), target ≤ 60 s. The
// progress the console polls is sampled every second and printed, with peak RSS and the made files.
// Usage: npm run bench:trace-codes                     (PGlite in memory)
//        DATABASE_URL=postgres://… npm run bench:trace-codes  (PostgreSQL; the role must CREATE DATABASE)
//        BENCH_CODES=20000 npm run bench:trace-codes    (another size)
import { cpus, loadavg } from 'node:os';
import { TRACE_LABELS_PER_PAGE } from '@tilth/contracts/trace-code.types';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { TraceCodeRunner } from '../apps/server/src/modules/trace/code/code.jobs.js';
import { rowsOf } from '../apps/server/src/platform/db/rows.js';
import { startTestServer } from '../apps/server/src/test/harness.js';

const N = Number(process.env.BENCH_CODES ?? 100_000);
const TARGET_S = 60;

const readAll = async (s: NodeJS.ReadableStream | undefined): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const c of s ?? []) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
};

const main = async (): Promise<void> => {
  const s = await startTestServer();
  const A = s.fixtures.tenantA;
  const db = s.platform.database;
  const id = await db.withTenant(A, async (tx) => {
    const [p] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into trace_products (tenant_id, product_name, gtin, place_of_origin)
        values (${A}, '西湖龙井 明前特级', '06291041500213', '杭州') returning id`),
    );
    const [b] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into trace_batches (tenant_id, trace_product_id, batch_code, production_date, status)
        values (${A}, ${p?.id}, 'L2026-04', '2026-04-01', 'published') returning id`),
    );
    const [k] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into trace_code_packages (tenant_id, package_code, trace_batch_id, quantity, code_scheme)
        values (${A}, 'CP-BENCH', ${b?.id}, ${N}, 'gs1') returning id`),
    );
    return Number(k?.id);
  });
  const state = async () =>
    db.withTenant(
      A,
      async (tx) =>
        rowsOf<{
          status: string;
          progress: number;
          pdf_key: string | null;
          csv_key: string | null;
          zip_key: string | null;
        }>(
          await tx.execute(
            sql`select status, progress, pdf_key, csv_key, zip_key from trace_code_packages where id = ${id}`,
          ),
        )[0],
    );
  let peakRss = 0;
  const samples: string[] = [];
  const t0 = performance.now();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    void state().then((r) =>
      samples.push(`${((performance.now() - t0) / 1000).toFixed(0)}s:${r?.progress}%`),
    );
  }, 1000);
  await new TraceCodeRunner(s.platform, () => console).kick(A);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const r = await state();
  const pdf = await readAll(await s.platform.storage.get(r?.pdf_key ?? ''));
  const csv = await readAll(await s.platform.storage.get(r?.csv_key ?? ''));
  const zip = await readAll(await s.platform.storage.get(r?.zip_key ?? ''));
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const entries: string[] = [];
  unzipSync(new Uint8Array(zip), {
    filter: (f) => {
      entries.push(f.name);
      return false;
    },
  });
  const codes = await db.withTenant(
    A,
    async (tx) =>
      rowsOf<{ n: string; u: string }>(
        await tx.execute(
          sql`select count(*) as n, count(distinct serial) as u from trace_codes where package_id = ${id}`,
        ),
      )[0],
  );
  console.log(
    JSON.stringify(
      {
        codes: N,
        database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
        status: r?.status,
        seconds: Number(seconds.toFixed(1)),
        targetSeconds: TARGET_S,
        met: r?.status === 'ready' && seconds <= TARGET_S,
        progress: samples.join(' '),
        peakRssMb: Math.round(peakRss / 1e6),
        rows: Number(codes?.n),
        uniqueSerials: Number(codes?.u),
        pdfMb: Number((pdf.length / 1e6).toFixed(1)),
        pdfPages: pages,
        expectedPages: Math.ceil(N / TRACE_LABELS_PER_PAGE),
        csvLines: csv.toString().trimEnd().split('\r\n').length,
        zipMb: Number((zip.length / 1e6).toFixed(1)),
        zipEntries: entries.length > 2 ? `${entries.length} files` : entries.join(', '),
        cpus: cpus().length,
        load: loadavg()
          .map((x) => x.toFixed(1))
          .join(' '),
      },
      null,
      2,
    ),
  );
  await s.close();
};

await main();
