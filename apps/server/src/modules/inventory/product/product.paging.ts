import { sql } from 'drizzle-orm';

// One scan for a page and its total: the total rides along each row as a window count, so a filtered list
// (a keyword scan) is read once, not once for the page and again for the count.

export const countOver = sql<number>`count(*) over ()`.mapWith(Number);

interface Pageable<R> extends PromiseLike<R[]> {
  limit(n: number): { offset(n: number): PromiseLike<R[]> };
}

/** One page (limit undefined: all rows) and the total; the count query runs only past the last page. */
export const pageWithTotal = async <R extends { total: number }>(
  query: Pageable<R>,
  countAll: () => PromiseLike<{ n: number }[]>,
  limit: number | undefined,
  offset = 0,
): Promise<{ rows: R[]; total: number }> => {
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset);
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  if (limit === undefined || offset === 0) return { rows, total: 0 };
  const [c] = await countAll();
  return { rows, total: c?.n ?? 0 };
};
