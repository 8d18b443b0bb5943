import type { TenantBrandAnswer } from '@tilth/contracts/tenant.types';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';

export type Brand = TenantBrandAnswer;

/** Used until the deployment's brand arrives, and when the lookup fails. */
export const FALLBACK_BRAND: Brand = {
  favicon: '/favicon.svg',
  loginTitle: 'Tilth',
  workLogo: '',
  loginLogo: '',
  menuLogo: '',
  loginBackgroundColor: '#1b9961',
  titleLoginLogo: '',
  subTitle: '',
  loginImage: '',
  copyright: '© Tilth',
};

// The brand is looked up by a plain cached fetch rather than react-query, so the sign-in page (whose
// headline is the brand's) does not load react-query. One lookup per host and language, refreshed when
// older than 10 minutes; the previous answer stands in while another language's loads.

const STALE_MS = 10 * 60_000;

interface Entry {
  brand?: Brand;
  settled: boolean;
  at: number;
  loading?: Promise<void>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let latest: Brand | undefined;

const keyOf = (host: string, language: string) => `${host}\n${language}`;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const put = (key: string, entry: Entry) => {
  entries.set(key, entry);
  for (const listener of listeners) listener();
};

/** Starts (or reuses) the lookup of a host's brand in a language; the entry calls it before rendering. */
export const loadBrand = (host: string, language: string): Promise<void> => {
  const key = keyOf(host, language);
  const entry = entries.get(key);
  if (entry?.loading) return entry.loading;
  if (entry?.settled && Date.now() - entry.at < STALE_MS) return Promise.resolve();
  const loading = api
    .get<Brand>('/wfpf/v1/0/tenant/domain', { query: { domainName: host }, globalErrors: false, auth: false })
    .then(
      (brand) => {
        latest = brand;
        put(key, { brand, settled: true, at: Date.now() });
      },
      // A failed lookup shows the fallback (or the last brand) and is tried again on the next mount.
      () => put(key, { brand: entry?.brand, settled: true, at: 0 }),
    );
  put(key, { ...entry, settled: entry?.settled ?? false, at: entry?.at ?? 0, loading });
  return loading;
};

/** The deployment brand of this host (GET /wfpf/v1/0/tenant/domain), in the interface language. */
export const useBrand = (): { brand: Brand; loaded: boolean } => {
  const { i18n } = useTranslation();
  const host = window.location.hostname;
  const key = keyOf(host, i18n.language);
  const entry = useSyncExternalStore(subscribe, () => entries.get(key));
  useEffect(() => void loadBrand(host, i18n.language), [host, i18n.language]);
  return { brand: entry?.brand ?? latest ?? FALLBACK_BRAND, loaded: entry?.settled ?? false };
};

/** Applies the brand's favicon to the page. */
export const useFavicon = (href: string): void => {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
};
