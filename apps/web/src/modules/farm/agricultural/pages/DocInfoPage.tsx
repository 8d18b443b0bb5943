import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { AuditStateTag } from '../../approval/AuditStateTag';
import { ProcessTimelineModal } from '../../approval/ProcessTimelineModal';
import { useAgriFormat } from '../agriFormat';
import { type AgriDocLine, type AgriDocType, agriApi, agriKeys } from '../api/agricultural.api';
import { AGRI_CODES, AGRI_PATHS } from '../paths';
import '../agricultural.css';
import { NO_DATA } from '../../../../shared/format/number';

/** One receipt or issue ({type}/info/{id}) as a printable sheet. */
function DocInfoPage({ type }: { type: AgriDocType }) {
  const { t } = useTranslation(['agricultural', 'farm', 'common']);
  const { tenantId } = useShell();
  const [timeline, setTimeline] = useState<number | null>(null);
  const { id } = useParams();
  const docId = Number(id);
  const navigate = useNavigate();
  const fmt = useAgriFormat();
  const doc = useQuery({
    queryKey: agriKeys.doc(tenantId, type, docId),
    queryFn: () => agriApi.doc(tenantId, type, docId),
    enabled: Number.isSafeInteger(docId) && docId > 0,
  });

  if (!Number.isSafeInteger(docId) || docId <= 0 || doc.isError) {
    return <EmptyState variant="notFound" title={t('agricultural:doc.notFound')} />;
  }
  const d = doc.data;
  if (!d) return <Spin />;

  return (
    <section className="tl-card agri-doc">
      <Space className="agri-doc__actions" style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(AGRI_PATHS.docs(type))}>{t('common:action.back')}</Button>
        {d.auditState === 'submitted' ? null : (
          <PermissionGuard codes={[AGRI_CODES.write[type]]}>
            <Button onClick={() => navigate(AGRI_PATHS.docEdit(type, d.docId))}>
              {t('common:action.edit')}
            </Button>
          </PermissionGuard>
        )}
        {d.processId !== null ? (
          <Button onClick={() => setTimeline(d.processId)}>{t('farm:approval.viewTimeline')}</Button>
        ) : null}
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('agricultural:doc.print')}
        </Button>
      </Space>
      {d.auditState === 'submitted' ? (
        <Alert type="info" showIcon title={t('farm:approval.waitingHint')} className="agri-doc__actions" />
      ) : null}
      <Typography.Title level={3} className="agri-doc__title">
        {t(`agricultural:doc.${type}.printTitle`)}
      </Typography.Title>
      <Descriptions
        column={{ xs: 1, sm: 2, md: 3 }}
        size="small"
        items={[
          { key: 'code', label: t('agricultural:doc.field.code'), children: d.docCode },
          { key: 'base', label: t('agricultural:doc.field.base'), children: d.areaName ?? NO_DATA },
          { key: 'date', label: t(`agricultural:doc.${type}.date`), children: d.docDate },
          {
            key: 'party',
            label: t(`agricultural:doc.${type}.counterparty`),
            children: d.counterparty || NO_DATA,
          },
          { key: 'handler', label: t('agricultural:doc.field.handler'), children: d.handler || NO_DATA },
          { key: 'remark', label: t('agricultural:doc.field.remark'), children: d.remark || NO_DATA },
          {
            key: 'audit',
            label: t('farm:approval.field.state'),
            children: <AuditStateTag state={d.auditState} />,
          },
        ]}
      />
      <Table<AgriDocLine>
        size="small"
        bordered
        pagination={false}
        rowKey="lineId"
        dataSource={d.lines ?? []}
        style={{ marginTop: 16 }}
        columns={[
          { title: t('agricultural:line.no'), dataIndex: 'lineNo', width: 60 },
          {
            title: t('agricultural:input.field.code'),
            dataIndex: 'inputCode',
            render: (v: string | null) => v ?? NO_DATA,
          },
          {
            title: t('agricultural:line.input'),
            dataIndex: 'inputName',
            render: (v: string | null) => v ?? NO_DATA,
          },
          {
            title: t('agricultural:line.specification'),
            dataIndex: 'specification',
            render: (v: string | null) => v || NO_DATA,
          },
          {
            title: t('agricultural:line.unit'),
            dataIndex: 'unit',
            render: (v: string | null) => v ?? NO_DATA,
          },
          {
            title: t('agricultural:line.quantity'),
            dataIndex: 'quantity',
            align: 'right',
            render: (v: number) => fmt.quantity(v),
          },
          {
            title: t('agricultural:line.unitPrice'),
            dataIndex: 'unitPrice',
            align: 'right',
            render: (v: number | null) => fmt.money(v),
          },
          {
            title: t('agricultural:line.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: number | null) => fmt.money(v),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7} align="right">
              <Typography.Text strong>{t('agricultural:line.total')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{fmt.money(d.totalAmount)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <div className="agri-doc__signs">
        <span>{t('agricultural:doc.signHandler')}</span>
        <span>{t('agricultural:doc.signReceiver')}</span>
      </div>
      <ProcessTimelineModal processId={timeline} onClose={() => setTimeline(null)} />
    </section>
  );
}

export const WarehousingInfoPage = () => <DocInfoPage type="warehousing" />;
export const ShipmentInfoPage = () => <DocInfoPage type="shipment" />;
