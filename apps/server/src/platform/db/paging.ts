/** A Drizzle select that can be paged (limit, then offset) and awaited for its rows. */
interface Pageable<R> extends PromiseLike<R[]> {
  limit(n: number): { offset(n: number): PromiseLike<R[]> };
}

/**
 * One page of a list query and the total count of its filter. `limit` undefined means every row
 * (size=0 in the API), counted as they come, so no count query is run.
 */
export const pageRows = async <R>(
  query: Pageable<R>,
  countAll: () => PromiseLike<{ n: number }[]>,
  limit: number | undefined,
  offset = 0,
): Promise<{ rows: R[]; total: number }> => {
  if (limit === undefined) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const rows = await query.limit(limit).offset(offset);
  const [c] = await countAll();
  return { rows, total: c?.n ?? 0 };
};
