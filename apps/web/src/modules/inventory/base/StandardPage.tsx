import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, type InvStandard, invBaseKeys, standardApi } from './baseData.api';
import { BaseListFrame, useBaseList, withFlag } from './components/BaseListFrame';
import { enabledFilterOptions } from './components/baseUi';
import { StandardFormModal } from './components/StandardFormModal';

/** Specification attributes (inventory/base/standard) and their values: 重量等级 500g / 1kg / 5kg… */
export function StandardPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const listKey = useMemo(() => invBaseKeys.standards(tenantId), [tenantId]);
  const base = useBaseList({
    listKey,
    api: standardApi,
    code: INV_BASE_CODES.standard,
    toggleBody: withFlag,
    nameOf: (s) => s.standardName,
  });
  const [editing, setEditing] = useState<{ standard: InvStandard | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'standardName', label: t('invBase:standard.standardName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('invBase:field.enabled'),
      type: 'select',
      options: enabledFilterOptions(t),
    },
  ];
  const columns: ColumnsType<InvStandard> = [
    { title: t('invBase:standard.standardName'), dataIndex: 'standardName', width: 180 },
    {
      title: t('invBase:standard.values'),
      dataIndex: 'values',
      render: (_, s) => (
        <Space size={[4, 4]} wrap>
          {s.values.map((v) => (
            <Tag key={v.id}>{v.valueName}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('invBase:standard.sortNo'), dataIndex: 'sortNo', width: 90 },
    {
      title: t('invBase:field.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string | null) => v || NO_DATA,
    },
    base.enabledColumn,
    base.actionsColumn((standard) => setEditing({ standard })),
  ];

  return (
    <BaseListFrame<InvStandard>
      base={base}
      fields={fields}
      columns={columns}
      scrollX={900}
      onAdd={() => setEditing({ standard: null })}
      addText="invBase:standard.add"
      emptyText="invBase:standard.empty"
    >
      <StandardFormModal
        tenantId={tenantId}
        open={editing !== null}
        standard={editing?.standard ?? null}
        onClose={() => setEditing(null)}
      />
    </BaseListFrame>
  );
}
