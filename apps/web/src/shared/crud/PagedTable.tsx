import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../DataTable';
import { EmptyState } from '../EmptyState/EmptyState';
import type { FilterValues } from '../FilterBar/FilterBar';
import type { PagedListState } from './usePagedList';

export interface PagedTableEmpty {
  /** The no-data title (…暂无数据). */
  title: ReactNode;
  /** The no-data state's add button, for holders of `addCode`. */
  onAdd?: () => void;
  addText?: ReactNode;
  addCode?: string;
  /** Filters that do not make a search (a starting base chosen in the shell). */
  ignoreFilters?: readonly string[];
  /**
   * A scope the list starts in (the header's base): when the list is empty only because of it, say so and
   * offer to drop it ("all bases") rather than a bare empty list (issue 12 item 7).
   */
  scope?: PagedTableScope;
}

export interface PagedTableScope {
  /** The filter that narrows to the scope, e.g. 'areaId'. */
  filter: string;
  /** What is missing in the scope ("No aerators at base A"). */
  title: ReactNode;
  /** The button that drops the scope ("Show all bases"). */
  widenText: ReactNode;
  /** Called after the list drops the scope, to clear the filter bar's field. */
  onWiden?: () => void;
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'dataSource' | 'loading'> {
  list: PagedListState<T>;
  /** The empty table: 'no search result' while filtered, else 'no data' with the add button. */
  empty?: PagedTableEmpty;
}

/** Whether the list is narrowed by a filter with a value (FilterBar already drops blanks). */
export const isFiltered = (filters: FilterValues, ignore: readonly string[] = []): boolean =>
  Object.entries(filters).some(([k, v]) => v !== undefined && v !== '' && !ignore.includes(k));

const hasValue = (v: unknown): boolean => v !== undefined && v !== '' && v !== null;

/** Which empty state an empty list shows: nothing matches a search, nothing in the scope, or no data. */
export const emptyKind = (
  filters: FilterValues,
  empty: PagedTableEmpty,
): 'noSearchResult' | 'scoped' | 'noData' => {
  const scope = empty.scope?.filter;
  if (isFiltered(filters, [...(empty.ignoreFilters ?? []), ...(scope ? [scope] : [])]))
    return 'noSearchResult';
  return scope && hasValue(filters[scope]) ? 'scoped' : 'noData';
};

/** The filters without the scope's. */
export const withoutScope = (filters: FilterValues, scope: string): FilterValues =>
  Object.fromEntries(Object.entries(filters).filter(([k]) => k !== scope));

function EmptyText<T>({ list, empty }: { list: PagedListState<T>; empty: PagedTableEmpty }) {
  const kind = emptyKind(list.filters, empty);
  if (kind === 'noSearchResult') return <EmptyState variant="noSearchResult" size="small" />;
  const scope = kind === 'scoped' ? empty.scope : undefined;
  return (
    <EmptyState
      variant="noData"
      size="small"
      title={scope ? scope.title : empty.title}
      onAdd={empty.onAdd}
      addText={empty.addText}
      addCode={empty.addCode}
      extra={
        scope ? (
          <Button
            onClick={() => {
              list.search(withoutScope(list.filters, scope.filter));
              scope.onWiden?.();
            }}
          >
            {scope.widenText}
          </Button>
        ) : undefined
      }
    />
  );
}

/** A DataTable with the console's paginator under it (total, page sizes 10/20/50/100). */
export function PagedTable<T extends object>({ list, empty, locale, ...props }: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <div className="paged-table">
      <DataTable<T>
        {...props}
        locale={empty ? { ...locale, emptyText: <EmptyText list={list} empty={empty} /> } : locale}
        dataSource={list.rows}
        loading={list.loading}
      />
      {list.total > 0 && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={list.page + 1}
          pageSize={list.size}
          total={list.total}
          showSizeChanger
          pageSizeOptions={[10, 20, 50, 100]}
          showTotal={(total) => t('list.total', { total })}
          onChange={(current, size) => list.setPage(size !== list.size ? 0 : current - 1, size)}
        />
      )}
    </div>
  );
}
