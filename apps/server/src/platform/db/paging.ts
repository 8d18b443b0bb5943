import type { Page } from '@tilth/contracts';

/** The asked page: 0-based `page`, `size` 0 meaning every row. */
interface PageAsked {
  page: number;
  size: number;
}

/** limit/offset of a 0-based page; size 0 asks for everything (limit undefined). */
export const pageWindow = (q: PageAsked): { limit: number | undefined; offset: number } =>
  q.size === 0 ? { limit: undefined, offset: 0 } : { limit: q.size, offset: q.page * q.size };

/**
 * The Spring-Data page answer (ARCHITECTURE §3) for one page of `content` out of `total` rows. Size 0
 * answers everything as one page (0 pages when there are no rows), numbered 0 — except where the API has
 * always echoed the asked page number (`numberWhenAll: 'asked'`: notices, messages, market, user tenants),
 * kept so those answers do not change.
 */
export const pageAnswer = <T>(
  content: T[],
  total: number,
  q: PageAsked,
  { numberWhenAll = 'zero' }: { numberWhenAll?: 'zero' | 'asked' } = {},
): Page<T> => {
  const all = q.size === 0;
  return {
    content,
    totalElements: total,
    totalPages: all ? (total > 0 ? 1 : 0) : Math.ceil(total / q.size),
    number: all && numberWhenAll === 'zero' ? 0 : q.page,
    size: q.size,
  };
};

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
