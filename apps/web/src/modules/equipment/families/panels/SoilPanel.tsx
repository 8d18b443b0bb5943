import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Carousel from 'antd/es/carousel';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { chartTime, formatDateTime, nowInZone } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { NoData } from '../../device/components/NoData';
import { chunk, dayRange, formatValue } from '../../device/deviceFormat';
import { familyApi, familyKeys, type SoilInfo } from '../family.api';
import { soilLayerLabel } from '../familyFormat';

const SoilChart = lazy(() => import('./SoilChart'));

// Spec 02 §2: soil layer cards, 3 per slide, surface plus ten layers (labels shift by one when
// surfaceFlag is 1); §9 units °C, %, S/m; curves per layer over a date range (default today); export.

type Value = 'humidity' | 'temperature' | 'conductivity';
const UNITS: Record<Value, string> = { humidity: '%', temperature: '°C', conductivity: 'S/m' };

export function useLayerLabel() {
  const { t } = useTranslation('family');
  return useCallback(
    (n: number, surfaceFlag: number) => {
      const l = soilLayerLabel(n, surfaceFlag);
      return l.surface ? t('soil.surface') : t('soil.layer', { n: l.depth });
    },
    [t],
  );
}

function LayerCards({ info }: { info: SoilInfo }) {
  const { t, i18n } = useTranslation('family');
  const label = useLayerLabel();
  const slides = chunk(info.layerList, 3);
  if (slides.length === 0) return <NoData />;
  return (
    <Carousel arrows dots className="tl-family-soil__carousel">
      {slides.map((slide) => (
        <div key={slide[0]?.number}>
          <Space size="middle" style={{ display: 'flex', padding: '0 32px 24px' }}>
            {slide.map((l) => (
              <Card
                key={l.number}
                size="small"
                title={label(l.number, info.surfaceFlag)}
                style={{ minWidth: 220 }}
              >
                <div>
                  {t('soil.humidity')}: {formatValue(l.humidity, '%', i18n.language, 1)}
                </div>
                <div>
                  {t('soil.temperature')}: {formatValue(l.temperature, '°C', i18n.language, 1)}
                </div>
                <div>
                  {t('soil.conductivity')}: {formatValue(l.conductivity, 'S/m', i18n.language, 3)}
                </div>
                <div className="tl-muted">
                  {l.lastUpdateDate ? formatDateTime(l.lastUpdateDate, 'YYYY-MM-DD HH:mm') : '—'}
                </div>
              </Card>
            ))}
          </Space>
        </div>
      ))}
    </Carousel>
  );
}

export default function SoilPanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const label = useLayerLabel();
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [nowInZone(), nowInZone()]);
  const [value, setValue] = useState<Value>('humidity');
  const range = dayRange(days[0], days[1]);
  const info = useQuery({
    queryKey: familyKeys.soilInfo(tenantId, device.id),
    queryFn: () => familyApi.soilInfo(tenantId, device.id),
  });
  const history = useQuery({
    queryKey: familyKeys.soilHistory(tenantId, device.id, range),
    queryFn: () => familyApi.soilHistory(tenantId, device.id, range),
  });
  const surfaceFlag = info.data?.surfaceFlag ?? 0;
  const series = useMemo(() => {
    const byLayer = new Map<number, [number, number | null][]>();
    for (const p of history.data ?? []) {
      const list = byLayer.get(p.layer) ?? [];
      list.push([chartTime(p.uploadTime), p[value]]);
      byLayer.set(p.layer, list);
    }
    return [...byLayer.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, points]) => ({ name: label(n, surfaceFlag), points }));
  }, [history.data, value, surfaceFlag, label]);

  if (info.isLoading) return <Spin />;
  return (
    <div className="tl-family-soil">
      {info.data ? <LayerCards info={info.data} /> : <NoData />}
      <Space wrap style={{ margin: '12px 0' }}>
        <DatePicker.RangePicker
          value={days}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) setDays([v[0], v[1]]);
          }}
        />
        <Segmented<Value>
          value={value}
          onChange={setValue}
          options={(['humidity', 'temperature', 'conductivity'] as const).map((v) => ({
            value: v,
            label: t(`soil.${v}`),
          }))}
        />
        <Button onClick={() => void familyApi.soilExport(tenantId, device.id, range).catch(() => undefined)}>
          {t('action.export')}
        </Button>
      </Space>
      {history.isLoading ? (
        <Spin />
      ) : series.length === 0 ? (
        <NoData />
      ) : (
        <Suspense fallback={<Spin />}>
          <SoilChart series={series} unit={UNITS[value]} />
        </Suspense>
      )}
    </div>
  );
}
