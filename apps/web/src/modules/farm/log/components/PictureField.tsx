import { ImageListField } from '../../../../shared/file/ImageListField';
import { farmLogApi } from '../api/farmLog.api';
import { FARM_LOG_PICTURES_MAX, PICTURE_TYPES, pictureProblem } from '../farmLogModel';
import { LogPictureGallery } from './LogPicture';

interface PictureFieldProps {
  tenantId: number;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Reports uploads in flight, so the form can wait for them before saving. */
  onBusyChange?: (busy: boolean) => void;
}

/** Up to 9 pictures of a log, uploaded to the file service (POST …/files/multipart). */
export function PictureField({ tenantId, ...field }: PictureFieldProps) {
  return (
    <ImageListField
      {...field}
      max={FARM_LOG_PICTURES_MAX}
      accept={PICTURE_TYPES}
      check={pictureProblem}
      upload={async (file) => (await farmLogApi.upload(tenantId, file)).fileUrl}
      labels="farmLog:picture"
      size={88}
      renderImages={(urls, remove) => <LogPictureGallery urls={urls} size={88} extra={remove} />}
    />
  );
}
