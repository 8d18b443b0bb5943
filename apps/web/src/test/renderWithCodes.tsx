import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import App from 'antd/es/app';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FeedbackProvider } from '../shared/FeedbackProvider';
import { ShellContext, type ShellContextValue } from '../shell/ShellContext';

// Test helper: a page rendered to HTML (no DOM needed) as a user holding `codes`, with its queries
// answered from `data`. The permission answers sit where usePermissions looks for them, so guards decide
// exactly as in the console once the server has answered.

const locales = import.meta.glob<Record<string, string>>('../locales/en-US/*.json', {
  eager: true,
  import: 'default',
});

const resources = Object.fromEntries(
  Object.entries(locales).map(([file, data]) => [file.replace(/^.*\/(\w+)\.json$/, '$1'), data]),
);

export interface RenderOptions {
  /** Permission codes the user holds; every other catalogued code is refused. */
  codes: readonly string[];
  /** Query results by key, as the page's hooks would have them from the server. */
  data?: readonly (readonly [readonly unknown[], unknown])[];
  tenantId?: number;
}

export const renderWithCodes = (
  node: ReactNode,
  { codes, data = [], tenantId = 7 }: RenderOptions,
): string => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const held = new Set(codes);
  for (const code of PERMISSION_CODES) client.setQueryData(['permissions', code], { [code]: held.has(code) });
  for (const [key, value] of data) client.setQueryData(key, value);
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  const shell = { tenantId } as ShellContextValue;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <App>
          <FeedbackProvider>
            <ShellContext.Provider value={shell}>{node}</ShellContext.Provider>
          </FeedbackProvider>
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

/** The visible texts of rendered HTML (tags dropped), to look for buttons by their labels. */
export const textOf = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
