import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
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
  const { modal } = App.useApp();
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

  const remove = (w: Worker) => {
    modal.confirm({
      title: t('common:confirm.delete', { name: w.name }),
      content: t('farmWorker:message.deleteHint'),
      width: 360,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await workerApi.remove(tenantId, w.workerId);
          message.success(t('common:message.deleted'));
          await list.refresh();
        } catch {
          // The server's reason (open tasks: disable instead) was shown by the API client.
        }
      },
    });
  };

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
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 200,
      render: (_, w) => (
        <Space size={0}>
          <PermissionGuard codes={[WORKER_CODES.edit]}>
            <Button type="link" size="small" onClick={() => setEditing({ worker: w })}>
              {t('common:action.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => void toggle(w)}>
              {w.enabledFlag === 1 ? t('farmWorker:action.disable') : t('farmWorker:action.enable')}
            </Button>
          </PermissionGuard>
          <PermissionGuard codes={[WORKER_CODES.delete]}>
            <Button type="link" size="small" danger onClick={() => remove(w)}>
              {t('common:action.delete')}
            </Button>
          </PermissionGuard>
        </Space>
      ),
    },
  ];

  const filtered = Object.keys(list.filters).length > 0;
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
        locale={{
          emptyText: filtered ? (
            <EmptyState variant="noSearchResult" size="small" />
          ) : (
            <EmptyState
              variant="noData"
              size="small"
              title={t('farmWorker:empty')}
              onAdd={() => setEditing({ worker: null })}
              addText={t('farmWorker:action.add')}
              addCode={WORKER_CODES.create}
            />
          ),
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
