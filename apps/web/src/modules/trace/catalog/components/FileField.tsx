import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { imageVariant, useImageSrc } from '../../../../shared/file/fileImage';
import { useShell } from '../../../../shell/ShellContext';
import { catalogApi } from '../../api/catalog.api';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const FILE_TYPES = [...IMAGE_TYPES, 'application/pdf'];
const MAX_BYTES = 10 * 1024 * 1024;

export interface FileFieldProps {
  /** Form.Item passes value and onChange: the stored file's address, or null. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** 'image': a picture shown as a thumbnail; 'file': a picture or a PDF (certificate, report). */
  kind?: 'image' | 'file';
}

function Thumb({ url }: { url: string }) {
  const src = useImageSrc(imageVariant(url, 160));
  return src ? (
    <img src={src} alt="" width={80} height={80} style={{ objectFit: 'cover', borderRadius: 6 }} />
  ) : (
    <div style={{ width: 80, height: 80, borderRadius: 6, background: 'var(--ant-color-fill-tertiary)' }} />
  );
}

/** One stored file (logo, licence, product image, certificate or report), uploaded to the file service. */
export function FileField({ value, onChange, kind = 'image' }: FileFieldProps) {
  const { t } = useTranslation('traceCatalog');
  const { tenantId } = useShell();
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const types = kind === 'image' ? IMAGE_TYPES : FILE_TYPES;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!types.includes(file.type)) return void message.error(t('file.type', { name: file.name }));
    if (file.size > MAX_BYTES) return void message.error(t('file.size', { name: file.name }));
    setBusy(true);
    try {
      const stored = await catalogApi.upload(tenantId, file);
      onChange?.(stored.fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="center">
      {value && kind === 'image' ? <Thumb url={value} /> : null}
      {value && kind === 'file' ? (
        <span>
          <PaperClipOutlined /> {t('file.attached')}
        </span>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={types.join(',')}
        style={{ display: 'none' }}
        onChange={(e) => void choose(e)}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {value ? t('file.replace') : t('file.upload')}
      </Button>
      {value ? (
        <Button icon={<DeleteOutlined />} aria-label={t('file.remove')} onClick={() => onChange?.(null)} />
      ) : null}
    </Space>
  );
}
