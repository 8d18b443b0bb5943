import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { approvalApi, approvalKeys } from './approval.api';

const PROCESS_STATE_COLORS: Record<number, string> = {
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'default',
};

/** The timeline of a document's approval process (who, when, what, comment, time taken), read-only. */
export function ProcessTimelineModal({
  processId,
  onClose,
}: {
  processId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['farm', 'common']);
  const { tenantId } = useShell();
  const detail = useQuery({
    queryKey: approvalKeys.process(tenantId, processId ?? 0),
    queryFn: () => approvalApi.process(tenantId, processId ?? 0),
    enabled: processId !== null,
  });
  const d = detail.data;
  const minutes = (ms: number | null) =>
    ms === null ? null : t('farm:approval.took', { minutes: Math.max(1, Math.round(ms / 60_000)) });
  return (
    <Modal
      open={processId !== null}
      title={t('farm:approval.timeline')}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
    >
      {detail.isError ? (
        <EmptyState variant="notFound" title={t('farm:approval.notFound')} />
      ) : !d ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph>
            {d.formName} · {d.formCode} ·{' '}
            <Tag color={PROCESS_STATE_COLORS[d.processState]}>
              {t(`farm:approval.processState.${d.processState}`)}
            </Tag>
          </Typography.Paragraph>
          <Timeline
            items={d.events.map((e, i) => ({
              key: `${e.at}-${i}`,
              children: (
                <div>
                  <Typography.Text strong>{t(`farm:approval.action.${e.action}`, e.action)}</Typography.Text>{' '}
                  {e.actorName ?? t('farm:approval.system')}
                  {e.nodeName ? ` · ${e.nodeName}` : ''}
                  {e.targetNames.length > 0 ? ` → ${e.targetNames.join('、')}` : ''}
                  <br />
                  <Typography.Text type="secondary">
                    {formatDateTime(e.at, 'YYYY-MM-DD HH:mm')}
                    {minutes(e.tookMs) ? ` · ${minutes(e.tookMs)}` : ''}
                  </Typography.Text>
                  {e.comment ? <Typography.Paragraph>{e.comment}</Typography.Paragraph> : null}
                </div>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}
