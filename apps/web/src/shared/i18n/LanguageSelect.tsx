import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language } from './i18n';

const OPTIONS: { value: Language; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];

/** Switches the interface language at any time (spec 01 §1). */
export function LanguageSelect({ variant = 'borderless' }: { variant?: 'borderless' | 'outlined' }) {
  const { i18n, t } = useTranslation();
  return (
    <Select
      aria-label={t('common:language')}
      variant={variant}
      value={isLanguage(i18n.language) ? i18n.language : 'zh-CN'}
      options={OPTIONS}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(value) => void changeLanguage(value)}
    />
  );
}
