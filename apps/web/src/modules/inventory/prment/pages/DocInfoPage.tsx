import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDate } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { type InvDoc, type InvDocLink, invDocApi, invDocKeys } from '../api/invDoc.api';
import { DocLinesTable } from '../components/DocLinesTable';
import { DocStateTags } from '../components/DocStateTags';
import { useDocActions } from '../components/useDocActions';
import { docActions } from '../docModel';
import { DOC_CODE, DOC_PATHS, type InvDocType } from '../docTypes';
import { actionLabel, ROW_ACTIONS_SHOWN } from './DocListPage';

const docLink = (t: (k: string) => string, r: InvDocLink): ReactNode => (
  <Link to={DOC_PATHS.info(r.docType, r.id)}>
    {t(`invDoc:type.${r.docType}`)} {r.docCode}
  </Link>
);

/** The header of a document as description items. */
export function DocHeader({ doc: d }: { doc: InvDoc }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const items: { key: string; label: ReactNode; children: ReactNode }[] = [
    { key: 'code', label: t('invDoc:field.code'), children: d.docCode },
    { key: 'type', label: t('invDoc:field.type'), children: t(`invDoc:type.${d.docType}`) },
    { key: 'date', label: t(`invDoc:date.${d.docType}`), children: formatDate(d.docDate) },
    { key: 'warehouse', label: t(`invDoc:warehouse.${d.docType}`), children: d.warehouseName ?? NO_DATA },
  ];
  if (d.toWarehouseId !== null)
    items.push({ key: 'to', label: t('invDoc:field.toWarehouse'), children: d.toWarehouseName ?? NO_DATA });
  if (d.businessId !== null)
    items.push({ key: 'party', label: t('invDoc:field.counterparty'), children: d.businessName ?? NO_DATA });
  if (d.docType === 'purchase_request')
    items.push({
      key: 'arrival',
      label: t('invDoc:field.arrivalDate'),
      children: d.arrivalDate ? formatDate(d.arrivalDate) : NO_DATA,
    });
  items.push({
    key: 'kind',
    label: t(d.docType === 'return' ? 'invDoc:field.returnKind' : 'invDoc:field.bizType'),
    children: t(`invDoc:bizType.${d.bizType}`),
  });
  items.push(
    { key: 'handler', label: t('invDoc:field.handler'), children: d.handlerName || NO_DATA },
    {
      key: 'state',
      label: t('invDoc:field.state'),
      children: (
        <DocStateTags
          type={d.docType}
          auditState={d.auditState}
          execState={d.execState}
          reversedFlag={d.reversedFlag}
          reversalOfId={d.reversalOfId}
        />
      ),
    },
  );
  if (d.source)
    items.push({ key: 'source', label: t('invDoc:field.source'), children: docLink(t, d.source) });
  if (d.reversalOf)
    items.push({
      key: 'reversalOf',
      label: t('invDoc:field.reversalOf'),
      children: docLink(t, d.reversalOf),
    });
  if (d.reversedBy)
    items.push({
      key: 'reversedBy',
      label: t('invDoc:field.reversedBy'),
      children: docLink(t, d.reversedBy),
    });
  if ((d.children ?? []).length > 0)
    items.push({
      key: 'children',
      label: t('invDoc:field.children'),
      children: (
        <Space orientation="vertical" size={2}>
          {(d.children ?? []).map((c) => (
            <Space key={c.id} size={4}>
              {docLink(t, c)}
              <DocStateTags type={c.docType} auditState={c.auditState} execState={c.execState} />
            </Space>
          ))}
        </Space>
      ),
    });
  items.push({ key: 'remark', label: t('invDoc:field.remark'), children: d.remark || NO_DATA });
  return <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" items={items} />;
}

/** One document ({type}/info/{id}); opened under another type's path it moves to its own (replace). */
export function DocInfoPage({ type }: { type: InvDocType }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const docId = Number(id);
  const navigate = useNavigate();
  const valid = Number.isSafeInteger(docId) && docId > 0;
  const doc = useQuery({
    queryKey: invDocKeys.doc(tenantId, docId),
    queryFn: () => invDocApi.get(tenantId, docId),
    enabled: valid,
  });
  const actions = useDocActions(
    () => undefined,
    () => navigate(DOC_PATHS.list(type)),
  );

  if (!valid || doc.isError) return <EmptyState variant="notFound" title={t('invDoc:notFound')} />;
  const d = doc.data;
  if (!d) return <Spin />;
  // The approval centre opens every inventory document under inventory_form/info (spec 03 §2).
  if (d.docType !== type) return <Navigate to={DOC_PATHS.info(d.docType, d.id)} replace />;

  const offered = new Set(docActions(d));
  const shown = ROW_ACTIONS_SHOWN.filter((a) => offered.has(a) && a !== 'timeline');
  return (
    <section className="tl-card">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(DOC_PATHS.list(type))}>{t('common:action.back')}</Button>
        {offered.has('timeline') ? (
          <Button onClick={() => actions.run('timeline', d)}>{t('farm:approval.viewTimeline')}</Button>
        ) : null}
        <PermissionGuard codes={[DOC_CODE[type]]}>
          <Space wrap>
            {shown.map((a) => (
              <Button
                key={a}
                danger={a === 'delete' || a === 'reverse'}
                type={a === 'execute' || a === 'submit' ? 'primary' : 'default'}
                onClick={() => actions.run(a, d)}
              >
                {t(actionLabel(a, d.docType))}
              </Button>
            ))}
          </Space>
        </PermissionGuard>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('invDoc:action.print')}
        </Button>
      </Space>
      {d.auditState === 'submitted' ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('farm:approval.waitingHint')} />
      ) : null}
      <Typography.Title level={4}>
        {t(`invDoc:type.${d.docType}`)} {d.docCode}
      </Typography.Title>
      <DocHeader doc={d} />
      <div style={{ marginTop: 16 }}>
        <DocLinesTable doc={d} />
      </div>
      {actions.dialogs}
    </section>
  );
}
