import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { type CaptureImage, CaptureUploadModal } from './CaptureUploadModal';
import { type Camera, cameraApi, cameraKeys } from './camera.api';
import { CAMERA_MODAL_WIDTH } from './cameraFormat';
import { PresetPanel } from './PresetPanel';
import { PtzPad } from './PtzPad';
import { CameraPlayer } from './player/CameraPlayer';
import './camera.css';

export const CAMERA_CONTROL_CODE = 'wfpf.farm.equipment.camera.ps.control';

/** The current frame of a playing video as a PNG (null when the browser refuses, e.g. a tainted canvas). */
export const grabFrame = (video: HTMLVideoElement): Promise<{ blob: Blob; preview: string } | null> => {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const g = canvas.getContext('2d');
  if (!g) return Promise.resolve(null);
  g.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => {
    try {
      canvas.toBlob(
        (blob) => resolve(blob ? { blob, preview: canvas.toDataURL('image/png') } : null),
        'image/png',
      );
    } catch {
      resolve(null);
    }
  });
};

export interface CameraModalProps {
  tenantId: number;
  cameraId: number;
  onClose: () => void;
}

/** The camera modal's content: player, screenshot and capture, pan-tilt pad, presets, capture upload. */
export function CameraView({ tenantId, camera }: { tenantId: number; camera: Camera }) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [ptz, setPtz] = useState(false);
  const [image, setImage] = useState<CaptureImage | null>(null);
  const [capturing, setCapturing] = useState(false);
  const canControl = usePermissions([CAMERA_CONTROL_CODE]).allowed;
  // A shared camera is view-only: its owner's pan-tilt and presets are not ours to move.
  const controls = canControl && camera.relation === 'owner';

  useEffect(() => {
    if (!controls) setPtz(false);
  }, [controls]);

  const screenshot = async () => {
    const video = videoRef.current;
    if (!playing || !video || video.paused || video.videoWidth === 0) {
      void message.warning(t('camera:playFirst'));
      return;
    }
    const frame = await grabFrame(video);
    if (!frame) {
      void message.error(t('camera:screenshotFailed'));
      return;
    }
    setImage({ kind: 'shot', ...frame });
  };

  const capture = async () => {
    setCapturing(true);
    try {
      const c = await cameraApi.capture(tenantId, camera.id);
      setImage({ kind: 'file', fileUrl: c.fileUrl });
    } catch {
      // The client has shown the server's message.
    } finally {
      setCapturing(false);
    }
  };

  return (
    <div className="tl-cam-modal">
      <div className="tl-cam-modal__video">
        <CameraPlayer tenantId={tenantId} camera={camera} videoRef={videoRef} onPlayingChange={setPlaying} />
      </div>
      <div className="tl-cam-modal__side">
        <Space wrap>
          <Button onClick={() => void screenshot()}>{t('camera:screenshot')}</Button>
          <Button loading={capturing} onClick={() => void capture()}>
            {t('camera:capture.fromCamera')}
          </Button>
        </Space>
        {controls ? (
          <>
            <Space>
              <Switch checked={ptz} onChange={setPtz} />
              <span>{t('camera:ptz.toggle')}</span>
            </Space>
            {ptz ? <PtzPad tenantId={tenantId} cameraId={camera.id} /> : null}
            <h4 className="tl-cam-modal__heading">{t('camera:preset.title')}</h4>
            <PresetPanel tenantId={tenantId} cameraId={camera.id} />
          </>
        ) : null}
      </div>
      {image ? (
        <CaptureUploadModal
          tenantId={tenantId}
          camera={camera}
          image={image}
          onClose={() => setImage(null)}
        />
      ) : null}
    </div>
  );
}

/** Spec 02 §2 camera modal (1190 wide): the camera's name and its view. */
export function CameraModal({ tenantId, cameraId, onClose }: CameraModalProps) {
  const camera = useQuery({
    queryKey: cameraKeys.one(tenantId, cameraId),
    queryFn: () => cameraApi.get(tenantId, cameraId),
  });
  return (
    <Modal
      open
      width={CAMERA_MODAL_WIDTH}
      title={camera.data?.name ?? ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {camera.data ? <CameraView tenantId={tenantId} camera={camera.data} /> : null}
    </Modal>
  );
}
