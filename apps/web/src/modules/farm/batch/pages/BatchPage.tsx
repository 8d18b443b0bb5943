import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../../shell/ShellContext';
import { TimelapseButton } from '../../../equipment/camera/timelapse/TimelapseModal';
import { baseApi, baseKeys } from '../../base/api/base.api';
import { type Batch, batchApi, batchKeys } from '../api/batch.api';
import { BATCH_STATUSES, BATCH_TYPES, PLANTING_STANDARDS } from '../batchForm';
import { BatchFormModal } from '../components/BatchFormModal';
import { BatchPlan } from '../components/BatchPlan';
import { HarvestModal } from '../components/HarvestModal';
import '../batch.css';
import { localName } from '../../../../shared/format/name';

export const BATCH_CODES = {
  create: 'wfpf.farm.farm.batch.ps.create',
  edit: 'wfpf.farm.farm.batch.ps.edit',
  delete: 'wfpf.farm.farm.batch.ps.delete',
} as const;

const STATUS_COLOR: Record<string, string> = { growing: 'green', harvested: 'gold', closed: 'default' };
const known = (list: readonly string[], v: string) => list.includes(v);

/** Batches (farm/batch): the list with filters and actions, and the plan (Gantt) view. */
export function BatchPage() {
  const { t, i18n } = useTranslation(['farmBatch', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const selected = useSelectedArea();
  const [view, setView] = useState<'list' | 'plan'>('list');
  const [editing, setEditing] = useState<{ batch: Batch | null } | null>(null);
  const [harvesting, setHarvesting] = useState<Batch | null>(null);
  const key = useMemo(() => batchKeys.all(tenantId), [tenantId]);
  const initialFilters = selected ? { areaId: selected.areaId } : {};
  const list = usePagedList<Batch>(key, (q) => batchApi.page(tenantId, q), { initialFilters });

  const areas = useQuery({ queryKey: baseKeys.options(tenantId), queryFn: () => baseApi.all(tenantId) });
  const lands = useQuery({
    queryKey: batchKeys.lands(tenantId, undefined),
    queryFn: () => batchApi.lands(tenantId),
  });
  const crops = useQuery({ queryKey: batchKeys.crops(tenantId), queryFn: () => batchApi.crops(tenantId) });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const fields: FilterField[] = [
    { name: 'batchName', label: t('farmBatch:field.batchName'), type: 'text' },
    {
      name: 'areaId',
      label: t('farmBatch:field.area'),
      type: 'select',
      showSearch: true,
      options: (areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'landId',
      label: t('farmBatch:field.land'),
      type: 'select',
      showSearch: true,
      options: (lands.data ?? []).map((l) => ({ value: l.landId, label: l.landName })),
    },
    {
      name: 'cropId',
      label: t('farmBatch:field.crop'),
      type: 'select',
      showSearch: true,
      options: (crops.data ?? []).map((c) => ({
        value: c.cropId,
        label: localName(c.cropName, c.cropEnName, i18n.language),
      })),
    },
    {
      name: 'status',
      label: t('farmBatch:field.status'),
      type: 'select',
      options: BATCH_STATUSES.map((s) => ({ value: s, label: t(`farmBatch:status.${s}`) })),
    },
    {
      name: 'batchType',
      label: t('farmBatch:field.batchType'),
      type: 'select',
      options: BATCH_TYPES.map((s) => ({ value: s, label: t(`farmBatch:type.${s}`) })),
    },
  ];

  const remove = (b: Batch) => confirmDelete(b.batchName, () => batchApi.remove(tenantId, b), list.refresh);

  const columns: ColumnsType<Batch> = [
    { title: t('farmBatch:field.batchCode'), dataIndex: 'batchCode', width: 150 },
    { title: t('farmBatch:field.batchName'), dataIndex: 'batchName' },
    {
      title: t('farmBatch:field.batchType'),
      dataIndex: 'batchType',
      render: (v: string) => (known(BATCH_TYPES, v) ? t(`farmBatch:type.${v}`) : v),
    },
    { title: t('farmBatch:field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('farmBatch:field.land'), dataIndex: 'landName', render: (v: string | null) => v ?? '—' },
    {
      title: t('farmBatch:field.crop'),
      key: 'crop',
      render: (_, b) => [b.cropName, b.varietyName].filter(Boolean).join(' · ') || '—',
    },
    {
      title: t('farmBatch:field.plantingStandard'),
      dataIndex: 'plantingStandard',
      render: (v: string) => (known(PLANTING_STANDARDS, v) ? t(`farmBatch:standard.${v}`) : v),
    },
    {
      title: t('farmBatch:field.period'),
      key: 'period',
      render: (_, b) => `${b.startDate} ~ ${b.endDate ?? '—'}`,
    },
    {
      title: t('farmBatch:field.status'),
      dataIndex: 'status',
      render: (v: string) => (
        <Tag color={STATUS_COLOR[v] ?? 'default'}>
          {known(BATCH_STATUSES, v) ? t(`farmBatch:status.${v}`) : v}
        </Tag>
      ),
    },
    {
      title: t('farmBatch:field.harvest'),
      key: 'harvest',
      render: (_, b) =>
        b.harvestQuantity === null
          ? '—'
          : `${number.format(b.harvestQuantity)} ${b.unit ?? ''} · ${b.harvestDate ?? ''}`,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_, b) => (
        <RowActions
          leading={
            b.landId ? (
              <TimelapseButton link scope={{ landId: b.landId, batchId: b.batchId }} name={b.batchName} />
            ) : null
          }
          onEdit={() => setEditing({ batch: b })}
          editCode={BATCH_CODES.edit}
          editExtra={
            b.status === 'growing' ? (
              <Button type="link" size="small" onClick={() => setHarvesting(b)}>
                {t('farmBatch:action.harvest')}
              </Button>
            ) : null
          }
          onDelete={() => remove(b)}
          deleteCode={BATCH_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <div className="tl-batch-head">
        <Segmented
          value={view}
          onChange={(v) => setView(v === 'plan' ? 'plan' : 'list')}
          options={[
            { value: 'list', label: t('farmBatch:view.list') },
            { value: 'plan', label: t('farmBatch:view.plan') },
          ]}
        />
      </div>
      {view === 'list' ? (
        <>
          <FilterBar
            fields={fields}
            initialValues={initialFilters}
            onSearch={list.search}
            onAdd={() => setEditing({ batch: null })}
            addText={t('farmBatch:action.add')}
            addCode={BATCH_CODES.create}
          />
          <PagedTable<Batch>
            list={list}
            rowKey="batchId"
            columns={columns}
            scroll={{ x: 1400 }}
            empty={{
              title: t('farmBatch:empty'),
              onAdd: () => setEditing({ batch: null }),
              addText: t('farmBatch:action.add'),
              addCode: BATCH_CODES.create,
              // The shell's base alone is a starting point, not a search.
              ignoreFilters: ['areaId'],
            }}
          />
        </>
      ) : (
        <BatchPlan tenantId={tenantId} initialAreaId={selected?.areaId} />
      )}
      <BatchFormModal
        tenantId={tenantId}
        open={editing !== null}
        batch={editing?.batch ?? null}
        defaultAreaId={selected?.areaId}
        onClose={() => setEditing(null)}
      />
      <HarvestModal tenantId={tenantId} batch={harvesting} onClose={() => setHarvesting(null)} />
    </section>
  );
}
