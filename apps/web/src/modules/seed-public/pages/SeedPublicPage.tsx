import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useBrand } from '../../../shared/brand/useBrand';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import { type SeedPublicDetail, seedApi } from '../../farm/seed/api/seed.api';
import { FileImage, useImageSrc } from '../../farm/seed/components/FileImage';
import { parseSeedLink, plainText, seedNames } from '../seedPublicModel';
import '../seedPublic.css';

type Practice = SeedPublicDetail['farmingPractices'][number];
type Attribute = SeedPublicDetail['productAttributes'][number];

/** Cards carry no id; their place in a list that never reorders here is their identity. */
const keyed = <T,>(list: T[]): { item: T; key: string }[] =>
  list.map((item, n) => ({ item, key: `card-${n}` }));

/** Descriptions are HTML cleaned by the server's allow-list when written (seed.service cleanHtml). */
function Html({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`tl-seedpub-html ${className ?? ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on write (seed.service)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function Hero({ detail }: { detail: SeedPublicDetail }) {
  const { t, i18n } = useTranslation('seedPublic');
  const names = seedNames(detail, i18n.language);
  const image = useImageSrc(detail.imageUrl);
  return (
    <header className={`tl-seedpub-hero${image ? ' has-image' : ''}`}>
      {image ? <img className="tl-seedpub-hero__img" src={image} alt={names.title} /> : null}
      <div className="tl-seedpub-hero__shade" />
      <div className="tl-seedpub-hero__text">
        <span className="tl-seedpub-chip">
          {t('crop')} · {names.crop}
          {names.cropSubtitle ? <span className="tl-seedpub-chip__alt"> / {names.cropSubtitle}</span> : null}
        </span>
        <h1>{names.title}</h1>
        {names.subtitle ? <p className="tl-seedpub-hero__alt">{names.subtitle}</p> : null}
      </div>
    </header>
  );
}

function Practices({ list, onOpen }: { list: Practice[]; onOpen: (p: Practice) => void }) {
  const { t } = useTranslation('seedPublic');
  return (
    <section className="tl-seedpub-section">
      <h2>{t('practices')}</h2>
      <div className="tl-seedpub-cards">
        {keyed(list).map(({ item: p, key }) => {
          const text = plainText(p.description);
          return (
            <article key={key} className="tl-seedpub-card">
              {p.imageUrl ? (
                <FileImage url={p.imageUrl} alt={p.name} className="tl-seedpub-card__img" />
              ) : null}
              <div className="tl-seedpub-card__body">
                <h3>{p.name}</h3>
                {text ? (
                  <button type="button" className="tl-seedpub-card__desc" onClick={() => onOpen(p)}>
                    <span>{text}</span>
                    <span className="tl-seedpub-card__more">{t('more')}</span>
                  </button>
                ) : null}
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function Attributes({ list }: { list: Attribute[] }) {
  const { t } = useTranslation('seedPublic');
  return (
    <section className="tl-seedpub-section">
      <h2>{t('introduction')}</h2>
      {keyed(list).map(({ item: a, key }) => (
        <article key={key} className="tl-seedpub-attr">
          <div className="tl-seedpub-attr__head">
            <h3>{a.name}</h3>
            {a.enName ? <span>{a.enName}</span> : null}
          </div>
          {a.imageUrl ? <FileImage url={a.imageUrl} alt={a.name} className="tl-seedpub-attr__img" /> : null}
          {a.description ? <Html html={a.description} /> : null}
        </article>
      ))}
    </section>
  );
}

/** The product's promo video: the public routes serve byte ranges, so nothing loads until play. */
function PromoVideo({ video }: { video: NonNullable<SeedPublicDetail['promoVideo']> }) {
  const { t } = useTranslation('seedPublic');
  return (
    <section className="tl-seedpub-section">
      <h2>{t('promoVideo')}</h2>
      {/* biome-ignore lint/a11y/useMediaCaption: promo videos are uploaded without captions */}
      <video
        className="tl-seedpub-video"
        src={video.videoUrl}
        poster={video.posterUrl}
        width={video.width}
        height={video.height}
        controls
        preload="none"
        playsInline
        data-testid="seed-promo-video"
      >
        {t('videoUnsupported')}
      </video>
    </section>
  );
}

/** The public seed-product page (/seed?tenantId=..&id=..; spec 03 §2): no sign-in, phone first. */
export function SeedPublicPage() {
  const { t } = useTranslation(['seedPublic', 'common']);
  const { search } = useLocation();
  const { brand } = useBrand();
  const link = parseSeedLink(search);
  const [open, setOpen] = useState<Practice | null>(null);
  const query = useQuery({
    queryKey: ['seed-public', link?.tenantId, link?.id],
    queryFn: () => seedApi.publicDetail(link?.tenantId ?? 0, link?.id ?? 0),
    enabled: link !== null,
    // A missing product stays missing; only a failed connection is worth another try.
    retry: (count, err) => !(err instanceof ApiError && err.status > 0) && count < 2,
    staleTime: 5 * 60_000,
  });

  const body = (() => {
    if (!link)
      return (
        <EmptyState
          variant="notFound"
          title={t('seedPublic:badLink')}
          description={t('seedPublic:badLinkHint')}
        />
      );
    if (query.isPending) {
      return (
        <div className="tl-seedpub-loading">
          <Spin size="large" />
        </div>
      );
    }
    if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      return missing ? (
        <EmptyState
          variant="notFound"
          title={t('seedPublic:notFound')}
          description={t('seedPublic:notFoundHint')}
        />
      ) : (
        <EmptyState
          variant="networkError"
          description={t('seedPublic:retryHint')}
          extra={
            <button type="button" className="tl-seedpub-retry" onClick={() => void query.refetch()}>
              {t('seedPublic:retry')}
            </button>
          }
        />
      );
    }
    const detail = query.data;
    return (
      <>
        <Hero detail={detail} />
        {detail.publicity ? <blockquote className="tl-seedpub-slogan">{detail.publicity}</blockquote> : null}
        {detail.promoVideo ? <PromoVideo video={detail.promoVideo} /> : null}
        {detail.farmingPractices.length > 0 ? (
          <Practices list={detail.farmingPractices} onOpen={setOpen} />
        ) : null}
        {detail.productAttributes.length > 0 ? <Attributes list={detail.productAttributes} /> : null}
      </>
    );
  })();

  return (
    <div className="tl-seedpub">
      <div className="tl-seedpub__page">
        <div className="tl-seedpub__bar">
          <span className="tl-seedpub__brand">{brand.loginTitle}</span>
          <LanguageSelect />
        </div>
        <main>{body}</main>
        <footer className="tl-seedpub__foot">{brand.copyright}</footer>
      </div>
      <Modal
        open={open !== null}
        title={open?.name}
        footer={null}
        onCancel={() => setOpen(null)}
        width={560}
        centered
      >
        {open ? <Html html={open.description} /> : null}
      </Modal>
    </div>
  );
}
