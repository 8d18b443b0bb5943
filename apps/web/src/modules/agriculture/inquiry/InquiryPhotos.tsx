import Image from 'antd/es/image';
import type { ReactNode } from 'react';
import { imageVariant, isServerFile, useImageSrc } from '../../../shared/file/fileImage';

/** One photo: a tenant file (through the session) or a pool photo (an API route, also with the session). */
export function InquiryPhoto({ url, size = 96, remove }: { url: string; size?: number; remove?: ReactNode }) {
  const thumb = useImageSrc(isServerFile(url) ? imageVariant(url, size * 2) : url, true);
  const full = useImageSrc(url, true);
  return (
    <span className="tl-inquiry-photo" style={{ width: size, height: size }}>
      {thumb ? (
        <Image
          src={thumb}
          width={size}
          height={size}
          style={{ objectFit: 'cover' }}
          preview={full ? { src: full } : false}
          alt=""
        />
      ) : null}
      {remove}
    </span>
  );
}

export function InquiryPhotoList({ urls, size }: { urls: readonly string[]; size?: number }) {
  if (urls.length === 0) return null;
  return (
    <div className="tl-inquiry-photos">
      {urls.map((u) => (
        <InquiryPhoto key={u} url={u} {...(size ? { size } : {})} />
      ))}
    </div>
  );
}
