// News list benchmark (issue 19 "Benchmark"): the spec 03 §7 list call over 100,000 articles of one tenant,
// target ≤ 50 ms. Articles: 90 % published over three years, the rest drafts, withdrawn and scheduled
// (due and not), 8 categories, 5 % in the carousel; 200,000 counted reads over the last 30 days. Each
// variant (latest, carousel, hot, a category's first and 50th page, all) is called through the real route
// (token, tenant transaction, zod) 40 times after 5 warm-ups; p50 / p95 / max are printed, with the plan of
// the latest list's total (it must read the partial index only).
// Usage: node --import tsx bench/news-list.bench.ts                     (PGlite in memory)
//        DATABASE_URL=postgres://… node --import tsx bench/news-list.bench.ts   (PostgreSQL)
//        BENCH_ARTICLES=20000 …                                          (another size)
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db/rows.js';
import { auth, login, startTestServer } from '../apps/server/src/test/harness.js';

const N = Number(process.env.BENCH_ARTICLES ?? 100_000);
const RUNS = 40;
const TARGET_MS = 50;

const main = async (): Promise<void> => {
  const s = await startTestServer();
  const A = s.fixtures.tenantA;
  const db = s.platform.database;
  const t0 = Date.now();
  const cats = await db.withTenant(A, async (tx) => {
    await tx.execute(sql`insert into content_categories (tenant_id, category_name)
      select ${A}, '分类 ' || g from generate_series(1, 8) g`);
    return rowsOf<{ id: number }>(
      await tx.execute(sql`select id from content_categories where tenant_id = ${A} order by id`),
    ).map((r) => Number(r.id));
  });
  const first = cats[0] ?? 0;
  await db.withTenant(A, async (tx) => {
    await tx.execute(sql`insert into content_articles
        (tenant_id, category_id, title, summary, content, article_source, status, carousel_flag, upload_date, publish_at)
      select ${A}, ${first} + (g % 8), '资讯 ' || g, '摘要 ' || g, '<p>正文 ' || g || '</p>', '农技站',
        case when g % 20 = 0 then 'draft' when g % 20 = 1 then 'withdrawn' when g % 20 = 2 then 'scheduled' else 'published' end,
        case when g % 20 = 7 then 1 else 0 end,
        case when g % 20 in (0, 2) then null else now() - make_interval(mins => g * 15) end,
        case when g % 20 = 2 then now() + make_interval(mins => (g % 40) - 20) end
      from generate_series(1, ${N}) g`);
    await tx.execute(sql`insert into content_article_day_reads (tenant_id, article_id, read_day, reads)
      select ${A}, a.id, (current_date - (g % 30)), 1 + (g % 7)
      from generate_series(1, 200000) g
      join content_articles a on a.tenant_id = ${A} and a.id = (select min(id) from content_articles where tenant_id = ${A}) + (g * 7919) % ${N}
      on conflict do nothing`);
  });
  // Fresh rows: the visibility map is what lets PostgreSQL answer the total from the index alone.
  await db.db.execute(sql`vacuum analyze content_articles`);
  await db.db.execute(sql`vacuum analyze content_article_day_reads`);
  console.log(`seeded ${N} articles and the reads in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const plan = await db.withTenant(A, async (tx) =>
    rowsOf<Record<string, string>>(
      await tx.execute(sql`explain (analyze, costs off) select count(*)::int from content_articles
        where tenant_id = ${A} and enabled_flag = 1 and status in ('published','scheduled') and default_type = 1
        and (case when status = 'scheduled' then publish_at else upload_date end) <= now()`),
    ),
  );
  console.log('plan of the latest list total:');
  for (const r of plan) console.log(`  ${Object.values(r)[0]}`);

  const token = await login(s, 'viewerA');
  const variants: [string, string][] = [
    ['latest (valueType 2, size 10)', 'valueType=2&size=10'],
    ['carousel (valueType 3, size 10)', 'valueType=3&size=10'],
    ['hot (valueType 1, size 10)', 'valueType=1&size=10'],
    ['category, page 1 of 20', `valueType=0&categoryId=${first}&page=1&size=20`],
    ['category, page 50 of 20', `valueType=0&categoryId=${first}&page=50&size=20`],
    ['all categories, page 1 of 20', 'valueType=0&page=1&size=20'],
  ];
  console.log(
    `\n${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| list | total | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  let worst = 0;
  for (const [name, q] of variants) {
    const url = `/wfpf/v1/${A}/agriculture/news?${q}`;
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 5; i += 1) {
      const t = performance.now();
      const res = await s.inject({ method: 'GET', url, headers: auth(token) });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      total = (res.json() as { total: number }).total;
      if (i >= 5) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    worst = Math.max(worst, at(0.95));
    console.log(
      `| ${name} | ${total} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${at(1).toFixed(1)} |`,
    );
  }
  console.log(
    `\nworst p95 ${worst.toFixed(1)} ms — target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
  await s.close();
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
