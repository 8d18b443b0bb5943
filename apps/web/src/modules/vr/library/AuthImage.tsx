import PictureOutlined from '@ant-design/icons/PictureOutlined';
import type { CSSProperties } from 'react';
import { useAuthedSrc } from '../viewer/useAuthedSrc';

// Console images (panorama thumbnails, covers, album pictures) want the session's Bearer header; public-link
// paths (/wfpf/v1/public/…) and absolute URLs are shown as they are.
const authOf = (url: string | null | undefined): 'session' | 'none' =>
  url?.startsWith('/') && !url.startsWith('/wfpf/v1/public/') ? 'session' : 'none';

interface AuthImageProps {
  url: string | null | undefined;
  width: number | string;
  height: number | string;
  alt?: string;
  radius?: number;
  style?: CSSProperties;
}

/** A server image (thumbnail, cover) fetched with the session's token; a placeholder until it arrives. */
export function AuthImage({ url, width, height, alt = '', radius = 4, style }: AuthImageProps) {
  const src = useAuthedSrc(url, authOf(url));
  if (!src) {
    return (
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width,
          height,
          borderRadius: radius,
          background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
          color: 'var(--ant-color-text-quaternary, #bbb)',
          ...style,
        }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img src={src} alt={alt} style={{ width, height, objectFit: 'cover', borderRadius: radius, ...style }} />
  );
}
