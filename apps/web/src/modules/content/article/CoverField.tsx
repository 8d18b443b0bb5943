import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { articleApi } from './article.api';
import { CoverImage } from './CoverImage';
import { chooseImageFile, imageProblem } from './pickImageFile';

export interface CoverFieldProps {
  tenantId: number;
  value?: string | null;
  onChange?: (url: string | null) => void;
  disabled?: boolean;
  /** Picks from the picture library, when there is one. */
  onPick?: () => Promise<{ src: string } | null>;
}

/** The cover: a stored picture (uploaded here or picked from the library) or a picture address. */
export function CoverField({ tenantId, value, onChange, disabled, onPick }: CoverFieldProps) {
  const { t } = useTranslation('contentArticle');
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    const file = await chooseImageFile();
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) return void message.error(t(`contentArticle:picture.${problem}`, { name: file.name }));
    setBusy(true);
    try {
      onChange?.((await articleApi.upload(tenantId, file)).fileUrl);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <CoverImage url={value ?? null} width={288} height={162} alt={t('contentArticle:field.cover')} />
      <Space wrap>
        {onPick ? (
          <Button
            disabled={disabled}
            onClick={async () => {
              const picked = await onPick();
              if (picked) onChange?.(picked.src);
            }}
          >
            {t('contentArticle:picture.library')}
          </Button>
        ) : null}
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => void upload()}>
          {t('contentArticle:picture.upload')}
        </Button>
        {value ? (
          <Button type="link" danger disabled={disabled} onClick={() => onChange?.(null)}>
            {t('contentArticle:picture.remove')}
          </Button>
        ) : null}
      </Space>
      <Input
        value={value ?? ''}
        disabled={disabled}
        placeholder={t('contentArticle:picture.urlPlaceholder')}
        onChange={(e) => onChange?.(e.target.value.trim() || null)}
        aria-label={t('contentArticle:picture.url')}
      />
    </Space>
  );
}
