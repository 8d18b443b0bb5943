import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { baseApi, baseKeys } from '../../base/api/base.api';
import { type FarmLog, farmLogApi, farmLogKeys } from '../api/farmLog.api';
import { FarmLogDrawer, LOG_TIME_FORMAT } from '../components/FarmLogDrawer';
import { FarmLogFormModal } from '../components/FarmLogFormModal';
import { LogPicture } from '../components/LogPicture';
import {
  FARM_LOG_CODES,
  FARM_LOG_LEVELS,
  FARM_LOG_SOURCES,
  isLevel,
  isSource,
  LEVEL_COLOR,
} from '../farmLogModel';
import '../farmLog.css';

/** Farm logs (farm/log): filters, the paged list with level tags, add / edit with pictures, detail drawer. */
export function FarmLogPage() {
  const { t } = useTranslation(['farmLog', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const selected = useSelectedArea();
  const [editing, setEditing] = useState<{ log: FarmLog | null } | null>(null);
  const [viewing, setViewing] = useState<FarmLog | null>(null);
  const key = useMemo(() => farmLogKeys.all(tenantId), [tenantId]);
  const initialFilters = selected ? { areaId: selected.areaId } : {};
  const list = usePagedList<FarmLog>(key, (q) => farmLogApi.page(tenantId, q), { initialFilters });
  const areas = useQuery({ queryKey: baseKeys.options(tenantId), queryFn: () => baseApi.all(tenantId) });
  const lands = useQuery({
    queryKey: farmLogKeys.lands(tenantId),
    queryFn: () => farmLogApi.lands(tenantId),
  });
  const filterArea = list.filters.areaId;

  const fields: FilterField[] = [
    { name: 'title', label: t('field.title'), type: 'text' },
    {
      name: 'level',
      label: t('field.level'),
      type: 'select',
      options: FARM_LOG_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) })),
    },
    {
      name: 'areaId',
      label: t('field.area'),
      type: 'select',
      showSearch: true,
      options: (areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'landId',
      label: t('field.land'),
      type: 'select',
      showSearch: true,
      options: (lands.data ?? [])
        .filter((l) => typeof filterArea !== 'number' || l.areaId === filterArea)
        .map((l) => ({ value: l.landId, label: l.landName })),
    },
    {
      name: 'source',
      label: t('field.source'),
      type: 'select',
      options: FARM_LOG_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) })),
    },
    { name: 'dateRange', label: t('field.dateRange'), type: 'dateRange', names: ['startDate', 'endDate'] },
  ];

  const remove = (log: FarmLog) =>
    confirmDelete(log.title, () => farmLogApi.remove(tenantId, log), list.refresh);

  const columns: ColumnsType<FarmLog> = [
    {
      title: t('field.logTime'),
      dataIndex: 'logTime',
      width: 150,
      render: (v: string) => formatDateTime(v, LOG_TIME_FORMAT),
    },
    {
      title: t('field.title'),
      dataIndex: 'title',
      render: (v: string, log) => (
        <Button type="link" className="tl-log-title" onClick={() => setViewing(log)}>
          {v}
        </Button>
      ),
    },
    {
      title: t('field.level'),
      dataIndex: 'level',
      width: 100,
      render: (v: string) => (
        <Tag color={LEVEL_COLOR[v] ?? 'default'}>{isLevel(v) ? t(`level.${v}`) : v}</Tag>
      ),
    },
    {
      title: t('field.place'),
      key: 'place',
      render: (_, log) => [log.areaName, log.landName].filter(Boolean).join(' · ') || '—',
    },
    {
      title: t('field.pictures'),
      dataIndex: 'pictures',
      width: 120,
      render: (pictures: string[]) =>
        pictures.length ? (
          <span className="tl-log-cell-pictures">
            {pictures[0] ? <LogPicture url={pictures[0]} size={36} /> : null}
            {pictures.length > 1 ? <span>+{pictures.length - 1}</span> : null}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('field.source'),
      dataIndex: 'source',
      width: 100,
      render: (v: string) => (isSource(v) ? t(`source.${v}`) : v),
    },
    {
      title: t('field.createdBy'),
      dataIndex: 'createdByName',
      width: 120,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 180,
      render: (_, log) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setViewing(log)}>
              {t('common:action.detail')}
            </Button>
          }
          onEdit={() => setEditing({ log })}
          editCode={FARM_LOG_CODES.edit}
          onDelete={() => remove(log)}
          deleteCode={FARM_LOG_CODES.delete}
        />
      ),
    },
  ];

  const filtered = Object.values(list.filters).some((v) => v !== undefined);
  return (
    <div className="tl-page tl-log-page">
      <FilterBar
        fields={fields}
        initialValues={initialFilters}
        onSearch={list.search}
        onAdd={() => setEditing({ log: null })}
        addText={t('action.add')}
        addCode={FARM_LOG_CODES.create}
      />
      <PagedTable<FarmLog>
        list={list}
        rowKey="logId"
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{
          emptyText: (
            <EmptyState
              variant="noData"
              size="small"
              title={filtered ? t('empty.filtered') : t('empty.title')}
              description={filtered ? undefined : t('empty.description')}
              onAdd={filtered ? undefined : () => setEditing({ log: null })}
              addText={t('action.add')}
              addCode={FARM_LOG_CODES.create}
            />
          ),
        }}
      />
      <FarmLogFormModal
        tenantId={tenantId}
        open={editing !== null}
        log={editing?.log ?? null}
        defaultAreaId={selected?.areaId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refresh();
        }}
      />
      <FarmLogDrawer log={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
