import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, type InvUnit, invBaseKeys, unitApi } from './baseData.api';
import { EnabledSwitch, enabledFilterOptions } from './components/baseUi';
import { UnitFormModal } from './components/UnitFormModal';

/** Units of measure (inventory/base/unit): filter, add, edit, enable / disable, delete. */
export function UnitPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => invBaseKeys.units(tenantId), [tenantId]);
  const list = usePagedList<InvUnit>(key, (q) => unitApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ unit: InvUnit | null } | null>(null);
  const code = INV_BASE_CODES.unit;

  const fields: FilterField[] = [
    { name: 'unitName', label: t('invBase:unit.unitName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('invBase:field.enabled'),
      type: 'select',
      options: enabledFilterOptions(t),
    },
  ];
  const columns: ColumnsType<InvUnit> = [
    { title: t('invBase:unit.unitName'), dataIndex: 'unitName' },
    { title: t('invBase:unit.unitCode'), dataIndex: 'unitCode' },
    {
      title: t('invBase:field.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string | null) => v || NO_DATA,
    },
    {
      title: t('invBase:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (_, u) => (
        <EnabledSwitch
          flag={u.enabledFlag}
          code={code}
          onToggle={async (enabledFlag) => {
            await unitApi.update(tenantId, u.id, { ...u, enabledFlag });
            await list.refresh();
          }}
        />
      ),
    },
    {
      title: t('invBase:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, u) => (
        <RowActions
          onEdit={() => setEditing({ unit: u })}
          editCode={code}
          onDelete={() =>
            confirmDelete(
              u.unitName,
              () => unitApi.remove(tenantId, u.id, u.objectVersionNumber),
              list.refresh,
              {
                content: t('invBase:deleteHint'),
              },
            )
          }
          deleteCode={code}
        />
      ),
    },
  ];
  const add = () => setEditing({ unit: null });

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('invBase:unit.add')}
        addCode={code}
      />
      <PagedTable<InvUnit>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 800 }}
        empty={{ title: t('invBase:unit.empty'), onAdd: add, addText: t('invBase:unit.add'), addCode: code }}
      />
      <UnitFormModal
        tenantId={tenantId}
        open={editing !== null}
        unit={editing?.unit ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
