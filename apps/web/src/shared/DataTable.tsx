import Table, { type TableProps } from 'antd/es/table';
import { EmptyState } from './EmptyState/EmptyState';

export type DataTableProps<T> = Omit<TableProps<T>, 'pagination' | 'bordered'>;

/**
 * The console's plain table (spec 01 §2.11): no pagination (pages add their own paginator) and no border;
 * the empty state when there are no rows.
 */
export function DataTable<T extends object>({ locale, ...props }: DataTableProps<T>) {
  return (
    <Table<T>
      {...props}
      pagination={false}
      bordered={false}
      locale={{ ...locale, emptyText: locale?.emptyText ?? <EmptyState variant="noData" size="small" /> }}
    />
  );
}
