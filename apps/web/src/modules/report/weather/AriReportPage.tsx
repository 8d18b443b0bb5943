import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ARI_BASE_DEFAULT, ARI_BASE_MAX, ARI_BASE_MIN } from '@tilth/contracts/report.types';
import InputNumber from 'antd/es/input-number';
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
import { type AriReport, reportApi, reportKeys, type StationScope } from './report.api';
import {
  answeredRangeNote,
  formatNumber,
  formatWithUnit,
  hasData,
  NO_DATA,
  numberCell,
  seriesOf,
} from './reportFormat';

type Day = AriReport['days'][number];
const D = 'YYYY-MM-DD';

/**
 * report/ari-report: accumulated temperature over a date range (≤ 366 days). Effective (有效积温) adds
 * max(0, mean − base) per day; active (活动积温) adds the mean of days at or above the base.
 */
export function AriReportPage() {
  const { t, i18n } = useTranslation(['report', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const area = useSelectedArea();
  const [scope, setScope] = useState<StationScope>({ areaId: area?.areaId });
  const [range, setRange] = useState<[Dayjs, Dayjs]>([nowInZone().startOf('year'), nowInZone()]);
  const [base, setBase] = useState(ARI_BASE_DEFAULT);
  const query = useMemo(
    () => ({ ...scope, base, startDate: range[0].format(D), endDate: range[1].format(D) }),
    [scope, base, range],
  );
  const report = useQuery({
    queryKey: reportKeys.report(tenantId, 'ari', query),
    queryFn: () => reportApi.ari(tenantId, query),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const days = data?.days ?? [];
  const cell2 = numberCell(lang, 2);

  return (
    <ReportLayout
      loading={report.isFetching}
      empty={data !== undefined && !hasData(days)}
      answered={answeredRangeNote(query, data)}
      toolbar={
        <>
          <StationPicker tenantId={tenantId} value={scope} onChange={setScope} />
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            disabledDate={(d) => d.isAfter(nowInZone(), 'day')}
          />
          <Space>
            <span>{t('report:ari.base')}</span>
            <InputNumber
              min={ARI_BASE_MIN}
              max={ARI_BASE_MAX}
              step={0.5}
              value={base}
              addonAfter="°C"
              aria-label={t('report:ari.base')}
              onChange={(v) => typeof v === 'number' && setBase(v)}
            />
          </Space>
          <ExportButton run={() => reportApi.exportReport(tenantId, 'ari', query)} />
        </>
      }
      summary={
        data ? (
          <>
            <Figure
              label={t('report:ari.effectiveTotal')}
              value={formatWithUnit(data.totals.effective, '°C·d', lang)}
            />
            <Figure
              label={t('report:ari.activeTotal')}
              value={formatWithUnit(data.totals.active, '°C·d', lang)}
            />
            <Figure
              label={t('report:ari.daysAbove', { base: data.base })}
              value={String(data.totals.daysAtOrAboveBase)}
            />
            <Figure label={t('report:daysWithData')} value={String(data.totals.daysWithData)} />
          </>
        ) : null
      }
    >
      <p className="tl-report__note">{t('report:ari.explain', { base })}</p>
      <LazyReportChart
        categories={days.map((d) => d.date.slice(5))}
        axes={['°C', '°C·d']}
        series={[
          { name: t('report:ari.mean'), kind: 'line', data: seriesOf(days, (d) => d.meanTemp) },
          {
            name: t('report:ari.effectiveTotal'),
            kind: 'line',
            axis: 1,
            data: seriesOf(days, (d) => d.effectiveTotal),
          },
          {
            name: t('report:ari.activeTotal'),
            kind: 'line',
            axis: 1,
            data: seriesOf(days, (d) => d.activeTotal),
          },
        ]}
      />
      <Table<Day>
        rowKey="date"
        size="small"
        dataSource={days}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        locale={{ emptyText: t('report:empty') }}
        columns={[
          { title: t('report:period.day'), dataIndex: 'date' },
          {
            title: `${t('report:ari.mean')} (°C)`,
            dataIndex: 'meanTemp',
            align: 'right',
            render: cell2,
          },
          {
            title: t('report:ari.minMax'),
            key: 'minmax',
            align: 'right',
            render: (_: unknown, d) =>
              d.minTemp === null
                ? NO_DATA
                : `${formatNumber(d.minTemp, lang)} / ${formatNumber(d.maxTemp, lang)}`,
          },
          { title: t('report:ari.hours'), dataIndex: 'hours', align: 'right' },
          {
            title: t('report:ari.effective'),
            dataIndex: 'effective',
            align: 'right',
            render: cell2,
          },
          {
            title: t('report:ari.effectiveTotal'),
            dataIndex: 'effectiveTotal',
            align: 'right',
            render: cell2,
          },
          {
            title: t('report:ari.active'),
            dataIndex: 'active',
            align: 'right',
            render: cell2,
          },
          {
            title: t('report:ari.activeTotal'),
            dataIndex: 'activeTotal',
            align: 'right',
            render: cell2,
          },
        ]}
      />
    </ReportLayout>
  );
}
