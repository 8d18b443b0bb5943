import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DeviceTypeDef, metricOf } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { nowInZone } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type Device, deviceApi, deviceKeys } from '../api/device.api';
import { DAY_FORMAT, dayRange, langOf, metricLabel } from '../deviceFormat';
import { NoData } from './NoData';

const CurveChart = lazy(() => import('./CurveChart'));

/** Spec 02 §9: the history chart reloads 500 ms after the range or metric changed. */
export const CURVE_RELOAD_DELAY_MS = 500;

/** Waits `ms` after the last change of `value` before passing it on. */
const useSettled = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/** History curve of one metric with a date range (default today) and the range's export. */
export function HistoryCurve({ device, type }: { device: Device; type: DeviceTypeDef }) {
  const { t, i18n } = useTranslation(['device', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const lang = langOf(i18n.language);
  const [metric, setMetric] = useState(type.metrics[0]?.key ?? '');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [nowInZone(), nowInZone()]);
  const [exporting, setExporting] = useState(false);
  const wanted = useMemo(() => ({ metric, ...dayRange(range[0], range[1]) }), [metric, range]);
  const params = useSettled(wanted, CURVE_RELOAD_DELAY_MS);
  const def = metricOf(type.key, params.metric);
  const q = useQuery({
    queryKey: deviceKeys.curve(tenantId, device.id, params.metric, params.startTime, params.endTime),
    queryFn: () => deviceApi.curve(tenantId, device.id, params),
    enabled: params.metric !== '',
    placeholderData: keepPreviousData,
  });
  const labels = useMemo(
    () => ({
      value: def ? metricLabel(def, lang) : params.metric,
      min: t('device:curve.min'),
      max: t('device:curve.max'),
    }),
    [def, lang, params.metric, t],
  );

  const states = useMemo(
    () => def?.states?.map((s) => ({ value: s.value, label: s.name[lang] })),
    [def, lang],
  );

  const exportRange = async () => {
    setExporting(true);
    try {
      await deviceApi.exportCurve(tenantId, device.id, dayRange(range[0], range[1]));
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : t('device:curve.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  if (type.metrics.length === 0) return null;
  const points = q.data?.points ?? [];
  return (
    <div className="tl-device-curve">
      <Space wrap className="tl-device-curve__bar">
        <Select
          style={{ minWidth: 200 }}
          value={metric}
          onChange={setMetric}
          showSearch={{ optionFilterProp: 'label' }}
          options={type.metrics.map((m) => ({
            value: m.key,
            label: m.unit ? `${metricLabel(m, lang)} (${m.unit})` : metricLabel(m, lang),
          }))}
          data-testid="device-curve-metric"
        />
        <DatePicker.RangePicker
          value={range}
          format={DAY_FORMAT}
          allowClear={false}
          disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRange()}>
          {t('device:curve.export')}
        </Button>
      </Space>
      <Spin spinning={q.isFetching}>
        {points.length > 0 && q.data ? (
          <Suspense fallback={<div className="tl-device-curve__chart" />}>
            <CurveChart curve={q.data} labels={labels} decimals={def?.decimals ?? 2} states={states} />
          </Suspense>
        ) : (
          <NoData />
        )}
      </Spin>
    </div>
  );
}
