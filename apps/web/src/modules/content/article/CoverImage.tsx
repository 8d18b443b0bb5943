import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { useImageSrc } from '../../../shared/file/fileImage';

/** A cover thumbnail; stored pictures are read with the session (a placeholder until then). */
export function CoverImage({
  url,
  width,
  height,
  alt = '',
}: {
  url: string | null;
  width: number;
  height: number;
  alt?: string;
}) {
  const src = useImageSrc(url);
  const box = { width, height, borderRadius: 4, objectFit: 'cover' as const, display: 'block' };
  if (!src) {
    return (
      <span
        aria-hidden
        style={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
          color: 'var(--ant-color-text-quaternary, #bbb)',
        }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return <img src={src} alt={alt} style={box} />;
}
