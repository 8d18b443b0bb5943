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
import { useMessage } from '../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type Worker, workerApi, workerKeys } from '../api/worker.api';
import { WorkerFormModal } from '../components/WorkerFormModal';

export const WORKER_CODES = {
  create: 'wfpf.farm.farm.worker.ps.create',
  edit: 'wfpf.farm.farm.worker.ps.edit',
  delete: 'wfpf.farm.farm.worker.ps.delete',
} as const;

/** Workers of the enterprise (farm/worker): list, filters, add, edit, enable/disable, delete. */
export function WorkerPage() {
  const { t } = useTranslation(['farmWorker', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const message = useMessage();
  const selected = useSelectedArea();
  const key = useMemo(() => workerKeys.list(tenantId), [tenantId]);
  const list = usePagedList<Worker>(key, (q) => workerApi.page(tenantId, q));
  const bases = useQuery({ queryKey: workerKeys.bases(tenantId), queryFn: () => workerApi.bases(tenantId) });
  const [editing, setEditing] = useState<{ worker: Worker | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'name', label: t('farmWorker:field.name'), type: 'text' },
    {
      name: 'organizationId',
      label: t('farmWorker:field.organization'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'enabledFlag',
      label: t('farmWorker:field.enabled'),
      type: 'select',
      options: [1, 0].map((f) => ({ value: f, label: t(`farmWorker:enabled.${f}`) })),
    },
  ];

  const remove = (w: Worker) =>
    confirmDelete(w.name, () => workerApi.remove(tenantId, w.workerId), list.refresh, {
      content: t('farmWorker:message.deleteHint'),
      width: 360,
    });

  const toggle = async (w: Worker) => {
    try {
      await workerApi.update(tenantId, {
        workerId: w.workerId,
        objectVersionNumber: w.objectVersionNumber,
        name: w.name,
        enabledFlag: w.enabledFlag === 1 ? 0 : 1,
      });
      message.success(t('common:message.saved'));
      await list.refresh();
    } catch {
      // Shown by the API client (stale version …).
    }
  };

  const columns: ColumnsType<Worker> = [
    { title: t('farmWorker:field.name'), dataIndex: 'name' },
    { title: t('farmWorker:field.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
    {
      title: t('farmWorker:field.organization'),
      dataIndex: 'areaName',
      render: (_, w) =>
        w.organizationId === null ? t('farmWorker:field.organizationNone') : (w.areaName ?? '—'),
    },
    { title: t('farmWorker:field.jobTitle'), dataIndex: 'jobTitle', render: (v: string | null) => v || '—' },
    {
      title: t('farmWorker:field.user'),
      dataIndex: 'userName',
      render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : '—'),
    },
    {
      title: t('farmWorker:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) =>
        v === 1 ? (
          <Tag color="green">{t('farmWorker:enabled.1')}</Tag>
        ) : (
          <Tag>{t('farmWorker:enabled.0')}</Tag>
        ),
    },
    {
      title: t('farmWorker:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 200,
      render: (_, w) => (
        <RowActions
          onEdit={() => setEditing({ worker: w })}
          editCode={WORKER_CODES.edit}
          editExtra={
            <Button type="link" size="small" onClick={() => void toggle(w)}>
              {w.enabledFlag === 1 ? t('farmWorker:action.disable') : t('farmWorker:action.enable')}
            </Button>
          }
          onDelete={() => remove(w)}
          deleteCode={WORKER_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ worker: null })}
        addText={t('farmWorker:action.add')}
        addCode={WORKER_CODES.create}
      />
      <PagedTable<Worker>
        list={list}
        rowKey="workerId"
        columns={columns}
        scroll={{ x: 960 }}
        empty={{
          title: t('farmWorker:empty'),
          onAdd: () => setEditing({ worker: null }),
          addText: t('farmWorker:action.add'),
          addCode: WORKER_CODES.create,
        }}
      />
      <WorkerFormModal
        tenantId={tenantId}
        open={editing !== null}
        worker={editing?.worker ?? null}
        areaId={selected?.areaId}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
