import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { publicVrApi } from '../library/library.api';
import { formatVrDate } from '../library/vrFormat';
import type { DeviceAction } from '../preview/TourView';

/** How often an open device popup of a public tour reads the state again. */
export const PUBLIC_HOTSPOT_POLL_MS = 10_000;

interface PublicDevicePopupProps {
  tenantId: string;
  token: string;
  scenesId: number;
  action: DeviceAction;
  onClose: () => void;
}

/** A device hotspot on a public link: read-only name, online state and latest values, polled every 10 s. */
export function PublicDevicePopup({ tenantId, token, scenesId, action, onClose }: PublicDevicePopupProps) {
  const { t, i18n } = useTranslation('vr');
  const n = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const state = useQuery({
    queryKey: ['vr-public', tenantId, token, 'hotspot', scenesId, action.hotspotName],
    queryFn: () => publicVrApi.hotspot(tenantId, token, scenesId, action.hotspotName),
    refetchInterval: PUBLIC_HOTSPOT_POLL_MS,
    retry: false,
  });
  const title = action.popup === 'generic' ? `${action.title} · ${action.device.deviceType}` : action.title;
  const d = state.data;
  return (
    <Modal open title={title} footer={null} onCancel={onClose} width={460} centered destroyOnHidden>
      {state.isPending ? (
        <Spin />
      ) : !d ? (
        <Empty description={t('vr:device.unavailable')} />
      ) : (
        <div data-testid="device-popup">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('vr:device.name')}>{d.name}</Descriptions.Item>
            <Descriptions.Item label={t('vr:device.status')}>
              <Tag color={d.online ? 'success' : 'default'} data-testid="device-online">
                {d.online ? t('vr:device.online') : t('vr:device.offline')}
              </Tag>
            </Descriptions.Item>
            {d.values.map((v) => (
              <Descriptions.Item key={v.key} label={v.label}>
                <span data-testid={`metric-${v.key}`}>
                  {v.text ?? `${n.format(v.value)}${v.unit ? ` ${v.unit}` : ''}`}
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
          {d.latestAt ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {t('vr:device.latestAt', { at: formatVrDate(d.latestAt, i18n.language, true) })}
            </Typography.Text>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
