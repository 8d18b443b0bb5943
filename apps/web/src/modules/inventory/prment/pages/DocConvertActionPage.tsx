import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { useClosePage } from '../../../../shell/tabs/closePage';
import { invDocApi, invDocKeys } from '../api/invDoc.api';
import { DocLinesTable } from '../components/DocLinesTable';
import { docActions } from '../docModel';
import { DOC_CODE, DOC_PATHS } from '../docTypes';
import { DocHeader } from './DocInfoPage';

/**
 * transfer/convert/{id}: the transfer's outbound and inbound legs (held in transit between them);
 * inventory_form/convert/{id}: the stocktake's adjusting inbound (gains) and outbound (losses), executed.
 * The document is shown, then one confirmed call makes its children.
 */
export function DocConvertActionPage({ kind }: { kind: 'legs' | 'adjust' }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const docId = Number(id);
  const valid = Number.isSafeInteger(docId) && docId > 0;
  const navigate = useNavigate();
  const closePage = useClosePage();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const type = kind === 'legs' ? 'transfer' : 'stocktake';
  const doc = useQuery({
    queryKey: invDocKeys.doc(tenantId, docId),
    queryFn: () => invDocApi.get(tenantId, docId),
    enabled: valid,
  });
  if (!valid || doc.isError) return <EmptyState variant="notFound" title={t('invDoc:notFound')} />;
  const d = doc.data;
  if (!d) return <Spin />;
  if (d.docType !== type) return <Navigate to={DOC_PATHS.info(d.docType, d.id)} replace />;
  const possible = docActions(d).includes(kind);

  const go = async () => {
    setRunning(true);
    try {
      await (kind === 'legs' ? invDocApi.legs(tenantId, d.id) : invDocApi.adjust(tenantId, d.id));
      message.success(t(`invDoc:message.${kind}Done`));
      await queryClient.invalidateQueries({ queryKey: invDocKeys.all(tenantId) });
      closePage(DOC_PATHS.info(d.docType, d.id));
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="tl-card">
      <Typography.Title level={4}>
        {t(`invDoc:convertPage.${kind}.title`, { code: d.docCode })}
      </Typography.Title>
      <Alert
        type={possible ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t(possible ? `invDoc:convertPage.${kind}.hint` : `invDoc:convertPage.${kind}.notPossible`)}
      />
      <DocHeader doc={d} />
      <div style={{ margin: '16px 0' }}>
        <DocLinesTable doc={d} />
      </div>
      <Space>
        <PermissionGuard codes={[DOC_CODE[type]]}>
          <Button type="primary" loading={running} disabled={!possible} onClick={() => void go()}>
            {t(`invDoc:action.${kind}`)}
          </Button>
        </PermissionGuard>
        <Button onClick={() => navigate(DOC_PATHS.info(d.docType, d.id))}>{t('common:action.cancel')}</Button>
      </Space>
    </section>
  );
}
