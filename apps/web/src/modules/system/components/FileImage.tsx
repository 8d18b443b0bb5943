import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Image from 'antd/es/image';
import { imageVariant, useImageSrc } from '../../../shared/file/fileImage';

interface FileImageProps {
  url: string;
  width: number;
  height: number;
  radius?: number;
}

/** A stored image as a cropped thumbnail; click previews the full picture. */
export function FileImage({ url, width, height, radius = 4 }: FileImageProps) {
  const thumb = useImageSrc(imageVariant(url, width * 2, height * 2));
  const full = useImageSrc(url);
  if (!thumb) {
    return (
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width,
          height,
          borderRadius: radius,
          background: 'var(--ant-color-fill-tertiary, #f5f5f5)',
          color: 'var(--ant-color-text-quaternary, #bbb)',
        }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return (
    <Image
      src={thumb}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: radius }}
      preview={full ? { src: full } : false}
    />
  );
}
