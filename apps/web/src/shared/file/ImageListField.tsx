import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../FeedbackProvider';
import { addImages } from './imageList';
import './ImageListField.css';

export interface ImageListFieldProps {
  /** Form.Item passes value and onChange: the stored files' addresses, in order. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Reports uploads in flight, so the form can wait for them before saving. */
  onBusyChange?: (busy: boolean) => void;
  max: number;
  /** The types the file picker offers (the server checks the content itself). */
  accept: readonly string[];
  /** Why a chosen file is refused before upload, or null when it may go. */
  check: (file: File) => 'type' | 'size' | null;
  /** Uploads one file and gives its stored address. */
  upload: (file: File) => Promise<string>;
  /**
   * i18n key prefix of the texts: `${labels}.add`, `.uploading`, `.remove`, `.hint` ({count, max}),
   * `.tooMany` ({max}), `.type` and `.size` ({name}).
   */
  labels: string;
  /** Side of the add tile in px (the thumbnails' size). */
  size: number;
  /** The thumbnails; `remove(url)` is the remove button to draw over each one's corner. */
  renderImages: (urls: string[], remove: (url: string) => ReactNode) => ReactNode;
}

/** Several images chosen at once go up one by one to the file service; a failed one does not stop the rest. */
export function ImageListField({
  value = [],
  onChange,
  onBusyChange,
  max,
  accept,
  check,
  upload,
  labels,
  size,
  renderImages,
}: ImageListFieldProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const room = max - value.length;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (chosen.length > room) message.warning(t(`${labels}.tooMany`, { max }));
    const files = chosen.slice(0, room).filter((file) => {
      const problem = check(file);
      if (problem) message.error(t(`${labels}.${problem}`, { name: file.name }));
      return problem === null;
    });
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    const uploaded: string[] = [];
    try {
      for (const file of files) {
        try {
          uploaded.push(await upload(file));
        } catch {
          // Shown by the API client; the other images still go up.
        }
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
    if (uploaded.length) onChange?.(addImages(value, uploaded, max));
  };

  const remove = (url: string) => (
    <button
      type="button"
      className="tl-image-list-field__remove"
      aria-label={t(`${labels}.remove`)}
      onClick={() => onChange?.(value.filter((u) => u !== url))}
    >
      <CloseOutlined />
    </button>
  );

  return (
    <div className="tl-image-list-field">
      {renderImages(value, remove)}
      {room > 0 ? (
        <button
          type="button"
          className="tl-image-list-field__add"
          style={{ width: size, height: size }}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{busy ? t(`${labels}.uploading`) : t(`${labels}.add`)}</span>
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        multiple
        hidden
        onChange={(e) => void choose(e)}
      />
      <div className="tl-image-list-field__hint">{t(`${labels}.hint`, { count: value.length, max })}</div>
    </div>
  );
}
