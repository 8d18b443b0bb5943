import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Image from 'antd/es/image';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { taskApi } from '../api/task.api';
import { addPhotos, PHOTO_TYPES, photoProblem, TASK_PHOTOS_MAX } from '../taskModel';
import { TaskPhoto } from './TaskPhoto';

interface PhotoFieldProps {
  tenantId: number;
  value?: string[];
  onChange?: (value: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Up to 9 photos, uploaded one by one to the file service (POST /hfle/v1/{t}/files/multipart). */
export function PhotoField({ tenantId, value = [], onChange, onBusyChange }: PhotoFieldProps) {
  const { t } = useTranslation('farmTask');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const room = TASK_PHOTOS_MAX - value.length;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (chosen.length > room) message.warning(t('photo.tooMany', { max: TASK_PHOTOS_MAX }));
    const files = chosen.slice(0, room).filter((file) => {
      const problem = photoProblem(file);
      if (problem) message.error(t(`photo.${problem}`, { name: file.name }));
      return problem === null;
    });
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    const uploaded: string[] = [];
    try {
      for (const file of files) {
        try {
          uploaded.push((await taskApi.upload(tenantId, file)).fileUrl);
        } catch {
          // Shown by the API client; the other photos still go up.
        }
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
    if (uploaded.length) onChange?.(addPhotos(value, uploaded));
  };

  return (
    <div className="tl-task-photo-field">
      <Image.PreviewGroup>
        {value.map((url) => (
          <div key={url} className="tl-task-photo-field__item">
            <TaskPhoto url={url} size={80} />
            <button
              type="button"
              className="tl-task-photo-field__remove"
              aria-label={t('photo.remove')}
              onClick={() => onChange?.(value.filter((u) => u !== url))}
            >
              <CloseOutlined />
            </button>
          </div>
        ))}
      </Image.PreviewGroup>
      {room > 0 ? (
        <button
          type="button"
          className="tl-task-photo-field__add"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{busy ? t('photo.uploading') : t('photo.add')}</span>
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        multiple
        hidden
        onChange={(e) => void choose(e)}
      />
      <div className="tl-task-photo-field__hint">
        {t('photo.hint', { count: value.length, max: TASK_PHOTOS_MAX })}
      </div>
    </div>
  );
}
