import PictureOutlined from '@ant-design/icons/PictureOutlined';
import type { CSSProperties } from 'react';
import { useImageSrc } from '../../../../shared/file/fileImage';
import './fileImage.css';

export { isServerFile, useImageSrc } from '../../../../shared/file/fileImage';

interface FileImageProps {
  url: string | null | undefined;
  alt: string;
  className?: string;
  style?: CSSProperties;
}

/** An image of a product, or a quiet placeholder when there is none (or it cannot be read). */
export function FileImage({ url, alt, className, style }: FileImageProps) {
  const src = useImageSrc(url);
  if (!src) {
    return (
      <span
        className={`tl-file-image tl-file-image--empty ${className ?? ''}`}
        style={style}
        role="img"
        aria-label={alt}
      >
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img className={`tl-file-image ${className ?? ''}`} style={style} src={src} alt={alt} loading="lazy" />
  );
}
