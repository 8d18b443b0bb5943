import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { seedApi } from '../api/seed.api';
import { imageProblem, SEED_IMAGE_TYPES } from '../seedForm';
import { FileImage } from './FileImage';

interface ImageUploadProps {
  tenantId: number;
  /** Form.Item passes value and onChange. */
  value?: string | null;
  onChange?: (url: string) => void;
  size?: number;
}

/** One image: picked, checked in the browser (the server checks the content), uploaded through the file API. */
export function ImageUpload({ tenantId, value, onChange, size = 104 }: ImageUploadProps) {
  const { t } = useTranslation('farmSeed');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      message.error(t(problem === 'type' ? 'image.type' : 'image.size'));
      return;
    }
    setBusy(true);
    try {
      const stored = await seedApi.upload(tenantId, file);
      onChange?.(stored.fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tl-image-upload">
      <FileImage url={value} alt={t('image.alt')} style={{ width: size, height: size }} />
      <div className="tl-image-upload__actions">
        <input
          ref={input}
          type="file"
          accept={SEED_IMAGE_TYPES.join(',')}
          style={{ display: 'none' }}
          onChange={(e) => void pick(e)}
        />
        <Button size="small" icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {value ? t('image.replace') : t('image.upload')}
        </Button>
        {value ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
