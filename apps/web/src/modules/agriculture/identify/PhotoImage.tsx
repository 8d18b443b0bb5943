import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { imageVariant, useImageSrc } from '../../../shared/file/fileImage';

/** A stored photo (read with the session), resized by the server; a placeholder while it loads. */
export function PhotoImage({ url, size, alt }: { url: string; size: number; alt: string }) {
  const src = useImageSrc(imageVariant(url, size * 2, size * 2, true));
  return src ? (
    <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />
  ) : (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        width: size,
        height: size,
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 6,
        background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
      }}
    >
      <PictureOutlined />
    </span>
  );
}
