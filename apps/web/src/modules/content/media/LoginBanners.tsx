import { lazy } from 'react';
import { useSearchParams } from 'react-router';

// The carousel (antd Carousel, ≈ 14 KB gzip) is fetched only when there is a tenant to show banners for.
const BannerCarousel = lazy(() => import('./BannerCarousel').then((m) => ({ default: m.BannerCarousel })));

// Which tenant's banners the sign-in page shows: before sign-in no tenant is known, so it is `?tenant=`
// of the link (a farm's own sign-in link), else the tenant this browser last worked in (remembered by the
// farm home's carousel). None: nothing is shown.

const LAST_TENANT_KEY = 'banner_tenant';

export const rememberBannerTenant = (tenantId: number): void => {
  try {
    localStorage.setItem(LAST_TENANT_KEY, String(tenantId));
  } catch {
    // storage refused (private mode): the sign-in page then shows no banners
  }
};

export const loginBannerTenant = (param: string | null): number | null => {
  let raw = param;
  if (!raw) {
    try {
      raw = localStorage.getItem(LAST_TENANT_KEY);
    } catch {
      raw = null;
    }
  }
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
};

/** The login placement's banners, small, under the sign-in form; loaded after the form, never waited for. */
export function LoginBanners() {
  const [search] = useSearchParams();
  const tenantId = loginBannerTenant(search.get('tenant'));
  if (tenantId === null) return null;
  return <BannerCarousel tenantId={tenantId} placement="login" height={120} style={{ marginTop: 16 }} />;
}
