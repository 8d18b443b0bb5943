import { SYSTEM_DEVICE_CODES } from '@tilth/contracts/permissions';
import { SIM_STATUSES } from '@tilth/contracts/sim.types';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { SimFormModal } from './SimFormModal';
import { type SimCard, simApi, simKeys } from './sim.api';
import { usageText } from './simFormat';

export const STATUS_COLOR: Record<string, string> = {
  active: 'green',
  suspended: 'orange',
  cancelled: 'default',
};

/** IoT SIM cards (/system/sim-manage): list, filters, add, edit, delete, and each card's info page. */
export function SimPage() {
  const { t, i18n } = useTranslation(['sim', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => simKeys.list(tenantId), [tenantId]);
  const list = usePagedList<SimCard>(key, (q) => simApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ sim: SimCard | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'iccid', label: t('sim:field.iccid'), type: 'text' },
    { name: 'operator', label: t('sim:field.operator'), type: 'text' },
    {
      name: 'status',
      label: t('sim:field.status'),
      type: 'select',
      options: SIM_STATUSES.map((s) => ({ value: s, label: t(`sim:status.${s}`) })),
    },
  ];

  const columns: ColumnsType<SimCard> = [
    {
      title: t('sim:field.iccid'),
      dataIndex: 'iccid',
      render: (v: string, s) => (
        <Button type="link" size="small" onClick={() => navigate(`/system/sim-manage/info/${s.id}`)}>
          {v}
        </Button>
      ),
    },
    { title: t('sim:field.msisdn'), dataIndex: 'msisdn', render: (v: string | null) => v ?? NO_DATA },
    { title: t('sim:field.operator'), dataIndex: 'operator', render: (v: string | null) => v ?? NO_DATA },
    {
      title: t('sim:field.usage'),
      key: 'usage',
      render: (_, s) => usageText(s.usedMb, s.planMb, s.usagePercent, i18n.language),
    },
    {
      title: t('sim:field.status'),
      dataIndex: 'status',
      render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`sim:status.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      title: t('sim:field.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => v?.slice(0, 10) ?? NO_DATA,
    },
    { title: t('sim:field.deviceCount'), dataIndex: 'deviceCount' },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 200,
      render: (_, s) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => navigate(`/system/sim-manage/info/${s.id}`)}>
              {t('sim:action.info')}
            </Button>
          }
          onEdit={() => setEditing({ sim: s })}
          editCode={SYSTEM_DEVICE_CODES.simEdit}
          onDelete={() => confirmDelete(s.iccid, () => simApi.remove(tenantId, s.id), list.refresh)}
          deleteCode={SYSTEM_DEVICE_CODES.simDelete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ sim: null })}
        addText={t('sim:action.add')}
        addCode={SYSTEM_DEVICE_CODES.simCreate}
      />
      <PagedTable<SimCard>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{
          title: t('sim:empty'),
          onAdd: () => setEditing({ sim: null }),
          addText: t('sim:action.add'),
          addCode: SYSTEM_DEVICE_CODES.simCreate,
        }}
      />
      {editing ? (
        <SimFormModal tenantId={tenantId} sim={editing.sim} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
