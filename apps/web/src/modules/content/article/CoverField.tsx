import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { CoverImage } from './CoverImage';

export interface CoverFieldProps {
  value?: string | null;
  onChange?: (url: string | null) => void;
  disabled?: boolean;
  /** Picks from the picture library (which also takes uploads). */
  onPick: () => Promise<{ src: string } | null>;
}

/** The cover: a picture from the library, or a picture address typed in. */
export function CoverField({ value, onChange, disabled, onPick }: CoverFieldProps) {
  const { t } = useTranslation('contentArticle');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <CoverImage url={value ?? null} width={288} height={162} alt={t('contentArticle:field.cover')} />
      <Space wrap>
        <Button
          disabled={disabled}
          data-testid="cover-pick"
          onClick={async () => {
            const picked = await onPick();
            if (picked) onChange?.(picked.src);
          }}
        >
          {t('contentArticle:picture.library')}
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
