import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { uploadImage } from '../api/catalogue.api';
import { FileImage } from './FileImage';

/** A first check in the browser; the server checks the content itself (ARCHITECTURE §7). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

interface ImageUrlFieldProps {
  tenantId: number;
  /** The stored address (a form field's value). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Preview width in px. */
  width?: number;
}

/** An image form field: uploads to the file service and keeps the file's address as its value. */
export function ImageUrlField({ tenantId, value, onChange, width = 120 }: ImageUrlFieldProps) {
  const { t } = useTranslation('systemCatalogue');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      message.error(t('image.type'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      message.error(t('image.size'));
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadImage(tenantId, file);
      onChange?.(stored.fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        style={{ display: 'none' }}
        onChange={(e) => void upload(e)}
      />
      <Space align="start" size={12} wrap>
        {value ? <FileImage url={value} width={width} height={(width * 3) / 4} radius={6} /> : null}
        <Space orientation="vertical" size={4}>
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            {value ? t('image.replace') : t('image.upload')}
          </Button>
          {value ? (
            <Button
              type="link"
              danger
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(null)}
            >
              {t('image.remove')}
            </Button>
          ) : null}
          <span style={{ color: 'var(--ant-color-text-tertiary, #999)', fontSize: 12 }}>
            {t('image.hint')}
          </span>
        </Space>
      </Space>
    </>
  );
}
