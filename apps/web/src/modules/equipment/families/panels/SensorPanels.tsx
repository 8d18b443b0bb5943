import type { Device } from '@tilth/contracts/device.types';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { NoData } from '../../device/components/NoData';
import { formatValue } from '../../device/deviceFormat';
import { type Band, compassOf, oxygenBand, phBand } from '../familyFormat';

// Weather: wind as one of 8 compass names (45° sectors, spec 02 §9). Water quality: dissolved oxygen
// and pH against the pond's bands (device config doLowMgL, phMin, phMax). Curves are the dialog's.

const BAND_COLOR: Record<Band, string> = { low: 'red', high: 'orange', normal: 'green', unknown: 'default' };
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export function WeatherPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('family');
  const dir = num(device.latest.windDirection);
  const speed = num(device.latest.windSpeed);
  if (dir === undefined && speed === undefined) return <NoData />;
  return (
    <Space size="large" wrap>
      <Card size="small">
        <Statistic
          title={t('weather.windDirection')}
          value={dir === undefined ? '—' : t(`weather.compass.${compassOf(dir)}`)}
          suffix={dir === undefined ? null : <span className="tl-muted">({Math.round(dir)}°)</span>}
        />
        {dir === undefined ? null : (
          <svg
            width="64"
            height="64"
            viewBox="-32 -32 64 64"
            role="img"
            aria-label={t(`weather.compass.${compassOf(dir)}`)}
          >
            <circle r="30" fill="none" stroke="currentColor" opacity="0.3" />
            {/* The arrow points where the wind comes from. */}
            <path d="M0 -26 L6 4 L0 0 L-6 4 Z" fill="#1b9961" transform={`rotate(${dir})`} />
          </svg>
        )}
      </Card>
      <Card size="small">
        <Statistic title={t('weather.windSpeed')} value={formatValue(speed, 'm/s', i18n.language, 1)} />
      </Card>
    </Space>
  );
}

export function WaterQualityPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('family');
  const doValue = num(device.latest.dissolvedOxygen);
  const ph = num(device.latest.ph);
  const doLow = num(device.config.doLowMgL) ?? 5;
  const phMin = num(device.config.phMin) ?? 6.5;
  const phMax = num(device.config.phMax) ?? 8.5;
  const doBand = oxygenBand(doValue, doLow);
  const pBand = phBand(ph, phMin, phMax);
  return (
    <Space size="large" wrap>
      <Card size="small" title={t('water.oxygen')}>
        <Statistic value={formatValue(doValue, 'mg/L', i18n.language, 2)} />
        <Tag color={BAND_COLOR[doBand]}>{t(`water.band.${doBand}`)}</Tag>
        <div className="tl-muted">{t('water.oxygenRange', { low: doLow })}</div>
      </Card>
      <Card size="small" title="pH">
        <Statistic value={formatValue(ph, '', i18n.language, 2)} />
        <Tag color={BAND_COLOR[pBand]}>{t(`water.band.${pBand}`)}</Tag>
        <div className="tl-muted">{t('water.phRange', { min: phMin, max: phMax })}</div>
      </Card>
    </Space>
  );
}
