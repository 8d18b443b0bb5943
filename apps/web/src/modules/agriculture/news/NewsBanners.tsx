import { lazy, Suspense } from 'react';

// Banners placed 'news' (media part) above the carousel. Loaded in its own chunk after the page: the
// carousel library it uses is not part of the news page's first paint, and nothing waits for it.
const BannerCarousel = lazy(() =>
  import('../../content/media/BannerCarousel').then((m) => ({ default: m.BannerCarousel })),
);

export function NewsBanners({ tenantId }: { tenantId: number }) {
  return (
    <Suspense fallback={null}>
      <BannerCarousel tenantId={tenantId} placement="news" height={160} />
    </Suspense>
  );
}
