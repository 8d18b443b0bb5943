import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { farmLogApi } from '../api/farmLog.api';
import { addPictures, FARM_LOG_PICTURES_MAX, PICTURE_TYPES, pictureProblem } from '../farmLogModel';
import { LogPictureGallery } from './LogPicture';

interface PictureFieldProps {
  tenantId: number;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Reports uploads in flight, so the form can wait for them before saving. */
  onBusyChange?: (busy: boolean) => void;
}

/** Up to 9 pictures: several chosen at once go up one by one to the file service (POST …/files/multipart). */
export function PictureField({ tenantId, value = [], onChange, onBusyChange }: PictureFieldProps) {
  const { t } = useTranslation('farmLog');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const room = FARM_LOG_PICTURES_MAX - value.length;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (chosen.length === 0) return;
    if (chosen.length > room) message.warning(t('picture.tooMany', { max: FARM_LOG_PICTURES_MAX }));
    const files = chosen.slice(0, room).filter((file) => {
      const problem = pictureProblem(file);
      if (problem) message.error(t(`picture.${problem}`, { name: file.name }));
      return problem === null;
    });
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    const uploaded: string[] = [];
    try {
      for (const file of files) {
        try {
          uploaded.push((await farmLogApi.upload(tenantId, file)).fileUrl);
        } catch {
          // Shown by the API client; the other pictures still go up.
        }
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
    if (uploaded.length) onChange?.(addPictures(value, uploaded, FARM_LOG_PICTURES_MAX));
  };

  return (
    <div className="tl-log-picture-field">
      <LogPictureGallery
        urls={value}
        size={88}
        extra={(url) => (
          <button
            type="button"
            className="tl-log-picture-field__remove"
            aria-label={t('picture.remove')}
            onClick={() => onChange?.(value.filter((u) => u !== url))}
          >
            <CloseOutlined />
          </button>
        )}
      />
      {room > 0 ? (
        <button
          type="button"
          className="tl-log-picture-field__add"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{busy ? t('picture.uploading') : t('picture.add')}</span>
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        multiple
        style={{ display: 'none' }}
        onChange={(e) => void choose(e)}
      />
      <div className="tl-log-picture-field__hint">
        {t('picture.hint', { count: value.length, max: FARM_LOG_PICTURES_MAX })}
      </div>
    </div>
  );
}
