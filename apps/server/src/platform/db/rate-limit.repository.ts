import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

export interface WindowHits {
  current: number;
  ttl: number;
}

/**
 * Counts one hit of `key` in its window, opening a new window of `windowMs` when none is open; one
 * statement, so processes counting at once never lose a hit. Answers the hits and the window's rest in ms.
 */
export const countHit = async (db: Db, key: string, windowMs: number): Promise<WindowHits> => {
  const res = await db.execute(sql`
    insert into rate_limit_windows as w (key, hits, expires_at)
    values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs}::float8 / 1000))
    on conflict (key) do update set
      hits = case when w.expires_at <= clock_timestamp() then 1 else w.hits + 1 end,
      expires_at = case when w.expires_at <= clock_timestamp() then excluded.expires_at else w.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::int as ttl`);
  const row = rowsOf<{ hits: number; ttl: number }>(res)[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
};

/** The hits of `key`'s open window without counting one (0 when none is open). */
export const readHits = async (db: Db, key: string): Promise<WindowHits> => {
  const res = await db.execute(sql`
    select hits, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::int as ttl
    from rate_limit_windows where key = ${key} and expires_at > clock_timestamp()`);
  const row = rowsOf<{ hits: number; ttl: number }>(res)[0];
  return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
};

/** Deletes windows that ended a while ago, so the table holds only live addresses. */
export const sweepWindows = async (db: Db): Promise<void> => {
  await db.execute(
    sql`delete from rate_limit_windows where expires_at < clock_timestamp() - interval '1 minute'`,
  );
};
