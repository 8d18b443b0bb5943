import Pagination from 'antd/es/pagination';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../DataTable';
import type { PagedListState } from './usePagedList';

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'dataSource' | 'loading'> {
  list: PagedListState<T>;
}

/** A DataTable with the console's paginator under it (total, page sizes 10/20/50/100). */
export function PagedTable<T extends object>({ list, ...props }: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <div className="paged-table">
      <DataTable<T> {...props} dataSource={list.rows} loading={list.loading} />
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
