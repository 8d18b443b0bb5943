import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { cameraApi } from './camera.api';
import { PTZ_PAD, PTZ_STOP, ZOOM_IN, ZOOM_OUT } from './cameraFormat';

export interface PtzPadProps {
  tenantId: number;
  cameraId: number;
}

/**
 * Spec 02 §4: pressing a direction starts moving, releasing sends stop (−1); a mouse-up anywhere on the page
 * stops it too, so a press that ends outside the button never leaves the camera turning.
 */
export function PtzPad({ tenantId, cameraId }: PtzPadProps) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const moving = useRef(false);

  const send = useCallback(
    async (direction: number) => {
      try {
        const done = await cameraApi.control(tenantId, cameraId, direction);
        if (done === 0 && direction !== PTZ_STOP) void message.error(t('camera:ptz.failed'));
      } catch {
        void message.error(t('common:error.requestFailed'));
      }
    },
    [tenantId, cameraId, message, t],
  );

  const stop = useCallback(() => {
    if (!moving.current) return;
    moving.current = false;
    void send(PTZ_STOP);
  }, [send]);

  useEffect(() => {
    window.addEventListener('mouseup', stop);
    window.addEventListener('pointerup', stop);
    window.addEventListener('blur', stop);
    return () => {
      window.removeEventListener('mouseup', stop);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('blur', stop);
      stop();
    };
  }, [stop]);

  const press = (direction: number) => () => {
    moving.current = true;
    void send(direction);
  };

  const hold = (direction: number, label: string, text: string) => (
    <Button
      key={direction}
      aria-label={label}
      title={label}
      onPointerDown={press(direction)}
      onPointerUp={stop}
      onPointerLeave={stop}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !moving.current) press(direction)();
      }}
      onKeyUp={stop}
    >
      {text}
    </Button>
  );

  const arrows = ['↖', '↑', '↗', '←', '', '→', '↙', '↓', '↘'];
  return (
    <div className="tl-cam-ptz">
      <div className="tl-cam-ptz__pad">
        {PTZ_PAD.map((cell, i) =>
          cell ? (
            hold(cell[0], t(`camera:${cell[1]}`), arrows[i] ?? '')
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pad's centre is fixed
            <span key={`c${i}`} className="tl-cam-ptz__centre" />
          ),
        )}
      </div>
      <Space>
        {hold(ZOOM_IN, t('camera:ptz.zoomIn'), `＋ ${t('camera:ptz.zoomIn')}`)}
        {hold(ZOOM_OUT, t('camera:ptz.zoomOut'), `－ ${t('camera:ptz.zoomOut')}`)}
      </Space>
    </div>
  );
}
