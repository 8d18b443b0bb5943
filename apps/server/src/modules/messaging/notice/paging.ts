import type { Page, PageQuery } from '@tilth/contracts';

/** limit/offset of a 0-based page; size 0 asks for everything. */
export const pageWindow = (q: PageQuery): { limit: number | undefined; offset: number } =>
  q.size === 0 ? { limit: undefined, offset: 0 } : { limit: q.size, offset: q.page * q.size };

export const toPage = <T>(content: T[], total: number, q: PageQuery): Page<T> => ({
  content,
  totalElements: total,
  totalPages: q.size === 0 ? (total > 0 ? 1 : 0) : Math.ceil(total / q.size),
  number: q.page,
  size: q.size,
});
