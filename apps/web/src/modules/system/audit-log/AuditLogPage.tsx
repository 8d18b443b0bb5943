import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditActionText } from '@tilth/contracts/audit.actions';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { FilterBar, type FilterField, type FilterValues } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { isLanguage } from '../../../shared/i18n/languages';
import { useShell } from '../../../shell/ShellContext';
import { AuditDiff } from './AuditDiff';
import { type AuditLogEntry, auditLogApi, auditLogKeys } from './auditLog.api';

const PAGE_SIZE = 20;
const ACTION_GROUPS = [
  'auth.',
  'user.',
  'role.',
  'unit.',
  'company.',
  'base.',
  'tenant.',
  'crop.',
  'variety.',
  'task-type.',
  'application.',
  'push.',
] as const;
const TARGET_TYPES = ['user', 'role', 'unit', 'company', 'base', 'tenant', 'crop', 'variety', 'task-type'];

/** Filter values as the API's query: blanks dropped, the day range as from/to. */
const toQuery = (v: FilterValues): Query =>
  Object.fromEntries(
    Object.entries(v).filter(([, x]) => x !== undefined && x !== '' && !Array.isArray(x)),
  ) as Query;

/** Who did what, when and from where (issue 13 item 7): filters, newest first, before/after per entry. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation(['auditLog', 'common']);
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const { tenantId } = useShell();
  const [filters, setFilters] = useState<Query>({});
  // Keyset paging: the cursors of the pages before this one, so "newer" goes back without a page number.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? '';
  const page = useQuery({
    queryKey: auditLogKeys.page(tenantId, filters, cursor),
    queryFn: () => auditLogApi.page(tenantId, { ...filters, size: PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  const next = page.data?.next ?? null;

  const fields: FilterField[] = [
    { name: 'range', label: t('auditLog:field.time'), type: 'dateRange', names: ['from', 'to'] },
    {
      name: 'actor',
      label: t('auditLog:field.actor'),
      type: 'text',
      placeholder: t('auditLog:placeholder.actor'),
    },
    {
      name: 'action',
      label: t('auditLog:field.action'),
      type: 'select',
      options: ACTION_GROUPS.map((g) => ({ value: g, label: t(`auditLog:group.${g.slice(0, -1)}`) })),
    },
    {
      name: 'targetType',
      label: t('auditLog:field.targetType'),
      type: 'select',
      options: TARGET_TYPES.map((k) => ({ value: k, label: t(`auditLog:targetType.${k}`) })),
    },
    { name: 'target', label: t('auditLog:field.target'), type: 'text' },
    { name: 'ip', label: t('auditLog:field.ip'), type: 'text' },
  ];

  const columns: ColumnsType<AuditLogEntry> = [
    {
      title: t('auditLog:field.time'),
      dataIndex: 'at',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('auditLog:field.actor'),
      dataIndex: 'actorName',
      width: 160,
      render: (v: string, r) => v || (r.actorKind === 'system' ? t('auditLog:system') : NO_DATA),
    },
    {
      title: t('auditLog:field.action'),
      dataIndex: 'action',
      render: (v: string, r) => (
        <span title={v} data-action={v}>
          {auditActionText(v, r.targetName, lang)}
        </span>
      ),
    },
    {
      title: t('auditLog:field.targetType'),
      dataIndex: 'targetType',
      width: 120,
      render: (v: string | null) => (v ? t(`auditLog:targetType.${v}`, { defaultValue: v }) : NO_DATA),
    },
    {
      title: t('auditLog:field.ip'),
      dataIndex: 'ip',
      width: 150,
      render: (v: string | null) => v || NO_DATA,
    },
  ];

  const search = (values: FilterValues) => {
    setFilters(toQuery(values));
    setCursors([]);
  };

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={search} />
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void auditLogApi.exportList(tenantId, filters).catch(() => undefined)}
        >
          {t('auditLog:action.export')}
        </Button>
        <Typography.Text type="secondary">{t('auditLog:exportHelp')}</Typography.Text>
      </Space>
      <Table<AuditLogEntry>
        rowKey="id"
        size="middle"
        loading={page.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState size="small" title={t('auditLog:empty')} /> }}
        expandable={{
          expandedRowRender: (r) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <AuditDiff before={r.before} after={r.after} />
              <Typography.Text type="secondary">
                {t('auditLog:field.userAgent')}: {r.userAgent || NO_DATA}
              </Typography.Text>
            </Space>
          ),
        }}
      />
      <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('auditLog:action.newer')}
        </Button>
        <Button disabled={next === null} onClick={() => next && setCursors((c) => [...c, next])}>
          {t('auditLog:action.older')}
        </Button>
      </Space>
    </section>
  );
}
