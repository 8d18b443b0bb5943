import { useQuery } from '@tanstack/react-query';
import type { BannerPlacement, PublicBanner } from '@tilth/contracts/media.types';
import { type CSSProperties, lazy, Suspense } from 'react';
import { bannerApi, mediaKeys } from './media.api';
import './banner.css';

// antd's Carousel (react-slick, ≈ 12 KB gzip) only for two banners or more: one is a plain slide, none is nothing.
const Carousel = lazy(() => import('antd/es/carousel'));

export interface BannerCarouselProps {
  tenantId: number;
  placement: BannerPlacement;
  /** Height of the slides (the width follows the container). */
  height?: number;
  style?: CSSProperties;
}

const banner0Title = (list: PublicBanner[]): string => list.map((b) => b.title).join(' · ');

/** http(s) addresses open in a new tab; in-app paths in place. */
const linkProps = (url: string) =>
  /^https?:\/\//i.test(url) ? { href: url, target: '_blank', rel: 'noopener noreferrer' } : { href: url };

function Slide({ banner, height }: { banner: PublicBanner; height: number }) {
  const img = (
    <img
      src={banner.imageUrl}
      alt={banner.title}
      loading="lazy"
      className="banner-carousel__img"
      style={{ height }}
    />
  );
  return (
    <div className="banner-carousel__slide" data-testid="banner-slide">
      {banner.linkUrl ? <a {...linkProps(banner.linkUrl)}>{img}</a> : img}
      <span className="banner-carousel__title">{banner.title}</span>
    </div>
  );
}

/**
 * The live banners of a placement (signed-out call, so the login page can show them too). Renders nothing
 * while loading, on failure, or when there are none: the page around it never waits for it.
 */
export function BannerCarousel({ tenantId, placement, height = 200, style }: BannerCarouselProps) {
  const banners = useQuery({
    queryKey: mediaKeys.publicBanners(tenantId, placement),
    queryFn: () => bannerApi.live(tenantId, placement),
    staleTime: 60_000,
    retry: false,
  });
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  return (
    <section
      className="banner-carousel"
      style={style}
      aria-label={banner0Title(list)}
      data-placement={placement}
    >
      {list.length === 1 ? (
        <Slide banner={list[0] as PublicBanner} height={height} />
      ) : (
        // While the carousel loads, its first slide stands in (what the carousel shows first).
        <Suspense fallback={<Slide banner={list[0] as PublicBanner} height={height} />}>
          <Carousel autoplay autoplaySpeed={5000} draggable>
            {list.map((b) => (
              <Slide key={b.bannerId} banner={b} height={height} />
            ))}
          </Carousel>
        </Suspense>
      )}
    </section>
  );
}
