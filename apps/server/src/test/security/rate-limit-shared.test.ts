import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../../platform/db/rate-limit.repository.js';
import { rowsOf } from '../../platform/db/rows.js';
import { startTestServer, type TestServer, tokenRequest } from '../harness.js';

// Issue 20: with several server processes behind one balancer, per-address limits count in the database
// (TILTH_RATE_LIMIT_STORE=database), so an address gets the limit once, not once per process.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TILTH_RATE_LIMIT_STORE: 'database' });
});
afterAll(async () => {
  await s.close();
});

const signIn = (ip: string, n: number) => tokenRequest(s, `shared-spray-${n}`, 'spray-pass1', {}, { ip });

const keyOf = (ip: string) => `POST /oauth/oauth/token|${ip}`;
const hitsOf = async (ip: string) =>
  rowsOf<{ hits: number }>(
    await s.platform.database.db.execute(sql`select hits from rate_limit_windows where key = ${keyOf(ip)}`),
  )[0]?.hits;

describe('per-address limits shared through the database', () => {
  it('counts in the database: 20 sign-ins are checked, the 21st is 429', async () => {
    const ip = '198.51.100.40';
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await signIn(ip, i)).statusCode);
    expect(statuses.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await hitsOf(ip)).toBe(21);
  });

  it("another process's hits count here: after 15 there, 5 are checked here, then 429", async () => {
    const ip = '198.51.100.41';
    // What a second server process counts for the same route and address.
    for (let i = 0; i < 15; i++) await countHit(s.platform.database.db, keyOf(ip), 60_000);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(ip, i)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another address is not affected.
    expect((await signIn('198.51.100.42', 0)).statusCode).toBe(400);
  });

  it('a window that ended starts again at 1', async () => {
    const ip = '198.51.100.43';
    for (let i = 0; i < 21; i++) await signIn(ip, i);
    expect((await signIn(ip, 99)).statusCode).toBe(429);
    await s.platform.database.db.execute(
      sql`update rate_limit_windows set expires_at = clock_timestamp() - interval '1 second' where key = ${keyOf(ip)}`,
    );
    expect((await signIn(ip, 100)).statusCode).toBe(400);
    expect(await hitsOf(ip)).toBe(1);
  });

  it('concurrent hits are never lost (one statement per hit)', async () => {
    const key = 'test|concurrent';
    const db = s.platform.database.db;
    await Promise.all(Array.from({ length: 40 }, () => countHit(db, key, 60_000)));
    const [row] = rowsOf<{ hits: number }>(
      await db.execute(sql`select hits from rate_limit_windows where key = ${key}`),
    );
    expect(row?.hits).toBe(40);
  });
});
