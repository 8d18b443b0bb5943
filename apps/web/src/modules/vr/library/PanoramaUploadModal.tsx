import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { useQuery } from '@tanstack/react-query';
import type { Panorama } from '@tilth/contracts/panorama.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { libraryKeys, panoramaApi, uploadPanorama } from './library.api';
import {
  checkPanoramaFile,
  DEFAULT_LIMITS,
  PANORAMA_ACCEPT,
  panoramaNameOf,
  runPanoramaUpload,
  type UploadPhase,
} from './panoramaUpload';

interface PanoramaUploadModalProps {
  tenantId: number;
  open: boolean;
  onClose: () => void;
  /** After a panorama became ready (the list refreshes, a picker selects it). */
  onReady?: (panorama: Panorama) => void;
}

const megabytes = (bytes: number): number => {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? Math.floor(mb) : Math.max(0.1, Math.round(mb * 10) / 10);
};

/** One panorama: checked in the form, sent with an upload bar, then a processing bar until tiles are cut. */
export function PanoramaUploadModal({ tenantId, open, onClose, onReady }: PanoramaUploadModalProps) {
  const { t } = useTranslation(['vr', 'common']);
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  const [fileName, setFileName] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const limits = useQuery({
    queryKey: libraryKeys.limits(tenantId),
    queryFn: () => panoramaApi.limits(tenantId),
    enabled: open,
    staleTime: 60_000,
  });

  useEffect(() => {
    alive.current = open;
    if (open) {
      setPhase(null);
      setFileName(null);
    }
  }, [open]);

  const busy = phase?.kind === 'uploading' || phase?.kind === 'processing';

  const start = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const refusal = checkPanoramaFile(file, limits.data ?? DEFAULT_LIMITS);
    if (refusal) {
      message.error(t(`vr:${refusal.key}`, refusal.values));
      return;
    }
    setFileName(panoramaNameOf(file.name));
    const end = await runPanoramaUpload({
      upload: (onProgress) => uploadPanorama(tenantId, file, onProgress),
      poll: (id) => panoramaApi.get(tenantId, id),
      onPhase: (p) => {
        if (alive.current) setPhase(p);
      },
      // Closing the modal stops the polling; the server keeps processing and the list shows the status.
      wait: (ms) => new Promise((r) => setTimeout(() => r(alive.current), ms)),
    });
    if (end.kind === 'ready') {
      message.success(t('vr:upload.ready', { name: end.panorama.panoramaName }));
      onReady?.(end.panorama);
    }
    if (end.kind === 'failed' && end.panorama) onReady?.(end.panorama);
  };

  const maxMb = Math.floor((limits.data ?? DEFAULT_LIMITS).maxBytes / (1024 * 1024));
  // A floor under 1 MB (a test or small-site setting) would read '0MB': one decimal then.
  const minMb = megabytes((limits.data ?? DEFAULT_LIMITS).minBytes);

  return (
    <Modal
      title={t('vr:upload.title')}
      open={open}
      onCancel={onClose}
      footer={
        <Button onClick={onClose}>{busy ? t('vr:upload.background') : t('common:action.close')}</Button>
      }
      destroyOnHidden
      mask={{ closable: !busy }}
    >
      <input
        ref={input}
        type="file"
        accept={PANORAMA_ACCEPT}
        style={{ display: 'none' }}
        data-testid="panorama-file"
        onChange={(e) => void start(e)}
      />
      <button
        type="button"
        className="vr-upload-drop"
        disabled={busy}
        onClick={() => input.current?.click()}
        style={{
          width: '100%',
          padding: '24px 16px',
          border: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 8,
          background: 'var(--ant-color-fill-quaternary, #fafafa)',
          cursor: busy ? 'not-allowed' : 'pointer',
        }}
      >
        <InboxOutlined style={{ fontSize: 40, color: 'var(--ant-color-primary, #1677ff)' }} />
        <div style={{ marginTop: 8 }}>{t('vr:upload.choose')}</div>
        <Typography.Text type="secondary">{t('vr:upload.hint', { min: minMb, max: maxMb })}</Typography.Text>
      </button>
      {fileName && phase ? (
        <div style={{ marginTop: 16 }} aria-live="polite">
          <Typography.Text strong>{fileName}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              {phase.kind === 'uploading' ? t('vr:upload.uploading') : t('vr:upload.uploaded')}
            </Typography.Text>
            <Progress
              percent={phase.kind === 'uploading' ? phase.percent : 100}
              status={phase.kind === 'failed' && !phase.panorama ? 'exception' : undefined}
              data-testid="upload-progress"
            />
          </div>
          {phase.kind !== 'uploading' && !(phase.kind === 'failed' && !phase.panorama) ? (
            <div>
              <Typography.Text type="secondary">{t('vr:upload.processing')}</Typography.Text>
              <Progress
                percent={phase.kind === 'processing' ? phase.percent : 100}
                status={phase.kind === 'failed' ? 'exception' : phase.kind === 'ready' ? 'success' : 'active'}
                data-testid="processing-progress"
              />
            </div>
          ) : null}
          {phase.kind === 'failed' ? (
            <Alert
              type="error"
              showIcon
              message={t('vr:upload.failedTitle')}
              description={phase.reason || undefined}
            />
          ) : null}
          {phase.kind === 'ready' ? (
            <Alert type="success" showIcon message={t('vr:upload.readyShort')} />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
