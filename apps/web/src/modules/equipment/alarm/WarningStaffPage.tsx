import { ALARM_CODES } from '@tilth/contracts/permissions';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../shell/ShellContext';
import { type AlarmStaff, alarmApi, alarmKeys } from './alarm.api';
import { SEVERITY_COLOR } from './alarmFormat';
import { StaffFormModal } from './StaffFormModal';

/** equipment/warning-staff: who is told about alarms, how (console, SMS) and from which severity. */
export function WarningStaffPage() {
  const { t } = useTranslation(['alarm', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => alarmKeys.staff(tenantId), [tenantId]);
  const list = usePagedList<AlarmStaff>(key, (q) => alarmApi.staff(tenantId, q));
  const [editing, setEditing] = useState<{ staff: AlarmStaff | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'name', label: t('alarm:field.staffName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('alarm:field.enabled'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`alarm:enabled.${v}`) })),
    },
  ];

  const columns: ColumnsType<AlarmStaff> = [
    { title: t('alarm:field.staffName'), dataIndex: 'name' },
    {
      title: t('alarm:field.user'),
      dataIndex: 'userName',
      render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : '—'),
    },
    { title: t('alarm:field.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
    {
      title: t('alarm:field.channels'),
      key: 'channels',
      render: (_, s) => (
        <>
          {s.notifyInApp ? <Tag>{t('alarm:channel.inApp')}</Tag> : null}
          {s.notifySms ? <Tag>{t('alarm:channel.sms')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('alarm:field.minSeverity'),
      dataIndex: 'minSeverity',
      render: (v: AlarmStaff['minSeverity']) => (
        <Tag color={SEVERITY_COLOR[v]}>{t(`alarm:severity.${v}`)}</Tag>
      ),
    },
    {
      title: t('alarm:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) =>
        v === 1 ? <Tag color="green">{t('alarm:enabled.1')}</Tag> : <Tag>{t('alarm:enabled.0')}</Tag>,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, s) => (
        <RowActions
          onEdit={() => setEditing({ staff: s })}
          editCode={ALARM_CODES.staffEdit}
          onDelete={() =>
            confirmDelete(s.name, () => alarmApi.removeStaff(tenantId, s.id), list.refresh, {
              content: t('alarm:staff.deleteHint'),
            })
          }
          deleteCode={ALARM_CODES.staffDelete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ staff: null })}
        addText={t('alarm:action.addStaff')}
        addCode={ALARM_CODES.staffCreate}
      />
      <PagedTable<AlarmStaff>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{
          title: t('alarm:empty'),
          onAdd: () => setEditing({ staff: null }),
          addText: t('alarm:action.addStaff'),
          addCode: ALARM_CODES.staffCreate,
        }}
      />
      <StaffFormModal
        tenantId={tenantId}
        open={editing !== null}
        staff={editing?.staff ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
