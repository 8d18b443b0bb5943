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
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'dataSource' | 'loading'> {
  list: PagedListState<T>;
  /** The empty table: 'no search result' while filtered, else 'no data' with the add button. */
  empty?: PagedTableEmpty;
}

/** Whether the list is narrowed by a filter with a value (FilterBar already drops blanks). */
export const isFiltered = (filters: FilterValues, ignore: readonly string[] = []): boolean =>
  Object.entries(filters).some(([k, v]) => v !== undefined && v !== '' && !ignore.includes(k));

const emptyText = (filters: FilterValues, empty: PagedTableEmpty): ReactNode =>
  isFiltered(filters, empty.ignoreFilters) ? (
    <EmptyState variant="noSearchResult" size="small" />
  ) : (
    <EmptyState
      variant="noData"
      size="small"
      title={empty.title}
      onAdd={empty.onAdd}
      addText={empty.addText}
      addCode={empty.addCode}
    />
  );

/** A DataTable with the console's paginator under it (total, page sizes 10/20/50/100). */
export function PagedTable<T extends object>({ list, empty, locale, ...props }: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <div className="paged-table">
      <DataTable<T>
        {...props}
        locale={empty ? { ...locale, emptyText: emptyText(list.filters, empty) } : locale}
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
