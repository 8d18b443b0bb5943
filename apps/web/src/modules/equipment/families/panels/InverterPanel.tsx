import type { Device } from '@tilth/contracts/device.types';
import { DEVICE_CONFIG_LIMITS as L } from '@tilth/contracts/device-config.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { usePermissions } from '../../../../shared/permission/usePermissions';
import { useShell } from '../../../../shell/ShellContext';
import { type LiveState, liveStateApi, newerLatest } from '../../device/api/liveState.api';
import { LiveStateBar } from '../../device/components/LiveStateBar';
import { metricLabel } from '../../device/deviceFormat';
import { MetricValue } from '../../shared/MetricValue';
import { familyApi } from '../family.api';
import { codesOfDevice, useCommand } from './common';
import { FaultTable } from './FaultTable';

// Inverter (spec 02 §7): its values read from the device on demand (POST {id}/refresh, stale when it does
// not answer), start / stop (en), given pressure above 0 and at most 16 bar, alarms. History curves and
// export are the data dialog's generic curve.

export default function InverterPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const codes = codesOfDevice(device);
  const canControl = usePermissions([codes.control]).allowed;
  const [live, setLive] = useState<LiveState | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const refresh = async () => {
    setAsking(true);
    try {
      setLive(await liveStateApi.inverterRefresh(tenantId, device.id));
    } catch {
      // Shown by the API client.
    } finally {
      setAsking(false);
    }
  };
  const values = newerLatest(device, live);
  const metrics = (deviceTypeByKey(device.deviceType)?.metrics ?? []).filter(
    (m) => values[m.key] !== undefined,
  );
  const stored = typeof device.config.givenPressure === 'number' ? device.config.givenPressure : null;
  const [pressure, setPressure] = useState<number | null>(stored);
  const [duration, setDuration] = useState<number | null>(null);
  const pressureOk = pressure !== null && pressure > 0 && pressure <= L.givenPressure.max;
  const durationOk = duration === null || (duration >= L.runMin.min && duration <= L.runMin.max);
  return (
    <div>
      <LiveStateBar state={live} busy={asking} onRefresh={canControl ? () => void refresh() : undefined} />
      {metrics.length > 0 ? (
        <Descriptions size="small" column={4} style={{ marginTop: 8 }} data-testid="inverter-values">
          {metrics.map((m) => (
            <Descriptions.Item key={m.key} label={metricLabel(m, i18n.language)}>
              <MetricValue metric={m} value={values[m.key]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      <Divider />
      <PermissionGuard codes={[codes.control]}>
        <Space wrap>
          <InputNumber
            min={L.runMin.min}
            max={L.runMin.max}
            precision={0}
            placeholder={t('control.duration', { min: L.runMin.min, max: L.runMin.max })}
            value={duration}
            onChange={(v) => setDuration(v)}
            suffix="min"
            // Wide enough for the whole placeholder ("运行时长 60–480 分钟" / "Run time 60–480 min").
            style={{ width: 280 }}
          />
          <Button
            type="primary"
            disabled={!durationOk}
            loading={busy === 'start'}
            onClick={() =>
              void run('start', () =>
                familyApi.inverterControl(tenantId, device.id, 1, duration ?? undefined),
              )
            }
          >
            {t('control.start')}
          </Button>
          <Button
            loading={busy === 'stop'}
            onClick={() => void run('stop', () => familyApi.inverterControl(tenantId, device.id, 0))}
          >
            {t('control.stop')}
          </Button>
        </Space>
        <Divider />
        <Space wrap>
          <Typography.Text>{t('config.givenPressure')}</Typography.Text>
          <InputNumber
            min={0}
            max={L.givenPressure.max}
            step={0.1}
            value={pressure}
            onChange={(v) => setPressure(v)}
            suffix="bar"
          />
          <Button
            disabled={!pressureOk}
            loading={busy === 'pressure'}
            onClick={() =>
              pressure !== null &&
              void run('pressure', () => familyApi.inverterConfig(tenantId, device.id, pressure))
            }
          >
            {t('action.apply')}
          </Button>
          {!pressureOk && pressure !== null ? (
            <Typography.Text type="danger">{t('config.above', { min: 0 })}</Typography.Text>
          ) : null}
        </Space>
        <Divider />
      </PermissionGuard>
      <Typography.Title level={5}>{t('fault.title')}</Typography.Title>
      <FaultTable device={device} ackable={false} />
    </div>
  );
}
