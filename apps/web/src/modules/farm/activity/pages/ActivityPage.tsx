import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '@tilth/contracts/activity.types';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { usePermissions } from '../../../../shared/permission/usePermissions';
import { useShell } from '../../../../shell/ShellContext';
import { FileImage } from '../../../system/components/FileImage';
import { toFarmDayjs } from '../activityTime';
import { type Activity, activityApi, activityKeys, STATUS_COLORS, TYPE_COLORS } from '../api/activity.api';
import { ActivityCalendar } from '../components/ActivityCalendar';
import { ActivityFormModal } from '../components/ActivityFormModal';

export const ACTIVITY_CODES = {
  create: 'wfpf.farm.farm.activity.ps.create',
  edit: 'wfpf.farm.farm.activity.ps.edit',
  delete: 'wfpf.farm.farm.activity.ps.delete',
} as const;

type View = 'list' | 'calendar';
interface Editing {
  activity: Activity | null;
  day?: Dayjs;
}

/** Farm activities (farm/activity): a filtered list or a month calendar; add, edit, delete. */
export function ActivityPage() {
  const { t } = useTranslation(['farmActivity', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const selected = useSelectedArea();
  const canCreate = usePermissions([ACTIVITY_CODES.create]).allowed;
  const canEdit = usePermissions([ACTIVITY_CODES.edit]).allowed;
  const key = useMemo(() => activityKeys.list(tenantId), [tenantId]);
  const list = usePagedList<Activity>(key, (q) => activityApi.page(tenantId, q));
  const bases = useQuery({
    queryKey: activityKeys.bases(tenantId),
    queryFn: () => activityApi.bases(tenantId),
  });
  const [view, setView] = useState<View>('list');
  const [editing, setEditing] = useState<Editing | null>(null);
  const preset = useMemo(
    () => ({ areaId: selected?.areaId, day: editing?.day }),
    [selected?.areaId, editing?.day],
  );

  const fields: FilterField[] = [
    { name: 'activityName', label: t('farmActivity:field.activityName'), type: 'text' },
    {
      name: 'activityType',
      label: t('farmActivity:field.activityType'),
      type: 'select',
      options: ACTIVITY_TYPES.map((x) => ({ value: x, label: t(`farmActivity:type.${x}`) })),
    },
    {
      name: 'status',
      label: t('farmActivity:field.status'),
      type: 'select',
      options: ACTIVITY_STATUSES.map((x) => ({ value: x, label: t(`farmActivity:status.${x}`) })),
    },
    {
      name: 'areaId',
      label: t('farmActivity:field.area'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'period',
      label: t('farmActivity:field.dateRange'),
      type: 'dateRange',
      names: ['startDate', 'endDate'],
    },
  ];

  const remove = (a: Activity) =>
    confirmDelete(a.activityName, () => activityApi.remove(tenantId, a.activityId), list.refresh);

  const fmt = (iso: string) => toFarmDayjs(iso).format('YYYY-MM-DD HH:mm');
  const columns: ColumnsType<Activity> = [
    {
      title: t('farmActivity:field.cover'),
      dataIndex: 'coverUrl',
      width: 96,
      render: (v: string | null) => (v ? <FileImage url={v} width={64} height={48} /> : '—'),
    },
    { title: t('farmActivity:field.activityName'), dataIndex: 'activityName' },
    {
      title: t('farmActivity:field.activityType'),
      dataIndex: 'activityType',
      render: (v: string) => (
        <Tag color={TYPE_COLORS[v] ?? 'default'}>
          {(ACTIVITY_TYPES as readonly string[]).includes(v) ? t(`farmActivity:type.${v}`) : v}
        </Tag>
      ),
    },
    {
      title: t('farmActivity:field.status'),
      dataIndex: 'status',
      render: (v: Activity['status']) => <Tag color={STATUS_COLORS[v]}>{t(`farmActivity:status.${v}`)}</Tag>,
    },
    { title: t('farmActivity:field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: t('farmActivity:field.period'),
      key: 'period',
      render: (_, a) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {fmt(a.startTime)}
          <br />
          {fmt(a.endTime)}
        </span>
      ),
    },
    {
      title: t('farmActivity:field.location'),
      dataIndex: 'location',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('farmActivity:field.capacity'),
      dataIndex: 'capacity',
      render: (v: number | null) =>
        v === null ? t('farmActivity:field.unlimited') : new Intl.NumberFormat(undefined).format(v),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <RowActions
          onEdit={() => setEditing({ activity: a })}
          editCode={ACTIVITY_CODES.edit}
          onDelete={() => remove(a)}
          deleteCode={ACTIVITY_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'list', label: t('farmActivity:view.list'), icon: <AppstoreOutlined /> },
            { value: 'calendar', label: t('farmActivity:view.calendar'), icon: <CalendarOutlined /> },
          ]}
        />
      </div>
      {view === 'list' ? (
        <>
          <FilterBar
            fields={fields}
            onSearch={list.search}
            onAdd={() => setEditing({ activity: null })}
            addText={t('farmActivity:action.add')}
            addCode={ACTIVITY_CODES.create}
          />
          <PagedTable<Activity>
            list={list}
            rowKey="activityId"
            columns={columns}
            scroll={{ x: 1100 }}
            empty={{
              title: t('farmActivity:empty'),
              onAdd: () => setEditing({ activity: null }),
              addText: t('farmActivity:action.add'),
              addCode: ACTIVITY_CODES.create,
            }}
          />
        </>
      ) : (
        <ActivityCalendar
          tenantId={tenantId}
          onOpen={(a) => {
            if (canEdit) setEditing({ activity: a });
          }}
          onPickDay={(day) => {
            if (canCreate) setEditing({ activity: null, day });
          }}
        />
      )}
      <ActivityFormModal
        tenantId={tenantId}
        open={editing !== null}
        activity={editing?.activity ?? null}
        preset={preset}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
