import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/FeedbackProvider';
import { uploadImage } from '../system/api/catalogue.api';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../system/components/ImageUrlField';

interface Props {
  /** Where an upload is stored: the platform administrator's own tenant. */
  tenantId: number;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** A brand image: an http(s) address typed in, or a file uploaded through the file API. */
export function LogoField({ tenantId, value, onChange, id }: Props) {
  const { t } = useTranslation('platform');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type) && file.type !== 'image/x-icon') {
      message.error(t('brand.imageType'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      message.error(t('brand.imageSize'));
      return;
    }
    setBusy(true);
    try {
      onChange?.((await uploadImage(tenantId, file)).fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <input
        ref={input}
        type="file"
        accept={[...IMAGE_TYPES, 'image/x-icon'].join(',')}
        style={{ display: 'none' }}
        onChange={(e) => void upload(e)}
      />
      <Input
        id={id}
        value={value}
        placeholder="https://… /hfle/…"
        maxLength={2000}
        onChange={(e) => onChange?.(e.target.value)}
        allowClear
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {t('brand.upload')}
      </Button>
    </Space.Compact>
  );
}
