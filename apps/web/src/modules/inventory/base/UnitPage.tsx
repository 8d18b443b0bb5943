import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, type InvUnit, invBaseKeys, unitApi } from './baseData.api';
import { BaseListFrame, useBaseList, withFlag } from './components/BaseListFrame';
import { enabledFilterOptions } from './components/baseUi';
import { UnitFormModal } from './components/UnitFormModal';

/** Units of measure (inventory/base/unit): filter, add, edit, enable / disable, delete, export. */
export function UnitPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const listKey = useMemo(() => invBaseKeys.units(tenantId), [tenantId]);
  const base = useBaseList({
    listKey,
    api: unitApi,
    code: INV_BASE_CODES.unit,
    toggleBody: withFlag,
    nameOf: (u) => u.unitName,
  });
  const [editing, setEditing] = useState<{ unit: InvUnit | null } | null>(null);

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
    base.enabledColumn,
    {
      title: t('invBase:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    base.actionsColumn((unit) => setEditing({ unit })),
  ];

  return (
    <BaseListFrame<InvUnit>
      base={base}
      fields={fields}
      columns={columns}
      scrollX={800}
      onAdd={() => setEditing({ unit: null })}
      addText="invBase:unit.add"
      emptyText="invBase:unit.empty"
    >
      <UnitFormModal
        tenantId={tenantId}
        open={editing !== null}
        unit={editing?.unit ?? null}
        onClose={() => setEditing(null)}
      />
    </BaseListFrame>
  );
}
