import { formatDateTime } from '../../../../shared/format/time';
import 'leaflet/dist/leaflet.css';
import '../map.css';
import './digital.css';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { useQuery } from '@tanstack/react-query';
import type { MapDigital } from '@tilth/contracts/map.types';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pieLegendText } from '../../../../shared/chart/pieLegend';
import { seriesShape } from '../../../../shared/chart/seriesShape';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { formatNumber } from '../../../../shared/format/number';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { mapApi } from '../api/map.api';
import { type ChartOption, EChart } from '../components/EChart';
import { MapLegend } from '../components/MapLegend';
import { useFeatureOverlay } from '../components/useFeatureOverlay';

const PALETTE = ['#36cfc9', '#4096ff', '#73d13d', '#ffc53d', '#ff7a45', '#9254de', '#f759ab', '#5cdbd3'];
const AXIS = { axisLine: { lineStyle: { color: '#3a5a80' } }, axisLabel: { color: '#9fc3e7' } };
const SPLIT = { splitLine: { lineStyle: { color: 'rgba(58, 90, 128, 0.35)' } } };
/** Refresh the figures every 5 minutes while the screen stays open (a wall display). */
const REFRESH_MS = 5 * 60_000;

const charts = (d: MapDigital, t: TFunction, lang: string) => {
  const pie: ChartOption = {
    color: PALETTE,
    tooltip: { trigger: 'item', valueFormatter: (v) => formatNumber(Number(v), lang, 2) },
    // Every slice in the legend with its area: slice labels would hide each other in the small panel.
    legend: {
      orient: 'vertical',
      right: 0,
      top: 'middle',
      type: 'scroll',
      textStyle: { color: '#cfe8ff' },
      formatter: pieLegendText(d.areaByCrop, (v) => formatNumber(v, lang, 1)),
    },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['32%', '50%'],
        label: { show: false },
        emphasis: { label: { show: true, color: '#cfe8ff', formatter: '{b}\n{d}%' } },
        data: d.areaByCrop.map((c) => ({ name: c.name, value: c.value })),
      },
    ],
  };
  const bar: ChartOption = {
    color: ['#36cfc9'],
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', ...AXIS, ...SPLIT, minInterval: 1 },
    yAxis: { type: 'category', ...AXIS, inverse: true, data: d.plotsByBase.map((b) => b.name) },
    series: [
      {
        type: 'bar',
        name: t('digital.chart.plots'),
        barMaxWidth: 14,
        data: d.plotsByBase.map((b) => b.value),
      },
    ],
  };
  const months: ChartOption = {
    color: ['#4096ff'],
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      ...AXIS,
      data: d.batchesByMonth.map((m) => formatDateTime(`${m.name}-01`, 'YY/MM')),
    },
    yAxis: { type: 'value', ...AXIS, ...SPLIT, minInterval: 1 },
    series: [
      {
        type: 'line',
        name: t('digital.chart.batches'),
        ...seriesShape('count'),
        areaStyle: { opacity: 0.25 },
        data: d.batchesByMonth.map((m) => m.value),
      },
    ],
  };
  return { pie, bar, months };
};

function Panel({ title, children, empty }: { title: string; children: ReactNode; empty?: boolean }) {
  const { t } = useTranslation('farmMap');
  return (
    <section className="tl-digital__panel">
      <h3>{title}</h3>
      <div className="tl-digital__chart">
        {empty ? <div className="tl-digital__empty">{t('digital.chart.empty')}</div> : children}
      </div>
    </section>
  );
}

/** farm/map-digital: the big-screen overview (key figures, charts, the plot map) in a dark panel. */
export function MapDigitalPage() {
  const { t, i18n } = useTranslation('farmMap');
  const lang = i18n.language;
  const { tenantId } = useShell();
  const root = useRef<HTMLDivElement | null>(null);
  const [full, setFull] = useState(false);
  const digital = useQuery({
    queryKey: ['map', 'digital', tenantId],
    queryFn: () => mapApi.digital(tenantId),
    refetchInterval: REFRESH_MS,
  });
  const features = useQuery({
    queryKey: ['map', 'features', tenantId],
    queryFn: () => mapApi.features(tenantId),
  });
  const { config } = useMapConfig(tenantId);
  const map = useFarmMap(config, { layerName: (p) => t(`layer.${p.id}`, { defaultValue: p.id }) });
  useFeatureOverlay(map, features.data);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen?.();
  };

  const d = digital.data;
  const options = useMemo(() => (d ? charts(d, t, lang) : null), [d, t, lang]);
  const figures = d
    ? [
        { key: 'bases', value: formatNumber(d.baseCount, lang, 0) },
        { key: 'plots', value: formatNumber(d.plotCount, lang, 0) },
        { key: 'area', value: formatNumber(d.totalAreaMu, lang, 1) },
        { key: 'growing', value: formatNumber(d.growingBatchCount, lang, 0) },
        { key: 'tasksToday', value: formatNumber(d.tasksToday, lang, 0) },
      ]
    : [];

  return (
    <div ref={root} className="tl-digital">
      <header className="tl-digital__head">
        <h2>{t('digital.title')}</h2>
        <span className="tl-digital__time">
          {digital.dataUpdatedAt
            ? t('digital.updated', { time: formatDateTime(digital.dataUpdatedAt, 'HH:mm') })
            : ''}
        </span>
        <button
          type="button"
          className="tl-digital__full"
          onClick={toggleFull}
          title={t(full ? 'digital.exitFullscreen' : 'digital.fullscreen')}
        >
          {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        </button>
      </header>
      {digital.isError ? <EmptyState variant="networkError" description={t('digital.loadFailed')} /> : null}
      <div className="tl-digital__figures">
        {figures.map((f) => (
          <div key={f.key} className="tl-digital__figure">
            <div className="tl-digital__value">{f.value}</div>
            <div className="tl-digital__label">{t(`digital.${f.key}`)}</div>
          </div>
        ))}
      </div>
      <div className="tl-digital__grid">
        <div className="tl-digital__col">
          <Panel title={t('digital.chart.areaByCrop')} empty={!d || d.areaByCrop.length === 0}>
            {options ? <EChart option={options.pie} className="tl-digital__echart" /> : null}
          </Panel>
          <Panel title={t('digital.chart.plotsByBase')} empty={!d || d.plotsByBase.length === 0}>
            {options ? <EChart option={options.bar} className="tl-digital__echart" /> : null}
          </Panel>
        </div>
        <section className="tl-digital__panel tl-digital__map-panel">
          <h3>
            {t('digital.map')}
            {d ? (
              <small>
                {t('digital.inUse', {
                  inUse: formatNumber(d.plotsInUse, lang, 0),
                  total: formatNumber(d.plotCount, lang, 0),
                })}
              </small>
            ) : null}
          </h3>
          <div className="tl-digital__map">
            <div ref={map.ref} className="tl-farm-map tl-farm-map--dark" />
            <MapLegend dark />
          </div>
        </section>
        <div className="tl-digital__col">
          <Panel title={t('digital.chart.batchesByMonth')} empty={!d}>
            {options ? <EChart option={options.months} className="tl-digital__echart" /> : null}
          </Panel>
        </div>
      </div>
    </div>
  );
}
