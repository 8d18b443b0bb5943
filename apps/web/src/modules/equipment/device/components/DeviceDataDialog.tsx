import { useQuery } from '@tanstack/react-query';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../../shell/ShellContext';
import { familyPanels } from '../../families';
import { LiveIndicator } from '../../live/LiveIndicator';
import { useDeviceStream } from '../../live/useDeviceStream';
import { type Device, deviceApi, deviceKeys } from '../api/device.api';
import { langOf } from '../deviceFormat';
import { CollectedCards } from './CollectedCards';
import { controlTabsOf } from './controlTabs';
import { HistoryCurve } from './HistoryCurve';
import { NoData } from './NoData';
import { OnlineStatus } from './OnlineStatus';
import { StatusLogTab } from './StatusLogTab';
import '../device.css';

/** Spec 02 §2 device data dialog: 1200 wide. */
export const DATA_DIALOG_WIDTH = 1200;

export interface DeviceDataDialogProps {
  device: Device;
  onClose: () => void;
}

/**
 * The device data dialog (spec 02 §2): collected data cards and the history curve, the control tabs,
 * the type's own panels and the online log. Values update live.
 */
export function DeviceDataDialog({ device: initial, onClose }: DeviceDataDialogProps) {
  // The family and control namespaces are loaded up front: their tab titles are translated here.
  const { t, i18n } = useTranslation(['device', 'common', 'family', 'control']);
  const { tenantId } = useShell();
  const live = useDeviceStream(tenantId);
  // The row as the list had it, then fresh details (kept live by the stream).
  const details = useQuery({
    queryKey: deviceKeys.details(tenantId, initial.id),
    queryFn: () => deviceApi.details(tenantId, initial.id, initial.deviceType),
    placeholderData: initial,
  });
  const device = details.data ?? initial;
  const type = deviceTypeByKey(device.deviceType);
  const [active, setActive] = useState('collection');

  const items = useMemo(() => {
    if (!type) return [];
    const tab = (key: string, label: ReactNode, children: ReactNode) => ({
      key,
      label,
      children: <Suspense fallback={<Spin />}>{children}</Suspense>,
    });
    return [
      tab(
        'collection',
        t('device:dialog.collection'),
        <>
          <CollectedCards device={device} type={type} />
          <HistoryCurve device={device} type={type} />
        </>,
      ),
      ...controlTabsOf(type).map((c) => tab(c.key, t(c.title), <c.Panel device={device} />)),
      ...familyPanels(type.key).map((p) => tab(`family-${p.key}`, t(p.title), <p.Panel device={device} />)),
      tab('logs', t('device:dialog.logs'), <StatusLogTab deviceId={device.id} />),
    ];
  }, [device, type, t]);

  return (
    <Modal
      open
      width={DATA_DIALOG_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      title={
        <Space size="middle" wrap>
          <span>{device.name}</span>
          <span className="tl-device-dialog__sub">
            {type ? type.name[langOf(i18n.language)] : device.deviceType} · {device.eui}
          </span>
          <OnlineStatus online={device.online} lastSeenAt={device.lastSeenAt} />
          <LiveIndicator state={live} />
        </Space>
      }
    >
      {type ? <Tabs activeKey={active} onChange={setActive} items={items} destroyOnHidden /> : <NoData />}
    </Modal>
  );
}
