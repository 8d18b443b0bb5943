import { useQuery } from '@tanstack/react-query';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { menuIcon } from '../../../../shell/menu/icons';
import { useShell } from '../../../../shell/ShellContext';
import { type Device, deviceApi, deviceKeys } from '../api/device.api';
import { langOf } from '../deviceFormat';
import { OnlineStatus } from './OnlineStatus';
import '../device.css';

export interface DeviceDetailModalProps {
  /** The row already shown (list, map marker); its details are fetched fresh. */
  device?: Device;
  deviceId: number;
  onClose: () => void;
  /** Shows a button to the device data dialog. */
  onOpenData?: () => void;
}

/** Spec 01 §2.11 item 4: icon, name, serial, land, IoT card, online status; a no-data fallback. */
export function DeviceDetailModal({ device, deviceId, onClose, onOpenData }: DeviceDetailModalProps) {
  const { t, i18n } = useTranslation(['device', 'common']);
  const { tenantId } = useShell();
  const q = useQuery({
    queryKey: deviceKeys.details(tenantId, deviceId),
    queryFn: () => deviceApi.details(tenantId, deviceId, device?.deviceType),
    placeholderData: device,
    retry: false,
  });
  const d = q.data;
  const type = d ? deviceTypeByKey(d.deviceType) : undefined;
  return (
    <Modal
      open
      width={520}
      title={t('device:detail.title')}
      onCancel={onClose}
      footer={
        onOpenData && d ? (
          <Button type="primary" onClick={onOpenData}>
            {t('device:detail.openData')}
          </Button>
        ) : null
      }
    >
      {d ? (
        <Descriptions column={1} size="small" data-testid="device-detail">
          <Descriptions.Item label={t('device:field.type')}>
            <Space>
              {menuIcon(type?.icon)}
              {type ? type.name[langOf(i18n.language)] : d.deviceType}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('device:field.name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={t('device:field.eui')}>{d.eui}</Descriptions.Item>
          <Descriptions.Item label={t('device:field.land')}>{d.landName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device:field.iccid')}>{d.iccid ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device:field.online')}>
            <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />
          </Descriptions.Item>
        </Descriptions>
      ) : q.isFetching ? (
        <Spin />
      ) : (
        <EmptyState variant="noData" size="small" title={t('device:empty')} />
      )}
    </Modal>
  );
}
