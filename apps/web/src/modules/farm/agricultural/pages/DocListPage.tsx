import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDateTime } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { AuditStateTag } from '../../approval/AuditStateTag';
import { DOC_AUDIT_STATES } from '../../approval/approval.api';
import { agriDocFields } from '../../approval/chooseApprovers';
import { ProcessTimelineModal } from '../../approval/ProcessTimelineModal';
import { useSubmitForApproval } from '../../approval/useSubmitForApproval';
import { useAgriFormat } from '../agriFormat';
import {
  AGRI_APPROVAL_TYPE,
  type AgriDoc,
  type AgriDocType,
  agriApi,
  agriKeys,
} from '../api/agricultural.api';
import { AGRI_CODES, AGRI_PATHS } from '../paths';

/** Receipts (agricultural-warehousing) or issues (agricultural-shipment): filters, add, edit, info, delete. */
function DocListPage({ type }: { type: AgriDocType }) {
  const { t } = useTranslation(['agricultural', 'farm', 'common']);
  const [timeline, setTimeline] = useState<number | null>(null);
  const submitForApproval = useSubmitForApproval();
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const fmt = useAgriFormat();
  const key = useMemo(() => agriKeys.docs(tenantId, type), [tenantId, type]);
  const list = usePagedList<AgriDoc>(key, (q) => agriApi.docPage(tenantId, type, q));
  const bases = useQuery({ queryKey: agriKeys.bases(tenantId), queryFn: () => agriApi.bases(tenantId) });
  const write = AGRI_CODES.write[type];

  const fields: FilterField[] = [
    { name: 'docCode', label: t('agricultural:doc.field.code'), type: 'text' },
    {
      name: 'areaId',
      label: t('agricultural:doc.field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'docDate',
      label: t('agricultural:doc.field.dateRange'),
      type: 'dateRange',
      format: 'YYYY-MM-DD',
      names: ['startDate', 'endDate'],
    },
    {
      name: 'auditState',
      label: t('farm:approval.field.state'),
      type: 'select',
      options: DOC_AUDIT_STATES.map((s) => ({ value: s, label: t(`farm:approval.state.${s}`) })),
    },
  ];

  const add = () => navigate(AGRI_PATHS.docAdd(type));

  const remove = (d: AgriDoc) =>
    confirmDelete(
      d.docCode,
      () => agriApi.removeDoc(tenantId, type, d.docId, d.objectVersionNumber),
      list.refresh,
      { content: t('agricultural:doc.deleteHint'), width: 400 },
    );

  const columns: ColumnsType<AgriDoc> = [
    {
      title: t('agricultural:doc.field.code'),
      dataIndex: 'docCode',
      render: (code: string, d) => <Link to={AGRI_PATHS.docInfo(type, d.docId)}>{code}</Link>,
    },
    {
      title: t('agricultural:doc.field.base'),
      dataIndex: 'areaName',
      render: (v: string | null) => v ?? NO_DATA,
    },
    { title: t(`agricultural:doc.${type}.date`), dataIndex: 'docDate' },
    {
      title: t(`agricultural:doc.${type}.counterparty`),
      dataIndex: 'counterparty',
      render: (v: string | null) => v || NO_DATA,
    },
    {
      title: t('agricultural:doc.field.handler'),
      dataIndex: 'handler',
      render: (v: string | null) => v || NO_DATA,
    },
    { title: t('agricultural:doc.field.lineCount'), dataIndex: 'lineCount', align: 'right' },
    {
      title: t('agricultural:doc.field.total'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => fmt.money(v),
    },
    {
      title: t('farm:approval.field.state'),
      dataIndex: 'auditState',
      render: (_, d) => <AuditStateTag state={d.auditState} />,
    },
    {
      title: t('agricultural:doc.field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_, d) => {
        // In approval: no edit or delete, its process instead; draft / rejected: submit again.
        const waiting = d.auditState === 'submitted';
        const resubmit = d.auditState === 'draft' || d.auditState === 'rejected';
        const leading = (
          <>
            <Button type="link" size="small" onClick={() => navigate(AGRI_PATHS.docInfo(type, d.docId))}>
              {t('common:action.detail')}
            </Button>
            {d.processId !== null ? (
              <Button type="link" size="small" onClick={() => setTimeline(d.processId)}>
                {waiting ? t('farm:approval.inApproval') : t('farm:approval.viewTimeline')}
              </Button>
            ) : null}
            {resubmit ? (
              <PermissionGuard codes={[write]}>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    submitForApproval(
                      d.docCode,
                      (chosen) => agriApi.submitDoc(tenantId, type, d.docId, d.objectVersionNumber, chosen),
                      {
                        tenantId,
                        docType: AGRI_APPROVAL_TYPE[type],
                        // A list row has no lines: the total amount and the base decide the route here.
                        fields: { ...agriDocFields(d.areaId, d.lines), amount: d.totalAmount },
                      },
                    ).then(list.refresh)
                  }
                >
                  {t('farm:approval.submit')}
                </Button>
              </PermissionGuard>
            ) : null}
          </>
        );
        return waiting ? (
          <RowActions leading={leading} />
        ) : (
          <RowActions
            leading={leading}
            onEdit={() => navigate(AGRI_PATHS.docEdit(type, d.docId))}
            editCode={write}
            onDelete={() => remove(d)}
            deleteCode={write}
          />
        );
      },
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t(`agricultural:doc.${type}.add`)}
        addCode={write}
      />
      <PagedTable<AgriDoc>
        list={list}
        rowKey="docId"
        columns={columns}
        scroll={{ x: 1260 }}
        empty={{
          title: t(`agricultural:doc.${type}.empty`),
          onAdd: add,
          addText: t(`agricultural:doc.${type}.add`),
          addCode: write,
        }}
      />
      <ProcessTimelineModal processId={timeline} onClose={() => setTimeline(null)} />
    </section>
  );
}

export const WarehousingListPage = () => <DocListPage type="warehousing" />;
export const ShipmentListPage = () => <DocListPage type="shipment" />;
