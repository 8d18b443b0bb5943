import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { cameraApi } from './camera.api';
import { PTZ_PAD, PTZ_STOP, ZOOM_IN, ZOOM_OUT } from './cameraFormat';
import { bindGlobalRelease, createPtzHold } from './ptzHold';

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
  // One hold for the pad's life: a re-render during a press must neither forget it nor send a stop.
  const sendRef = useRef(send);
  sendRef.current = send;
  const [holdState] = useState(() => createPtzHold((d) => void sendRef.current(d)));
  const stop = holdState.release;

  useEffect(() => {
    const unbind = bindGlobalRelease(window, stop);
    return () => {
      unbind();
      stop();
    };
  }, [stop]);

  const press = (direction: number) => () => holdState.press(direction);

  const hold = (direction: number, label: string, text: string) => (
    <Button
      key={direction}
      aria-label={label}
      title={label}
      onPointerDown={press(direction)}
      onPointerUp={stop}
      onPointerLeave={stop}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') press(direction)();
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
