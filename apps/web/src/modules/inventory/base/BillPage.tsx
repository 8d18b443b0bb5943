import { useQueries, useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { DatePicker } from '../../../shared/form/DatePicker';
import { fromInstant, toDay, todayDay } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { ExportButton } from '../../report/weather/ReportParts';
import { billApi, INV_BASE_CODES, type InvBillRule, invBaseKeys } from './baseData.api';
import { BillFormModal } from './components/BillFormModal';

/**
 * Document numbering (inventory/base/bill): every document type with its rule or the built-in default,
 * and the next number for a chosen document date (the serial follows the document date, not today).
 */
export function BillPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const code = INV_BASE_CODES.bill;
  const [docDate, setDocDate] = useState(todayDay());
  const [editing, setEditing] = useState<InvBillRule | null>(null);
  const rules = useQuery({ queryKey: invBaseKeys.bills(tenantId), queryFn: () => billApi.list(tenantId) });
  const rows = rules.data ?? [];
  const previews = useQueries({
    queries: rows.map((r) => ({
      queryKey: [...invBaseKeys.preview(tenantId, r.docType, docDate), r.objectVersionNumber],
      queryFn: () => billApi.preview(tenantId, r.docType, docDate),
    })),
  });

  const columns: ColumnsType<InvBillRule> = [
    {
      title: t('invBase:bill.docType'),
      dataIndex: 'docType',
      render: (v: string) => t(`invBase:docType.${v}`),
    },
    { title: t('invBase:bill.prefix'), dataIndex: 'prefix' },
    {
      title: t('invBase:bill.separator'),
      dataIndex: 'separator',
      render: (v: string) =>
        v === '' ? t('invBase:bill.noSeparator') : <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('invBase:bill.datePattern'), dataIndex: 'datePattern' },
    { title: t('invBase:bill.serialLength'), dataIndex: 'serialLength' },
    { title: t('invBase:bill.startValue'), dataIndex: 'startValue' },
    {
      title: t('invBase:bill.source'),
      dataIndex: 'configured',
      render: (v: boolean, r) =>
        v ? (
          <Tag color={r.enabledFlag === 1 ? 'green' : undefined}>
            {r.enabledFlag === 1 ? t('invBase:bill.custom') : t('invBase:bill.customOff')}
          </Tag>
        ) : (
          <Tag>{t('invBase:bill.default')}</Tag>
        ),
    },
    {
      title: t('invBase:bill.next', { date: docDate }),
      key: 'next',
      render: (_, r, i) => <Typography.Text code>{previews[i]?.data?.docCode ?? r.sample}</Typography.Text>,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <RowActions
          onEdit={() => setEditing(r)}
          editCode={code}
          onDelete={
            r.configured
              ? () =>
                  confirmDelete(
                    t(`invBase:docType.${r.docType}`),
                    () => billApi.reset(tenantId, r.docType, r.objectVersionNumber),
                    () => rules.refetch(),
                    { content: t('invBase:bill.resetHint'), width: 380 },
                  )
              : undefined
          }
          deleteCode={code}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('invBase:bill.hint')} />
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
          <Space>
            <span>{t('invBase:bill.previewDate')}</span>
            <DatePicker
              allowClear={false}
              value={fromInstant(docDate)}
              onChange={(d) => d && setDocDate(toDay(d))}
              aria-label={t('invBase:bill.previewDate')}
            />
          </Space>
          <ExportButton run={() => billApi.exportFile(tenantId)} />
        </div>
        <Table<InvBillRule>
          rowKey="docType"
          columns={columns}
          dataSource={rows}
          loading={rules.isLoading}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <EmptyState size="small" title={t('invBase:bill.empty')} /> }}
        />
      </Space>
      <BillFormModal tenantId={tenantId} rule={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
