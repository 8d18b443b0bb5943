import Button from 'antd/es/button';
import Image from 'antd/es/image';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../../shared/FeedbackProvider';
import { imageVariant, useImageSrc } from '../../../../../shared/file/fileImage';
import { ImageListField } from '../../../../../shared/file/ImageListField';
import { productApi } from '../api/product.api';
import { IMAGE_TYPES, imageProblem, VIDEO_TYPES, videoProblem } from '../productModel';

function Thumb({ url }: { url: string }) {
  const src = useImageSrc(imageVariant(url, 128));
  return (
    <Image src={src ?? undefined} width={88} height={88} style={{ objectFit: 'cover' }} preview={false} />
  );
}

interface ImagesProps {
  tenantId: number;
  value?: string[];
  onChange?: (v: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Up to 6 product images, jpg or png of at most 10 MB each (spec 03 §5). */
export function ProductImagesField({ tenantId, ...field }: ImagesProps) {
  return (
    <ImageListField
      {...field}
      max={6}
      accept={IMAGE_TYPES}
      check={imageProblem}
      upload={async (file) => (await productApi.upload(tenantId, file)).fileUrl}
      labels="invProduct:image"
      size={88}
      renderImages={(urls, remove) => (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {urls.map((u) => (
            <div key={u} style={{ position: 'relative' }}>
              <Thumb url={u} />
              {remove(u)}
            </div>
          ))}
        </div>
      )}
    />
  );
}

interface VideoProps {
  tenantId: number;
  value?: string | null;
  onChange?: (v: string | null) => void;
}

/** One product video of at most 30 MB (spec 03 §5: within 60 s, 16:9 or 1:1 suggested). */
export function ProductVideoField({ tenantId, value, onChange }: VideoProps) {
  const { t } = useTranslation('invProduct');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // Stored files need the session's token: played from a fetched object URL, like images.
  const src = useImageSrc(value);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = videoProblem(file);
    if (problem) {
      message.error(t(`video.${problem}`, { name: file.name }));
      return;
    }
    setBusy(true);
    try {
      onChange?.((await productApi.upload(tenantId, file)).fileUrl);
    } catch {
      // The API client showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <input ref={input} type="file" hidden accept={VIDEO_TYPES.join(',')} onChange={(e) => void choose(e)} />
      {value ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: product videos carry no captions */}
          <video src={src ?? undefined} controls width={240} style={{ display: 'block', marginBottom: 8 }} />
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('video.remove')}
          </Button>
        </>
      ) : (
        <Button loading={busy} onClick={() => input.current?.click()}>
          {t('video.add')}
        </Button>
      )}
      <div className="tl-muted" style={{ marginTop: 4 }}>
        {t('video.hint')}
      </div>
    </div>
  );
}
