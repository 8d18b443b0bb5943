import PictureOutlined from '@ant-design/icons/PictureOutlined';
import type { CSSProperties } from 'react';
import { useImageSrc } from '../../../shared/file/fileImage';

interface PictureThumbProps {
  /** A console URL (read with the session) or a public one. */
  url: string;
  alt: string;
  width: number | string;
  height: number | string;
  fit?: 'cover' | 'contain';
  style?: CSSProperties;
}

/** A library image fetched with the session's token (an <img> cannot send it); a placeholder meanwhile. */
export function PictureThumb({ url, alt, width, height, fit = 'cover', style }: PictureThumbProps) {
  const src = useImageSrc(url, !url.startsWith('/wfpf/v1/public/') && url.startsWith('/'));
  if (!src)
    return (
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width,
          height,
          background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
          color: 'var(--ant-color-text-quaternary, #bbb)',
          ...style,
        }}
      >
        <PictureOutlined />
      </span>
    );
  return <img src={src} alt={alt} style={{ width, height, objectFit: fit, display: 'block', ...style }} />;
}
