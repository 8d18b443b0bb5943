import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicVrApi } from '../library/library.api';
import { VrPublicPage } from './VrPublicPage';

// Issue 17 item 4: a withdrawn or unknown public link shows a friendly 'not available' page, and the call
// sends no token.

const texts = import.meta.glob<Record<string, string>>('../../../locales/*/vr.json', {
  eager: true,
  import: 'default',
});
const en = texts['../../../locales/en-US/vr.json'] ?? {};
const zh = texts['../../../locales/zh-CN/vr.json'] ?? {};

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const render = (
  path: string,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) => {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { vr: en } },
    defaultNS: 'vr',
    keySeparator: false,
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/vr/:tenantId/:token" element={<VrPublicPage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('the public tour link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a malformed link is not available without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(render('/vr/7/short')).toContain('This tour is not available');
    expect(render('/vr/x7/AbCdEfGhIjKlMnOpQrStUv')).toContain('This tour is not available');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a withdrawn link (404) is not available, asked without a token', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'vr.notFound', message: 'x' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', {
      getItem: () => 'session-token',
      setItem: () => undefined,
      removeItem: () => undefined,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({
      queryKey: ['vr-public', '7', TOKEN],
      queryFn: () => publicVrApi.get('7', TOKEN),
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/wfpf/v1/public/7/vr/${TOKEN}`);
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
    expect(render(`/vr/7/${TOKEN}`, client)).toContain('This tour is not available');
  });

  it('every vr text exists in both languages', () => {
    const base = (k: string) => k.replace(/_(one|other)$/, '');
    expect(new Set(Object.keys(zh).map(base))).toEqual(new Set(Object.keys(en).map(base)));
  });
});
