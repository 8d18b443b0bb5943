import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PestPhotosPanel } from '../../insect/PestPhotosPanel';
import { PestTrendModal } from '../../insect/PestTrendModal';

// Pest stations, forecast lamps and insecticidal lamps: the trap photos with counts (draw, re-identify)
// and the pest trend modal of spec 02 §2.

export default function PestPanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const [trend, setTrend] = useState(false);
  return (
    <div>
      <Button style={{ marginBottom: 12 }} onClick={() => setTrend(true)}>
        {t('action.trend')}
      </Button>
      <PestPhotosPanel device={{ id: device.id, name: device.name, deviceType: device.deviceType }} />
      <PestTrendModal deviceId={device.id} open={trend} onClose={() => setTrend(false)} />
    </div>
  );
}
