import { CAMERA_LOG_DESCRIPTION_MAX, CAMERA_LOG_LEVELS } from '@tilth/contracts/farm-log.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { useImageSrc } from '../../../shared/file/fileImage';
import { type Camera, type CameraLogBody, cameraApi } from './camera.api';
import { type CaptureFormValues, captureFormError } from './cameraFormat';

/** The still to log: a server capture (already a tenant file) or a screenshot still to upload. */
export type CaptureImage = { kind: 'file'; fileUrl: string } | { kind: 'shot'; blob: Blob; preview: string };

export interface CaptureUploadModalProps {
  tenantId: number;
  camera: Pick<Camera, 'id' | 'name' | 'areaId' | 'landId'>;
  image: CaptureImage;
  onClose: () => void;
}

/** The camera log POST /wfpf/v1/{t}/log takes for a capture (spec 02 §3): the still in content. */
export const cameraLogOf = (
  camera: Pick<Camera, 'id' | 'areaId' | 'landId'>,
  v: Required<Pick<CaptureFormValues, 'logTitle' | 'logLevel'>> & Pick<CaptureFormValues, 'description'>,
  fileUrl: string,
): CameraLogBody => ({
  logTitle: v.logTitle.trim(),
  logLevel: v.logLevel,
  ...(v.description ? { description: v.description } : {}),
  content: [fileUrl],
  logType: 'image',
  areaId: camera.areaId,
  landId: camera.landId,
  cameraId: camera.id,
});

/** Spec 02 §3 / §5 'capture upload': logTitle and level required, description ≤ 180; saves a camera log. */
export function CaptureUploadModal({ tenantId, camera, image, onClose }: CaptureUploadModalProps) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const [form] = Form.useForm<CaptureFormValues>();
  const [busy, setBusy] = useState(false);
  // A stored capture is read with the session's token; a screenshot is already a data URL.
  const stored = useImageSrc(image.kind === 'file' ? image.fileUrl : null);
  const preview = image.kind === 'file' ? stored : image.preview;

  const submit = async () => {
    let v: CaptureFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const broken = captureFormError(v);
    if (broken || !v.logTitle || !v.logLevel) {
      if (broken) void message.warning(t(`camera:${broken}`));
      return;
    }
    setBusy(true);
    try {
      const fileUrl =
        image.kind === 'file'
          ? image.fileUrl
          : (await cameraApi.uploadImage(tenantId, image.blob, `${camera.name}-capture.png`)).fileUrl;
      await cameraApi.saveLog(
        tenantId,
        cameraLogOf(camera, { ...v, logTitle: v.logTitle, logLevel: v.logLevel }, fileUrl),
      );
      void message.success(t('camera:capture.added'));
      onClose();
    } catch {
      void message.error(t('camera:capture.addFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('camera:capture.title')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview ? (
        <img src={preview} alt={t('camera:capture.image')} style={{ width: '100%', marginBottom: 12 }} />
      ) : null}
      <Form form={form} layout="vertical" name="cameraCapture" initialValues={{ logTitle: camera.name }}>
        <Form.Item
          name="logTitle"
          label={t('camera:capture.logTitle')}
          rules={[{ required: true, whitespace: true, message: t('camera:capture.titleRequired') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="logLevel"
          label={t('camera:capture.level')}
          rules={[{ required: true, message: t('camera:capture.levelRequired') }]}
        >
          <Select
            placeholder={t('camera:capture.levelRequired')}
            options={CAMERA_LOG_LEVELS.map((l) => ({ value: l, label: t(`camera:level.${l}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('camera:capture.description')}
          rules={[{ max: CAMERA_LOG_DESCRIPTION_MAX, message: t('camera:capture.descriptionTooLong') }]}
        >
          <Input.TextArea rows={3} maxLength={CAMERA_LOG_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
