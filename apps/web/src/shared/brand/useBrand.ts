import { useQuery } from '@tanstack/react-query';
import type { TenantBrandAnswer } from '@tilth/contracts/tenant.types';
import { useEffect } from 'react';
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

/** The brand query of a host in a language (the entry prefetches it for the sign-in page). */
export const brandQuery = (host: string, language: string) => ({
  queryKey: ['brand', host, language],
  queryFn: () =>
    api.get<Brand>('/wfpf/v1/0/tenant/domain', {
      query: { domainName: host },
      globalErrors: false,
      auth: false,
    }),
  staleTime: 10 * 60_000,
});

/** The deployment brand of this host (GET /wfpf/v1/0/tenant/domain), in the interface language. */
export const useBrand = (): { brand: Brand; loaded: boolean } => {
  const { i18n } = useTranslation();
  const query = useQuery({
    ...brandQuery(window.location.hostname, i18n.language),
    placeholderData: (previous: Brand | undefined) => previous,
  });
  return { brand: query.data ?? FALLBACK_BRAND, loaded: query.isSuccess || query.isError };
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
