import type { Page } from '@tilth/contracts';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../../shared/api/client';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { type PagedListState, toQuery, usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField, type FilterValues } from '../../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../../shell/ShellContext';
import { ExportButton } from '../../../report/weather/ReportParts';
import { EnabledSwitch } from './baseUi';

// One frame for the base-data lists (units, attributes, warehouses, shops, counterparties): filters,
// table, paging, empty state, enable / disable in the row, delete refused while in use, Excel export.
// Each page keeps its own filters, columns and texts and hands them to the frame.

/** What every base-data row carries. */
export interface BaseRow {
  id: number;
  enabledFlag: number;
  objectVersionNumber: number;
}

/** The calls a base-data list makes (baseData.api `crud`). */
export interface BaseListApi<T extends BaseRow, B> {
  page: (tenantId: number, query: Query) => Promise<Page<T>>;
  /** The PUT; `B` is its body, which takes the row as the GET answered it. */
  update: (tenantId: number, id: number, body: B) => Promise<unknown>;
  remove: (tenantId: number, id: number, objectVersionNumber: number) => Promise<unknown>;
  exportFile: (tenantId: number, query: Query) => Promise<void>;
}

export interface BaseListConfig<T extends BaseRow, B> {
  listKey: readonly unknown[];
  api: BaseListApi<T, B>;
  /** The page's permission code: it allows add, edit, enable / disable and delete. */
  code: string;
  /** The name the delete confirmation asks about. */
  nameOf: (row: T) => string;
  /** The delete confirmation's explanation (default: anything in use cannot be deleted). */
  deleteHint?: string;
  deleteWidth?: number;
  /** The row as the enable / disable PUT sends it (usually `withFlag`: the row as answered). */
  toggleBody: (row: T, enabledFlag: 0 | 1) => B;
}

/** The row as the GET answered it with the other state: the usual enable / disable body. */
export const withFlag = <T extends BaseRow>(row: T, enabledFlag: 0 | 1): T & { enabledFlag: 0 | 1 } => ({
  ...row,
  enabledFlag,
});

/** The export of what the list shows: its current filters, without paging. */
export const exportWithFilters = (
  exportFile: (tenantId: number, query: Query) => Promise<void>,
  tenantId: number,
  filters: FilterValues,
): Promise<void> => exportFile(tenantId, toQuery(filters));

export interface BaseList<T extends BaseRow> {
  list: PagedListState<T>;
  tenantId: number;
  /** The status column: a switch for holders of the code, the state for others. */
  enabledColumn: ColumnType<T>;
  /** The operations column: edit (as the page does it) and delete with the refusal hint. */
  actionsColumn: (onEdit: (row: T) => void, opts?: { fixed?: boolean }) => ColumnType<T>;
  exportNow: () => Promise<void>;
  code: string;
}

export function useBaseList<T extends BaseRow, B>(cfg: BaseListConfig<T, B>): BaseList<T> {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const { api, code } = cfg;
  const list = usePagedList<T>(cfg.listKey, (q) => api.page(tenantId, q));
  const enabledColumn: ColumnType<T> = {
    title: t('invBase:field.enabled'),
    dataIndex: 'enabledFlag',
    render: (_, row) => (
      <EnabledSwitch
        flag={row.enabledFlag}
        code={code}
        onToggle={async (enabledFlag) => {
          await api.update(tenantId, row.id, cfg.toggleBody(row, enabledFlag));
          await list.refresh();
        }}
      />
    ),
  };
  const actionsColumn = (onEdit: (row: T) => void, opts: { fixed?: boolean } = {}): ColumnType<T> => ({
    title: t('common:action.operation'),
    key: 'actions',
    width: 140,
    ...(opts.fixed ? { fixed: 'right' as const } : {}),
    render: (_, row) => (
      <RowActions
        onEdit={() => onEdit(row)}
        editCode={code}
        onDelete={() =>
          confirmDelete(
            cfg.nameOf(row),
            () => api.remove(tenantId, row.id, row.objectVersionNumber),
            list.refresh,
            {
              content: t(cfg.deleteHint ?? 'invBase:deleteHint'),
              ...(cfg.deleteWidth === undefined ? {} : { width: cfg.deleteWidth }),
            },
          )
        }
        deleteCode={code}
      />
    ),
  });
  const { filters } = list;
  const exportNow = useCallback(
    () => exportWithFilters(api.exportFile, tenantId, filters),
    [api.exportFile, tenantId, filters],
  );
  return { list, tenantId, enabledColumn, actionsColumn, exportNow, code };
}

/** The Excel export above a list, at its right (every inventory list has one). */
/** The list's toolbar row above the table: the page's own buttons (if any), then Export. */
export function ExportBar({ run, children }: { run: () => Promise<void>; children?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginBottom: 12 }}>
      {children}
      <ExportButton run={run} />
    </div>
  );
}

interface BaseListFrameProps<T extends BaseRow> {
  base: BaseList<T>;
  fields: FilterField[];
  columns: ColumnsType<T>;
  scrollX: number;
  onAdd: () => void;
  /** Translation keys of the add button and the empty list's title. */
  addText: string;
  emptyText: string;
  /** The page's dialogs (add / edit form). */
  children?: ReactNode;
}

export function BaseListFrame<T extends BaseRow>({
  base,
  fields,
  columns,
  scrollX,
  onAdd,
  addText,
  emptyText,
  children,
}: BaseListFrameProps<T>) {
  const { t } = useTranslation(['invBase', 'common']);
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={base.list.search}
        onAdd={onAdd}
        addText={t(addText)}
        addCode={base.code}
      />
      <ExportBar run={base.exportNow} />
      <PagedTable<T>
        list={base.list}
        rowKey="id"
        columns={columns}
        scroll={{ x: scrollX }}
        empty={{ title: t(emptyText), onAdd, addText: t(addText), addCode: base.code }}
      />
      {children}
    </section>
  );
}
