import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, type InvStandard, invBaseKeys, standardApi } from './baseData.api';
import { EnabledSwitch, enabledFilterOptions } from './components/baseUi';
import { StandardFormModal } from './components/StandardFormModal';

/** Specification attributes (inventory/base/standard) and their values: 重量等级 500g / 1kg / 5kg… */
export function StandardPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => invBaseKeys.standards(tenantId), [tenantId]);
  const list = usePagedList<InvStandard>(key, (q) => standardApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ standard: InvStandard | null } | null>(null);
  const code = INV_BASE_CODES.standard;

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
    {
      title: t('invBase:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (_, s) => (
        <EnabledSwitch
          flag={s.enabledFlag}
          code={code}
          onToggle={async (enabledFlag) => {
            await standardApi.update(tenantId, s.id, { ...s, enabledFlag });
            await list.refresh();
          }}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, s) => (
        <RowActions
          onEdit={() => setEditing({ standard: s })}
          editCode={code}
          onDelete={() =>
            confirmDelete(
              s.standardName,
              () => standardApi.remove(tenantId, s.id, s.objectVersionNumber),
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
  const add = () => setEditing({ standard: null });

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('invBase:standard.add')}
        addCode={code}
      />
      <PagedTable<InvStandard>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{
          title: t('invBase:standard.empty'),
          onAdd: add,
          addText: t('invBase:standard.add'),
          addCode: code,
        }}
      />
      <StandardFormModal
        tenantId={tenantId}
        open={editing !== null}
        standard={editing?.standard ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
