import type { Device } from '@tilth/contracts/device.types';
import type { ArmLive } from '@tilth/contracts/device-family-ops.types';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../shared/api/client';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import type { CommandIssued } from '../family.api';
import { codesOfDevice, useCommand } from './common';

// Robotic arm switches, image service, camera pan-tilt and stream (spec 02 §4, §7 /device/mar).

const mar = (t: number) => `/wfpe/v1/${t}/device/mar`;

export const armOpsApi = {
  ctrlSwitch: (t: number, id: number, target: 'power' | 'motion', on: 0 | 1) =>
    api.post<CommandIssued>(`${mar(t)}/ctrl-switch`, { json: { id, target, on } }),
  imageService: (t: number, id: number, op: 'restart' | 'update') =>
    api.post<CommandIssued>(`${mar(t)}/${op}-img`, { json: { id } }),
  cameraControl: (t: number, id: number, direction: number) =>
    api.post<CommandIssued>(`${mar(t)}/${id}/camera-control`, { json: { direction } }),
  live: (t: number, id: number) => api.post<ArmLive>(`${mar(t)}/${id}/live`),
};

/** Direction pad: 4 up-left … 7 down-right, 8 / 9 zoom (spec 02 §4); releasing sends stop (-1). */
const PAD: readonly (readonly [number, string])[] = [
  [4, '↖'],
  [0, '↑'],
  [6, '↗'],
  [2, '←'],
  [-1, '■'],
  [3, '→'],
  [5, '↙'],
  [1, '↓'],
  [7, '↘'],
];

function PanTilt({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const moving = useRef(false);
  const send = (direction: number) => {
    // Failures are shown by the API client (device not connected…); presses give no success notice.
    void armOpsApi.cameraControl(tenantId, device.id, direction).catch(() => undefined);
  };
  const start = (direction: number) => {
    if (direction === -1) return send(-1);
    moving.current = true;
    send(direction);
  };
  useEffect(() => {
    // A release anywhere stops the movement, as on the camera modal.
    const stop = () => {
      if (!moving.current) return;
      moving.current = false;
      send(-1);
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  });
  return (
    <Space align="start">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 36px)', gap: 4 }}>
        {PAD.map(([d, label]) => (
          <Button key={d} size="small" aria-label={t(`arm.dir.${d}`)} onMouseDown={() => start(d)}>
            {label}
          </Button>
        ))}
      </div>
      <Space direction="vertical" size={4}>
        <Button size="small" onMouseDown={() => start(8)}>
          {t('arm.dir.8')}
        </Button>
        <Button size="small" onMouseDown={() => start(9)}>
          {t('arm.dir.9')}
        </Button>
      </Space>
    </Space>
  );
}

export function ArmControls({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const [live, setLive] = useState<ArmLive | null>(null);
  const v = device.latest;
  const sw = (target: 'power' | 'motion', on: 0 | 1) => {
    const key = `${target}${on}`;
    return (
      <Button
        size="small"
        type={(target === 'power' ? v.powerOn : v.motionOn) === on ? 'primary' : 'default'}
        loading={busy === key}
        onClick={() => void run(key, () => armOpsApi.ctrlSwitch(tenantId, device.id, target, on))}
      >
        {t(on ? 'arm.switchOn' : 'arm.switchOff')}
      </Button>
    );
  };
  return (
    <Space direction="vertical" style={{ marginTop: 12 }}>
      <PermissionGuard codes={[codesOfDevice(device).control]}>
        <Space wrap>
          <Typography.Text>{t('arm.power')}</Typography.Text>
          {sw('power', 1)}
          {sw('power', 0)}
          <Typography.Text style={{ marginLeft: 16 }}>{t('arm.motion')}</Typography.Text>
          {sw('motion', 1)}
          {sw('motion', 0)}
          <Button
            size="small"
            loading={busy === 'restartImg'}
            onClick={() =>
              void run('restartImg', () => armOpsApi.imageService(tenantId, device.id, 'restart'))
            }
          >
            {t('arm.restartImg')}
          </Button>
          <Button
            size="small"
            loading={busy === 'updateImg'}
            onClick={() => void run('updateImg', () => armOpsApi.imageService(tenantId, device.id, 'update'))}
          >
            {t('arm.updateImg')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('arm.camera')}</Typography.Text>
        <PanTilt device={device} />
      </PermissionGuard>
      <Space wrap>
        <Button
          size="small"
          onClick={() =>
            void armOpsApi
              .live(tenantId, device.id)
              .then(setLive)
              .catch(() => setLive(null))
          }
        >
          {t('arm.live')}
        </Button>
        {live && (
          <Typography.Text copyable={{ text: live.url }}>
            {live.protocol.toUpperCase()} {live.url}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
