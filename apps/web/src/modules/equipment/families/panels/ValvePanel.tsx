import type { Device } from '@tilth/contracts/device.types';
import { DEVICE_CONFIG_LIMITS as L } from '@tilth/contracts/device-config.types';
import { metricOf } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { MetricValue } from '../../shared/MetricValue';
import { familyApi } from '../family.api';
import { codesOfDevice, useCommand } from './common';

// Electric valve: open for 60–480 minutes (closed automatically after) or close; liquid level
// thresholds 0–50000 cm with high − low ≥ 10 (spec 02 §5).

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export default function ValvePanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const [duration, setDuration] = useState<number | null>(num(device.config.defaultRunMin));
  const [high, setHigh] = useState<number | null>(num(device.config.highLevelCm));
  const [low, setLow] = useState<number | null>(num(device.config.lowLevelCm));
  const open = device.latest.valveOpen === 1;
  const durationOk = duration === null || (duration >= L.runMin.min && duration <= L.runMin.max);
  const levelsOk = high !== null && low !== null && high - low >= L.levelCm.minGap;
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('valve.state')}</Typography.Text>
        {/* The registry's words and colour, as on the data cards; no reading yet reads as closed. */}
        <MetricValue metric={metricOf(device.deviceType, 'valveOpen')} value={open ? 1 : 0} />
      </Space>
      <PermissionGuard codes={[codes(device)]}>
        <Space wrap>
          <InputNumber
            min={L.runMin.min}
            max={L.runMin.max}
            precision={0}
            value={duration}
            onChange={(v) => setDuration(v)}
            placeholder={t('control.duration', { min: L.runMin.min, max: L.runMin.max })}
            suffix="min"
            style={{ width: 220 }}
          />
          <Button
            type="primary"
            disabled={!durationOk}
            loading={busy === 'open'}
            onClick={() =>
              void run('open', () => familyApi.valveControl(tenantId, device.id, true, duration ?? undefined))
            }
          >
            {t('valve.doOpen')}
          </Button>
          <Button
            loading={busy === 'close'}
            onClick={() => void run('close', () => familyApi.valveControl(tenantId, device.id, false))}
          >
            {t('valve.doClose')}
          </Button>
        </Space>
        <Divider />
        <Space wrap>
          <Typography.Text>{t('config.highLevelCm')}</Typography.Text>
          <InputNumber
            min={L.levelCm.min}
            max={L.levelCm.max}
            precision={0}
            value={high}
            onChange={(v) => setHigh(v)}
            suffix="cm"
          />
          <Typography.Text>{t('config.lowLevelCm')}</Typography.Text>
          <InputNumber
            min={L.levelCm.min}
            max={L.levelCm.max}
            precision={0}
            value={low}
            onChange={(v) => setLow(v)}
            suffix="cm"
          />
          <Button
            disabled={!levelsOk}
            loading={busy === 'levels'}
            onClick={() =>
              high !== null &&
              low !== null &&
              void run('levels', () => familyApi.valveLevels(tenantId, device.id, high, low))
            }
          >
            {t('action.apply')}
          </Button>
          {high !== null && low !== null && !levelsOk ? (
            <Typography.Text type="danger">{t('config.rule.levels')}</Typography.Text>
          ) : null}
        </Space>
      </PermissionGuard>
    </div>
  );
}

const codes = (device: Device) => codesOfDevice(device).control;
