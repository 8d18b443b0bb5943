import type { Page } from '@tilth/contracts';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../../modules/identity/organization/index.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { pageRows } from '../paging.js';

// The total of a paged list rides in the page's own statement (pageRows); these are the answers a user
// pages through: every total must be the one a separate count gave, whatever the page.

let s: TestServer;
let tA: number;
let token: string;

interface Base {
  areaId: number;
  areaName: string;
}

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  const { database } = s.platform;
  // 25 "Base" and 5 "Pond" bases in tenant A; tenant B's 7 must never be counted for A.
  await database.withTenant(tA, async (tx) => {
    for (let i = 0; i < 30; i++) {
      const name = i < 25 ? `Base ${String(i).padStart(2, '0')}` : `Pond ${i}`;
      await tx.execute(
        sql`insert into areas (tenant_id, area_name, area_num) values (${tA}, ${name}, ${`N${i}`})`,
      );
    }
  });
  const tB = s.fixtures.tenantB;
  await database.withTenant(tB, async (tx) => {
    for (let i = 0; i < 7; i++)
      await tx.execute(
        sql`insert into areas (tenant_id, area_name, area_num) values (${tB}, ${`Base B${i}`}, ${`B${i}`})`,
      );
  });
  token = await login(s, 'viewerA');
});
afterAll(async () => {
  await s?.close();
});

const list = async (query: string) => {
  const res = await s.inject({ method: 'GET', url: `/wfpf/v2/${tA}/area${query}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return json<Page<Base>>(res);
};

describe('paged lists: the total with the page', () => {
  it('answers the whole count on a middle page, with that page of rows', async () => {
    const first = await list('?page=0&size=10');
    const middle = await list('?page=1&size=10');
    expect(middle.totalElements).toBe(30);
    expect(middle.totalPages).toBe(3);
    expect(middle.number).toBe(1);
    expect(middle.content).toHaveLength(10);
    // Rows are plain bases: nothing of the count leaks into them.
    for (const b of middle.content) expect(Object.keys(b)).not.toContain('__page_total');
    const ids = new Set(first.content.map((b) => b.areaId));
    expect(middle.content.some((b) => ids.has(b.areaId))).toBe(false);
  });

  it('answers the count on the last, shorter page', async () => {
    const last = await list('?page=2&size=12');
    expect(last.content).toHaveLength(6);
    expect(last.totalElements).toBe(30);
    expect(last.totalPages).toBe(3);
  });

  it('still answers the count on a page past the end (no row carries it there)', async () => {
    const past = await list('?page=9&size=10');
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(30);
    expect(past.totalPages).toBe(3);
  });

  it('counts only what the filter keeps, on every page', async () => {
    const ponds = await list('?areaName=Pond&page=0&size=2');
    expect(ponds.totalElements).toBe(5);
    expect(ponds.content.map((b) => b.areaName.slice(0, 4))).toEqual(['Pond', 'Pond']);
    expect((await list('?areaName=Pond&page=2&size=2')).totalElements).toBe(5);
    expect((await list('?areaName=Pond&page=3&size=2')).totalElements).toBe(5);
    const none = await list('?areaName=Nothing%20like%20this&page=0&size=10');
    expect(none).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('answers every row and their number for size=0', async () => {
    const every = await list('?size=0');
    expect(every.content).toHaveLength(30);
    expect(every.totalElements).toBe(30);
    expect(every.totalPages).toBe(1);
  });

  it('keeps nested selections (a table and a computed column) as they were, and leaves the column list alone', async () => {
    const columns = { a: areas, doubled: sql<number>`${areas.id} * 2`.mapWith(Number) };
    const where = eq(areas.tenantId, tA);
    const [page, separate] = await s.platform.database.withTenant(tA, async (tx) => [
      await pageRows(
        tx.select(columns).from(areas).where(where).orderBy(areas.id),
        () => tx.select({ n: count() }).from(areas).where(where),
        4,
        4,
      ),
      await tx.select({ n: count() }).from(areas).where(where),
    ]);
    // The bases and the tenant's own organisation root.
    expect(separate[0]?.n).toBe(31);
    expect(page.total).toBe(31);
    expect(page.rows).toHaveLength(4);
    for (const r of page.rows) {
      expect(Object.keys(r).sort()).toEqual(['a', 'doubled']);
      expect(r.doubled).toBe(r.a.id * 2);
      expect(r.a.tenantId).toBe(tA);
    }
    // The caller's selection object is not changed for its next use.
    expect(Object.keys(columns)).toEqual(['a', 'doubled']);
  });
});

// Statements are counted on the pg client (PGlite has no such hook: its run reports this as skipped).
describe.runIf(process.env.DATABASE_URL)('paged lists on PostgreSQL: statements per page', () => {
  it('sends the count on its own only for a page past the end', async () => {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0];
      sent.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    const counts = (text: string) => sent.filter((q) => q.includes('count(*)') && q.startsWith(text)).length;
    try {
      await list('?page=1&size=10');
      const middle = sent.length;
      expect(counts('select count(*)')).toBe(0);
      expect(counts('select')).toBe(1);
      sent.length = 0;
      await list('?page=9&size=10');
      expect(sent.length).toBe(middle + 1);
      expect(counts('select count(*)')).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
    }
  });
});
