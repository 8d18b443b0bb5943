import { useEffect } from 'react';
import { useShell } from '../../../shell/ShellContext';
import { BannerCarousel } from './BannerCarousel';
import { rememberBannerTenant } from './LoginBanners';

/** The farm home's banners (placement home); also remembers the tenant for the sign-in page's banners. */
export function FarmHomeBanners() {
  const { tenantId } = useShell();
  useEffect(() => {
    if (tenantId > 0) rememberBannerTenant(tenantId);
  }, [tenantId]);
  if (!(tenantId > 0)) return null;
  return <BannerCarousel tenantId={tenantId} placement="home" height={180} style={{ marginBottom: 16 }} />;
}
