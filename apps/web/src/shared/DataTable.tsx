import Table, { type TableProps } from 'antd/es/table';
import { useMemo } from 'react';
import { sizeColumns, widthSum } from './columnWidths';
import { EmptyState } from './EmptyState/EmptyState';

export type DataTableProps<T> = Omit<TableProps<T>, 'pagination' | 'bordered'>;

/** The table's columns and scroll: every column sized, scroll.x the sum of widths (never squeezed). */
export function tableLayout<T>(
  columns: TableProps<T>['columns'],
  scroll: TableProps<T>['scroll'],
): { columns: TableProps<T>['columns']; scroll: TableProps<T>['scroll'] } {
  if (!columns?.length) return { columns, scroll };
  const sized = sizeColumns(columns);
  // The sum wins over a page's guessed x: a smaller x squeezes columns under the fixed operation column.
  return { columns: sized, scroll: { ...scroll, x: widthSum(sized) } };
}

/**
 * The console's plain table (spec 01 §2.11): no pagination (pages add their own paginator) and no border;
 * the empty state when there are no rows. Columns get widths by kind and the table scrolls horizontally.
 */
export function DataTable<T extends object>({ locale, columns, scroll, ...props }: DataTableProps<T>) {
  const layout = useMemo(() => tableLayout(columns, scroll), [columns, scroll]);
  return (
    <Table<T>
      {...props}
      columns={layout.columns}
      scroll={layout.scroll}
      pagination={false}
      bordered={false}
      locale={{ ...locale, emptyText: locale?.emptyText ?? <EmptyState variant="noData" size="small" /> }}
    />
  );
}
