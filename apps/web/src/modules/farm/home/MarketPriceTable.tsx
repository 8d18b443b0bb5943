import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './marketTable.css';

// The market card's price list: a few rows a page, no sorting, filtering or selection. A plain table drawn
// like antd's small Table and small Pagination (marketTable.css, values read from antd's rendering), since
// antd's Table brought ≈ 60 KB gzip (rc-table, Tree, Checkbox, Radio, Form internals) to the farm home.

export interface MarketColumn<T> {
  key: string;
  title: string;
  align?: 'right';
  /** Shown from antd's `sm` breakpoint (576 px) up. */
  smUp?: boolean;
  /** One line, cut with an ellipsis and the full text as its title. */
  ellipsis?: boolean;
  render: (row: T) => ReactNode;
}

interface MarketPriceTableProps<T> {
  columns: MarketColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  pageSize: number;
  rowTitle: string;
  onOpen: (row: T) => void;
}

/** antd's page list: all pages up to 7, else the first, the last and two either side of the current. */
export const pageItems = (current: number, pages: number): (number | 'prev5' | 'next5')[] => {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? ['prev5' as const] : []),
    ...middle,
    ...(to < pages - 1 ? ['next5' as const] : []),
    pages,
  ];
};

const cellClass = <T,>(column: MarketColumn<T>): string | undefined =>
  [
    column.align === 'right' && 'tl-mtable__right',
    column.smUp && 'tl-mtable__sm',
    column.ellipsis && 'tl-mtable__ellipsis',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

export function MarketPriceTable<T>({
  columns,
  rows,
  rowKey,
  pageSize,
  rowTitle,
  onOpen,
}: MarketPriceTableProps<T>) {
  const { t } = useTranslation('market');
  // The page belongs to the rows it was chosen in: another market or search starts on its first page.
  const [paged, setPaged] = useState({ rows, page: 1 });
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(paged.rows === rows ? paged.page : 1, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  const go = (to: number) => setPaged({ rows, page: Math.min(pages, Math.max(1, to)) });

  return (
    <div className="tl-mtable">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr
              key={rowKey(row)}
              title={rowTitle}
              tabIndex={0}
              onClick={() => onOpen(row)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(row);
              }}
            >
              {columns.map((column) => {
                const content = column.render(row);
                return (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    title={column.ellipsis && typeof content === 'string' ? content : undefined}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="tl-mpager" aria-label={t('pager.label')}>
          <button
            type="button"
            className="tl-mpager__step"
            disabled={current === 1}
            aria-label={t('pager.prev')}
            onClick={() => go(current - 1)}
          >
            <LeftOutlined />
          </button>
          {pageItems(current, pages).map((item) =>
            typeof item === 'number' ? (
              <button
                key={item}
                type="button"
                className={`tl-mpager__item${item === current ? ' is-active' : ''}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            ) : (
              <button
                key={item}
                type="button"
                className="tl-mpager__jump"
                aria-label={t(item === 'prev5' ? 'pager.prev5' : 'pager.next5')}
                onClick={() => go(item === 'prev5' ? current - 5 : current + 5)}
              >
                •••
              </button>
            ),
          )}
          <button
            type="button"
            className="tl-mpager__step"
            disabled={current === pages}
            aria-label={t('pager.next')}
            onClick={() => go(current + 1)}
          >
            <RightOutlined />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
