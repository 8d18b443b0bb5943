import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCAL_KEYS, local } from '../storage';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

// One JSON file per language and domain (src/locales/<lang>/<domain>.json); the file name is the i18next
// namespace. Each file is its own small chunk, fetched when a screen first asks for its domain.
const loaders = import.meta.glob<Record<string, string>>('../../locales/*/*.json', { import: 'default' });

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : String(err), null),
    );
  },
};

export const storedLanguage = (): Language => {
  const value = local.get(LOCAL_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
};

export const currentLanguage = (): Language =>
  isLanguage(i18next.language) ? i18next.language : storedLanguage();

const applyLanguage = (language: Language): void => {
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

/** `namespaces`: loaded with `common` before the first screen (the titles of the pages outside the shell). */
export const initI18n = async (namespaces: readonly string[] = []): Promise<void> => {
  const language = storedLanguage();
  applyLanguage(language);
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      // Both locale files carry every key (a unit test checks), so no fallback language is fetched.
      fallbackLng: false,
      ns: [...new Set(['common', ...namespaces])],
      defaultNS: 'common',
      keySeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
};

/** Switches the interface language everywhere (texts, antd, dayjs) and remembers it. */
export const changeLanguage = async (language: Language): Promise<void> => {
  local.set(LOCAL_KEYS.language, language);
  applyLanguage(language);
  await i18next.changeLanguage(language);
};

/** Translation outside React (API client notices). */
export const translate = (key: string, values?: Record<string, string | number>): string =>
  values ? i18next.t(key, values) : i18next.t(key);
