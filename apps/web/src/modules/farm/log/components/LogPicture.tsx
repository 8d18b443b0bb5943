import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Image from 'antd/es/image';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageVariant, useImageSrc, useImageSrcs } from '../../../../shared/file/fileImage';
import '../farmLog.css';

/** One picture of a log as a cropped square thumbnail (a quiet placeholder while loading or refused). */
export function LogPicture({ url, size }: { url: string; size: number }) {
  const { t } = useTranslation('farmLog');
  const thumb = useImageSrc(imageVariant(url, size * 2));
  if (!thumb) {
    return (
      <span className="tl-log-picture tl-log-picture--empty" style={{ width: size, height: size }}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <Image
      className="tl-log-picture"
      width={size}
      height={size}
      src={thumb}
      alt={t('field.picture')}
      preview={false}
    />
  );
}

interface GalleryProps {
  urls: readonly string[];
  size?: number;
  /** Drawn over each thumbnail's corner (the form's remove button). */
  extra?: (url: string) => ReactNode;
}

/**
 * Thumbnails of a log's pictures; a click opens the large preview at that picture and pages through all
 * of them in order (the preview is controlled here so its order is the log's, whatever loads first).
 */
export function LogPictureGallery({ urls, size = 96, extra }: GalleryProps) {
  const { t } = useTranslation('farmLog');
  const [current, setCurrent] = useState<number | null>(null);
  const large = useImageSrcs(
    urls.map((url) => imageVariant(url, 1600, 1600, false)),
    current !== null,
  );
  const items = large.map((src) => src ?? '');
  return (
    <div className="tl-log-gallery">
      {urls.map((url, i) => (
        <div key={url} className="tl-log-gallery__item">
          <button
            type="button"
            className="tl-log-gallery__thumb"
            aria-label={t('picture.open', { n: i + 1 })}
            onClick={() => setCurrent(i)}
          >
            <LogPicture url={url} size={size} />
          </button>
          {extra?.(url)}
        </div>
      ))}
      {current !== null ? (
        <Image.PreviewGroup
          items={items}
          preview={{
            open: true,
            current,
            onChange: (next) => setCurrent(next),
            onOpenChange: (open) => {
              if (!open) setCurrent(null);
            },
          }}
        />
      ) : null}
    </div>
  );
}
