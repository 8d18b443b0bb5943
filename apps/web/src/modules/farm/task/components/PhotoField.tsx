import Image from 'antd/es/image';
import { ImageListField } from '../../../../shared/file/ImageListField';
import { taskApi } from '../api/task.api';
import { PHOTO_TYPES, photoProblem, TASK_PHOTOS_MAX } from '../taskModel';
import { TaskPhoto } from './TaskPhoto';

interface PhotoFieldProps {
  tenantId: number;
  value?: string[];
  onChange?: (value: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Up to 9 finish photos, uploaded to the file service (POST /hfle/v1/{t}/files/multipart). */
export function PhotoField({ tenantId, ...field }: PhotoFieldProps) {
  return (
    <ImageListField
      {...field}
      max={TASK_PHOTOS_MAX}
      accept={PHOTO_TYPES}
      check={photoProblem}
      upload={async (file) => (await taskApi.upload(tenantId, file)).fileUrl}
      labels="farmTask:photo"
      size={80}
      renderImages={(urls, remove) => (
        <Image.PreviewGroup>
          {urls.map((url) => (
            <div key={url} className="tl-task-photo-field__item">
              <TaskPhoto url={url} size={80} />
              {remove(url)}
            </div>
          ))}
        </Image.PreviewGroup>
      )}
    />
  );
}
