import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { Picture } from '@tilth/contracts/media.types';
import Button from 'antd/es/button';
import Upload, { type UploadProps } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { checkPictureFile } from './folderTree';
import { uploadPicture } from './media.api';

interface PictureUploaderProps {
  tenantId: number;
  /** Where the pictures go (null: the top level). */
  folderId: number | null;
  maxBytes: number;
  /** Each stored picture, as it arrives. */
  onUploaded: (picture: Picture) => void;
  disabled?: boolean;
}

/** Several pictures at once, each sent on its own request with its own progress bar (XHR upload progress). */
export function PictureUploader({
  tenantId,
  folderId,
  maxBytes,
  onUploaded,
  disabled,
}: PictureUploaderProps) {
  const { t } = useTranslation('contentMedia');
  const message = useMessage();

  const props: UploadProps = {
    multiple: true,
    accept: '.jpg,.jpeg,.png,.webp,.gif',
    disabled,
    showUploadList: { showRemoveIcon: true },
    beforeUpload: (file) => {
      const problem = checkPictureFile(file, maxBytes);
      if (problem) {
        message.error(t(`upload.${problem}`, { name: file.name, mb: Math.round(maxBytes / 1024 / 1024) }));
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onProgress, onSuccess, onError }) => {
      const controller = new AbortController();
      uploadPicture(
        tenantId,
        folderId,
        file as File,
        (percent) => onProgress?.({ percent }),
        controller.signal,
      )
        .then((picture) => {
          onSuccess?.(picture);
          onUploaded(picture);
        })
        .catch((err: Error) => {
          message.error(t('upload.failed', { name: (file as File).name, reason: err.message }));
          onError?.(err);
        });
      return { abort: () => controller.abort() };
    },
  };

  return (
    <Upload {...props}>
      <Button icon={<UploadOutlined />} disabled={disabled} data-testid="picture-upload">
        {t('upload.button')}
      </Button>
    </Upload>
  );
}
