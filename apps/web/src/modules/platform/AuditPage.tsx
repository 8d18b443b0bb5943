import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../shared/crud/PagedTable';
import { usePagedList } from '../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../shared/format/time';
import { auditDiff, type DiffRow } from './auditDiff';
import { PlatformGate } from './PlatformGate';
import { dayBound, type PlatformAuditEntry, platformApi, platformKeys } from './platform.api';

/** The audit entries of every tenant, for the platform administrator: filters and a before/after view. */
export function AuditPage() {
  return (
    <PlatformGate>
      <AuditList />
    </PlatformGate>
  );
}

function AuditList() {
  const { t } = useTranslation(['platform', 'common']);
  const tenants = useQuery({
    queryKey: [...platformKeys.tenants, 'all'],
    queryFn: () => platformApi.tenants({ page: 0, size: 0 }),
  });
  const list = usePagedList<PlatformAuditEntry>(
    platformKeys.audit,
    ({ fromDay, toDay, ...q }) =>
      platformApi.audit({
        ...q,
        ...(typeof fromDay === 'string' ? { from: dayBound(fromDay, false) } : {}),
        ...(typeof toDay === 'string' ? { to: dayBound(toDay, true) } : {}),
      }),
    { pageSize: 20 },
  );
  const [shown, setShown] = useState<PlatformAuditEntry | null>(null);

  const fields: FilterField[] = [
    {
      name: 'tenantId',
      label: t('platform:audit.tenant'),
      type: 'select',
      showSearch: true,
      options: (tenants.data?.content ?? []).map((x) => ({
        value: x.id,
        label: `${x.tenantName} (${x.tenantNum})`,
      })),
    },
    {
      name: 'action',
      label: t('platform:audit.action'),
      type: 'text',
      placeholder: 'tenant. / tenant.disable',
    },
    { name: 'actor', label: t('platform:audit.actor'), type: 'text' },
    { name: 'period', label: t('platform:audit.period'), type: 'dateRange', names: ['fromDay', 'toDay'] },
  ];

  const columns: ColumnsType<PlatformAuditEntry> = [
    { title: t('platform:audit.at'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('platform:audit.tenant'),
      dataIndex: 'tenantName',
      render: (v: string | null, e) => v ?? String(e.tenantId),
    },
    {
      title: t('platform:audit.actor'),
      dataIndex: 'actorName',
      render: (v: string, e) => (e.actorKind === 'user' ? v : `${v} (${e.actorKind})`),
    },
    { title: t('platform:audit.action'), dataIndex: 'action', render: (v: string) => <Tag>{v}</Tag> },
    {
      title: t('platform:audit.target'),
      render: (_, e) => e.targetName ?? e.targetId ?? '—',
    },
    { title: t('platform:audit.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
    {
      title: t('common:action.operation'),
      width: 100,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setShown(e)}>
          {t('platform:audit.changes')}
        </Button>
      ),
    },
  ];

  const diffColumns: ColumnsType<DiffRow> = [
    { title: t('platform:audit.field'), dataIndex: 'field', width: 160 },
    { title: t('platform:audit.before'), dataIndex: 'before', render: (v: string) => v || '—' },
    {
      title: t('platform:audit.after'),
      dataIndex: 'after',
      render: (v: string, r) => (r.changed ? <strong>{v || '—'}</strong> : v || '—'),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<PlatformAuditEntry>
        list={list}
        rowKey={(e) => `${e.tenantId}:${e.id}`}
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{ title: t('platform:empty.audit') }}
      />
      <Modal
        open={shown !== null}
        width={760}
        title={shown ? `${shown.action} · ${shown.targetName ?? shown.targetId ?? ''}` : ''}
        onCancel={() => setShown(null)}
        footer={null}
        destroyOnHidden
      >
        {shown ? (
          <>
            <p>
              {formatDateTime(shown.at)} · {shown.actorName} · {shown.ip ?? '—'}
            </p>
            <Table<DiffRow>
              rowKey="field"
              size="small"
              pagination={false}
              dataSource={auditDiff(shown.before, shown.after)}
              columns={diffColumns}
              rowClassName={(r) => (r.changed ? 'tl-audit-changed' : '')}
              locale={{ emptyText: t('platform:audit.noChanges') }}
            />
          </>
        ) : null}
      </Modal>
    </section>
  );
}
