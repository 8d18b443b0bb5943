import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Image from 'antd/es/image';
import { useTranslation } from 'react-i18next';
import { imageVariant, useImageSrc } from '../../../../shared/file/fileImage';

/** One finish photo: a square thumbnail; a click opens the large preview. */
export function TaskPhoto({ url, size }: { url: string; size: number }) {
  const { t } = useTranslation('farmTask');
  const thumb = useImageSrc(imageVariant(url, size * 2));
  const large = useImageSrc(imageVariant(url, 1600, 1600, false));
  if (!thumb) {
    return (
      <span className="tl-task-photo tl-task-photo--empty" style={{ width: size, height: size }}>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <Image
      className="tl-task-photo"
      width={size}
      height={size}
      src={thumb}
      alt={t('field.photos')}
      preview={large ? { src: large } : false}
    />
  );
}
