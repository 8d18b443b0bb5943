import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** The enabled flag as a tag. */
export function EnabledTag({ flag }: { flag: number }) {
  const { t } = useTranslation('systemCatalogue');
  return flag === 1 ? <Tag color="green">{t('enabled.1')}</Tag> : <Tag>{t('enabled.0')}</Tag>;
}

export const ENABLED_OPTIONS = [1, 0] as const;
