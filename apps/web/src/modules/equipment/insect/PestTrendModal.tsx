import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { DatePicker } from '../../../shared/form/DatePicker';
import { nowInZone } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { insectApi, insectKeys } from './insect.api';
import { insectLabel, trendSeries } from './insectFormat';
import { LazyInsectChart } from './LazyInsectChart';
import './insect.css';

const D = 'YYYY-MM-DD';

export interface PestTrendModalProps {
  deviceId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 02 §2 pest-monitoring station modal: 80rem wide, a range (default the last month to today) and the
 * insect quantity per day per pest; the first 5 pests shown in the legend; the tooltip cycles every 1500 ms.
 */
export function PestTrendModal({ deviceId, open, onClose }: PestTrendModalProps) {
  const { t } = useTranslation('insect');
  const { tenantId } = useShell();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [nowInZone().subtract(1, 'month'), nowInZone()]);
  const startTime = `${range[0].format(D)} 00:00:00`;
  const endTime = `${range[1].format(D)} 23:59:59`;
  const trend = useQuery({
    queryKey: insectKeys.trend(tenantId, deviceId, startTime, endTime),
    queryFn: () => insectApi.trend(tenantId, { deviceId, startTime, endTime }),
    enabled: open,
  });
  const chart = useMemo(() => {
    const s = trendSeries(trend.data ?? []);
    return {
      days: s.days,
      series: s.series.map((x) => ({ ...x, name: insectLabel(x.name, t('unidentified')) })),
    };
  }, [trend.data, t]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="80rem"
      title={t('trend.title')}
      destroyOnHidden
    >
      <div className="tl-insect-toolbar">
        <DatePicker.RangePicker
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
        />
      </div>
      <Spin spinning={trend.isFetching}>
        {chart.series.length === 0 && !trend.isFetching ? (
          <EmptyState variant="noData" size="small" title={t('empty')} />
        ) : (
          <LazyInsectChart kind="line" days={chart.days} series={chart.series} carouselMs={1500} />
        )}
      </Spin>
    </Modal>
  );
}
