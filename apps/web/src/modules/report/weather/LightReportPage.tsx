import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUNSHINE_LUX_DEFAULT } from '@tilth/contracts/report.types';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../shared/area/areaStore';
import { DatePicker } from '../../../shared/form/DatePicker';
import { nowInZone } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { ExportButton, Figure, LazyReportChart, ReportLayout, StationPicker } from './ReportParts';
import { type LightReport, reportApi, reportKeys, type StationScope } from './report.api';
import {
  answeredRangeNote,
  defaultPick,
  formatWithUnit,
  hasData,
  numberCell,
  periodLabel,
  rangeFor,
  seriesOf,
} from './reportFormat';

type Period = LightReport['periods'][number];

/** report/light-report: illuminance (lux) mean and peak and sunshine hours by day of a month or month of a year. */
export function LightReportPage() {
  const { t, i18n } = useTranslation(['report', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const area = useSelectedArea();
  const [scope, setScope] = useState<StationScope>({ areaId: area?.areaId });
  const [granularity, setGranularity] = useState<'day' | 'month'>('day');
  const [pick, setPick] = useState<Dayjs>(defaultPick('day')[0]);
  const [sunshineLux, setSunshineLux] = useState(SUNSHINE_LUX_DEFAULT);
  const query = useMemo(
    () => ({ ...scope, granularity, sunshineLux, ...rangeFor(granularity, pick) }),
    [scope, granularity, sunshineLux, pick],
  );
  const report = useQuery({
    queryKey: reportKeys.report(tenantId, 'light', query),
    queryFn: () => reportApi.light(tenantId, query),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const periods = data?.periods ?? [];

  return (
    <ReportLayout
      loading={report.isFetching}
      empty={data !== undefined && !hasData(periods)}
      answered={answeredRangeNote(query, data)}
      toolbar={
        <>
          <StationPicker tenantId={tenantId} value={scope} onChange={setScope} />
          <Radio.Group
            optionType="button"
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as 'day' | 'month')}
            options={(['day', 'month'] as const).map((g) => ({ value: g, label: t(`report:by.${g}`) }))}
          />
          <DatePicker
            picker={granularity === 'day' ? 'month' : 'year'}
            allowClear={false}
            disabledDate={(d) => d.isAfter(nowInZone(), granularity === 'day' ? 'month' : 'year')}
            value={pick}
            onChange={(v) => v && setPick(v)}
          />
          <Space>
            <span>{t('report:light.threshold')}</span>
            <InputNumber
              min={1}
              max={200_000}
              step={1000}
              value={sunshineLux}
              addonAfter="lux"
              aria-label={t('report:light.threshold')}
              onChange={(v) => typeof v === 'number' && setSunshineLux(v)}
            />
          </Space>
          <ExportButton run={() => reportApi.exportReport(tenantId, 'light', query)} />
        </>
      }
      summary={
        data ? (
          <>
            <Figure
              label={t('report:light.avg')}
              value={formatWithUnit(data.totals.avgIlluminance, 'lux', lang, 0)}
            />
            <Figure
              label={t('report:light.max')}
              value={formatWithUnit(data.totals.maxIlluminance, 'lux', lang, 0)}
            />
            <Figure
              label={t('report:light.sunshine')}
              value={formatWithUnit(data.totals.sunshineHours, 'h', lang)}
            />
          </>
        ) : null
      }
    >
      <p className="tl-report__note">{t('report:light.explain')}</p>
      <LazyReportChart
        categories={periods.map((p) => periodLabel(p.period, granularity))}
        axes={['lux', 'h']}
        series={[
          { name: t('report:light.avg'), kind: 'line', data: seriesOf(periods, (p) => p.avgIlluminance) },
          { name: t('report:light.max'), kind: 'line', data: seriesOf(periods, (p) => p.maxIlluminance) },
          {
            name: t('report:light.sunshine'),
            kind: 'bar',
            axis: 1,
            data: seriesOf(periods, (p) => p.sunshineHours),
          },
        ]}
      />
      <Table<Period>
        rowKey="period"
        size="small"
        dataSource={periods}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        locale={{ emptyText: t('report:empty') }}
        columns={[
          { title: t(`report:period.${granularity}`), dataIndex: 'period' },
          {
            title: `${t('report:light.avg')} (lux)`,
            dataIndex: 'avgIlluminance',
            align: 'right',
            render: numberCell(lang, 0),
          },
          {
            title: `${t('report:light.max')} (lux)`,
            dataIndex: 'maxIlluminance',
            align: 'right',
            render: numberCell(lang, 0),
          },
          {
            title: `${t('report:light.sunshine')} (h)`,
            dataIndex: 'sunshineHours',
            align: 'right',
            render: numberCell(lang),
          },
          { title: t('report:daysWithData'), dataIndex: 'daysWithData', align: 'right' },
        ]}
      />
    </ReportLayout>
  );
}
