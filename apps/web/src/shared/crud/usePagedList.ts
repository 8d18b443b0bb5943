import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts';
import { useCallback, useState } from 'react';
import type { Query } from '../api/client';
import type { FilterValues } from '../FilterBar/FilterBar';

export const DEFAULT_PAGE_SIZE = 10;

export interface PagedListState<T> {
  rows: T[];
  total: number;
  /** Zero-based, as the API pages. */
  page: number;
  size: number;
  loading: boolean;
  filters: FilterValues;
  /** New filters start again at the first page. */
  search: (filters: FilterValues) => void;
  setPage: (page: number, size?: number) => void;
  /** Refetch every page of this list (after a create, edit or delete). */
  refresh: () => Promise<void>;
}

/** The filters as a query string's values (what the list and its export send). */
export const toQuery = (filters: FilterValues): Query => {
  const out: Query = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
};

/**
 * One paged, filtered list backed by TanStack Query: every list page of the console uses it so paging,
 * filters and refresh behave the same everywhere. `key` names the list (e.g. ['farm', 'worker', tenantId]).
 */
export function usePagedList<T>(
  key: readonly unknown[],
  fetchPage: (query: Query & { page: number; size: number }) => Promise<Page<T>>,
  options: { pageSize?: number; initialFilters?: FilterValues; enabled?: boolean } = {},
): PagedListState<T> {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<FilterValues>(options.initialFilters ?? {});
  const [page, setPageState] = useState(0);
  const [size, setSize] = useState(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const query = useQuery({
    queryKey: [...key, 'page', filters, page, size],
    queryFn: () => fetchPage({ ...toQuery(filters), page, size }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const search = useCallback((next: FilterValues) => {
    setFilters(next);
    setPageState(0);
  }, []);
  const setPage = useCallback((next: number, nextSize?: number) => {
    setPageState(next);
    if (nextSize !== undefined) setSize(nextSize);
  }, []);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [...key] }),
    [queryClient, key],
  );
  return {
    rows: query.data?.content ?? [],
    total: query.data?.totalElements ?? 0,
    page,
    size,
    loading: query.isFetching,
    filters,
    search,
    setPage,
    refresh,
  };
}
