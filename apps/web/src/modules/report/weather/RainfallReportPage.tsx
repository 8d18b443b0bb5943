import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Radio from 'antd/es/radio';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../shared/area/areaStore';
import { DatePicker } from '../../../shared/form/DatePicker';
import { nowInZone } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { ExportButton, Figure, LazyReportChart, ReportLayout, StationPicker } from './ReportParts';
import {
  type RainfallReport,
  type ReportGranularity,
  reportApi,
  reportKeys,
  type StationScope,
} from './report.api';
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

type Period = RainfallReport['periods'][number];

/** report/rainfall-report: rainfall by day of a month, month of a year, or year, per station or base. */
export function RainfallReportPage() {
  const { t, i18n } = useTranslation(['report', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const area = useSelectedArea();
  const [scope, setScope] = useState<StationScope>({ areaId: area?.areaId });
  const [granularity, setGranularity] = useState<ReportGranularity>('day');
  const [pick, setPick] = useState<[Dayjs, Dayjs]>(defaultPick('day'));
  const query = useMemo(
    () => ({ ...scope, granularity, ...rangeFor(granularity, pick[0], pick[1]) }),
    [scope, granularity, pick],
  );
  const report = useQuery({
    queryKey: reportKeys.report(tenantId, 'rainfall', query),
    queryFn: () => reportApi.rainfall(tenantId, query),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const periods = data?.periods ?? [];
  const categories = periods.map((p) => periodLabel(p.period, granularity));
  const cell = numberCell(lang);

  const changeGranularity = (g: ReportGranularity) => {
    setGranularity(g);
    setPick(defaultPick(g));
  };

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
            onChange={(e) => changeGranularity(e.target.value as ReportGranularity)}
            options={(['day', 'month', 'year'] as const).map((g) => ({
              value: g,
              label: t(`report:by.${g}`),
            }))}
          />
          {granularity === 'year' ? (
            <DatePicker.RangePicker
              picker="year"
              allowClear={false}
              disabledDate={(d) => d.isAfter(nowInZone(), 'year')}
              value={pick}
              onChange={(v) => v?.[0] && v[1] && setPick([v[0], v[1]])}
            />
          ) : (
            <DatePicker
              picker={granularity === 'day' ? 'month' : 'year'}
              allowClear={false}
              disabledDate={(d) => d.isAfter(nowInZone(), granularity === 'day' ? 'month' : 'year')}
              value={pick[0]}
              onChange={(v) => v && setPick([v, v])}
            />
          )}
          <ExportButton run={() => reportApi.exportReport(tenantId, 'rainfall', query)} />
        </>
      }
      summary={
        data ? (
          <>
            <Figure label={t('report:rain.total')} value={formatWithUnit(data.totals.rainfall, 'mm', lang)} />
            <Figure label={t('report:rain.days')} value={numberCell(lang, 0)(data.totals.rainDays)} />
            <Figure
              label={t('report:rain.maxHourly')}
              value={formatWithUnit(data.totals.maxHourly, 'mm/h', lang)}
            />
          </>
        ) : null
      }
    >
      <LazyReportChart
        categories={categories}
        axes={['mm']}
        series={[
          {
            name: t('report:rain.rainfall'),
            kind: 'bar',
            data: seriesOf(periods, (p) => p.rainfall),
          },
          {
            name: t('report:rain.maxHourly'),
            kind: 'line',
            data: seriesOf(periods, (p) => p.maxHourly),
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
            title: `${t('report:rain.rainfall')} (mm)`,
            dataIndex: 'rainfall',
            align: 'right',
            render: cell,
          },
          {
            title: t('report:rain.days'),
            dataIndex: 'rainDays',
            align: 'right',
            render: numberCell(lang, 0),
          },
          {
            title: `${t('report:rain.maxHourly')} (mm/h)`,
            dataIndex: 'maxHourly',
            align: 'right',
            render: cell,
          },
          { title: t('report:daysWithData'), dataIndex: 'daysWithData', align: 'right' },
        ]}
      />
    </ReportLayout>
  );
}
