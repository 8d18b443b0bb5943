import { useTranslation } from 'react-i18next';
import { GlobalIcon, InlineIcon } from '../icons/inlineIcons';
import { changeLanguage, isLanguage, type Language } from './i18n';
import './language.css';

const OPTIONS: { value: Language; label: string; title: string }[] = [
  { value: 'zh-CN', label: '中', title: '简体中文' },
  { value: 'en-US', label: 'EN', title: 'English' },
];

/**
 * Switches the interface language at any time (spec 01 §1). Two plain buttons rather than a Select, so
 * the sign-in route does not load the select component.
 */
export function LanguageSelect({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { i18n, t } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <fieldset className={`tl-lang tl-lang--${tone}`} aria-label={t('common:language')}>
      <InlineIcon icon={GlobalIcon} className="tl-lang__icon" aria-hidden />
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={current === option.value}
          title={option.title}
          lang={option.value}
          className={`tl-lang__option${current === option.value ? ' is-current' : ''}`}
          onClick={() => current !== option.value && void changeLanguage(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
