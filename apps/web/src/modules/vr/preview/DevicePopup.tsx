import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByLegacyKey, metricOf } from '@tilth/contracts/device-types';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { cameraApi } from '../../equipment/camera/camera.api';
import { CameraPlayer } from '../../equipment/camera/player/CameraPlayer';
import { controlApi } from '../../equipment/control/control.api';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { LiveIndicator } from '../../equipment/live/LiveIndicator';
import { useDeviceStream } from '../../equipment/live/useDeviceStream';
import { MetricValue } from '../../equipment/shared/MetricValue';
import { switchControls } from './deviceControls';
import type { DeviceAction } from './TourView';

interface DevicePopupProps {
  tenantId: number;
  action: DeviceAction;
  onClose: () => void;
}

/** A device hotspot's popup in the console preview: live values and state, a switch for the control code. */
export function DevicePopup({ tenantId, action, onClose }: DevicePopupProps) {
  const { t } = useTranslation('vr');
  const { device } = action;
  const title = action.popup === 'generic' ? `${action.title} · ${device.deviceType}` : action.title;
  return (
    <Modal
      open
      title={title}
      footer={null}
      onCancel={onClose}
      width={action.popup === 'camera' ? 960 : 480}
      centered
      destroyOnHidden
    >
      {action.popup === 'camera' ? (
        device.id ? (
          <CameraBody tenantId={tenantId} cameraId={device.id} />
        ) : (
          <Empty description={t('vr:device.missing')} />
        )
      ) : device.concentratorId ? (
        <LiveDeviceBody tenantId={tenantId} action={action} deviceId={device.concentratorId} />
      ) : (
        <Empty description={t('vr:device.missing')} />
      )}
    </Modal>
  );
}

function CameraBody({ tenantId, cameraId }: { tenantId: number; cameraId: number }) {
  const { t } = useTranslation('vr');
  const camera = useQuery({
    queryKey: ['vr', tenantId, 'camera', cameraId],
    queryFn: () => cameraApi.get(tenantId, cameraId),
  });
  if (camera.isPending) return <Spin />;
  if (!camera.data) return <Empty description={t('vr:device.missing')} />;
  return <CameraPlayer tenantId={tenantId} camera={camera.data} />;
}

export function LiveDeviceBody({
  tenantId,
  action,
  deviceId,
}: {
  tenantId: number;
  action: DeviceAction;
  deviceId: number;
}) {
  const { t, i18n } = useTranslation('vr');
  const message = useMessage();
  // The tenant's live stream patches this device's cached details while the popup is open.
  const stream = useDeviceStream(tenantId);
  const query = useQuery({
    queryKey: deviceKeys.details(tenantId, deviceId),
    queryFn: () => deviceApi.details(tenantId, deviceId),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const d: Device | undefined = query.data;
  if (query.isPending) return <Spin />;
  if (!d) return <Empty description={t('vr:device.missing')} />;
  const typeKey = deviceTypeByLegacyKey(action.device.deviceType)?.key ?? d.deviceType;
  const lang = i18n.language.startsWith('zh') ? 'zh-CN' : 'en-US';
  const controls = switchControls(action.device.deviceType, d.latest);
  const controlCode = deviceTypeByLegacyKey(action.device.deviceType)?.permissions.control;

  const send = async (key: string, body: { action: string; params: Record<string, unknown> }) => {
    setBusy(key);
    try {
      await controlApi.command(tenantId, d.id, body);
      message.success(t('vr:device.sent'));
    } catch {
      // Shown by the API client (offline, no permission …).
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="device-popup">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('vr:device.name')}>{d.name}</Descriptions.Item>
        <Descriptions.Item label={t('vr:device.status')}>
          <Tag color={d.online === 1 ? 'success' : 'default'} data-testid="device-online">
            {d.online === 1 ? t('vr:device.online') : t('vr:device.offline')}
          </Tag>
          <LiveIndicator state={stream} />
        </Descriptions.Item>
        <Descriptions.Item label={t('vr:device.number')}>{d.eui || '—'}</Descriptions.Item>
        {Object.entries(d.latest).map(([key, value]) => {
          const metric = metricOf(typeKey, key);
          return (
            <Descriptions.Item key={key} label={metric?.name[lang] ?? key}>
              <span data-testid={`metric-${key}`}>
                <MetricValue metric={metric} value={value} />
              </span>
            </Descriptions.Item>
          );
        })}
        {controls.length > 0 && controlCode ? (
          <Descriptions.Item label={t('vr:device.control')}>
            <PermissionGuard codes={[controlCode]} fallback={t('vr:device.noControl')}>
              {controls.map((c) => (
                <div key={c.key} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 4 }}>
                  <span style={{ minWidth: 64 }}>
                    {c.port ? t('vr:device.pump', { n: c.port }) : t('vr:device.valve')}
                  </span>
                  <Switch
                    size="small"
                    checked={c.on}
                    loading={busy === c.key}
                    disabled={d.online !== 1}
                    aria-label={c.port ? t('vr:device.pump', { n: c.port }) : t('vr:device.valve')}
                    onChange={(on) => void send(c.key, c.command(on))}
                  />
                </div>
              ))}
            </PermissionGuard>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </div>
  );
}
