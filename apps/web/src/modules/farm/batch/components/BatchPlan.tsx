import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tooltip from 'antd/es/tooltip';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { formatDateTime, nowInZone } from '../../../../shared/format/time';
import { baseApi, baseKeys } from '../../base/api/base.api';
import { type BatchPlanItem, batchApi, batchKeys } from '../api/batch.api';
import { BATCH_STATUSES, DATE_FORMAT } from '../batchForm';
import { computeGantt, GANTT_MAX_DAYS } from '../gantt';

const LABEL_WIDTH = 180;
/** Narrowest day column, so a long period scrolls instead of squeezing the bars to nothing. */
const DAY_MIN_PX = 3;

type Range = [Dayjs, Dayjs];

const statusText = (s: string): s is (typeof BATCH_STATUSES)[number] =>
  (BATCH_STATUSES as readonly string[]).includes(s);

/** The plan view: batches per plot over a period, as a Gantt-like timeline drawn with CSS grid. */
export function BatchPlan({ tenantId, initialAreaId }: { tenantId: number; initialAreaId?: number }) {
  const { t } = useTranslation(['farmBatch', 'common']);
  const [range, setRange] = useState<Range>(() => [nowInZone().startOf('year'), nowInZone().endOf('year')]);
  const [areaId, setAreaId] = useState<number | undefined>(initialAreaId);
  const query = {
    startDate: range[0].format(DATE_FORMAT),
    endDate: range[1].format(DATE_FORMAT),
    ...(areaId ? { areaId } : {}),
  };
  const areas = useQuery({ queryKey: baseKeys.options(tenantId), queryFn: () => baseApi.all(tenantId) });
  const plan = useQuery({
    queryKey: batchKeys.plan(tenantId, query),
    queryFn: () => batchApi.plan(tenantId, query),
  });
  const layout = useMemo(
    () => computeGantt(plan.data ?? [], { start: query.startDate, end: query.endDate }),
    [plan.data, query.startDate, query.endDate],
  );

  const bar = (item: BatchPlanItem) => (
    <div className="tl-gantt__tip">
      <strong>{item.batchName}</strong>
      <div>{[item.cropName, item.varietyName].filter(Boolean).join(' · ')}</div>
      <div>
        {item.startDate} ~ {item.endDate ?? item.expectedEndDate ?? t('farmBatch:plan.openEnd')}
        {!item.endDate && item.expectedEndDate ? ` (${t('farmBatch:plan.expected')})` : ''}
      </div>
      <div>{statusText(item.status) ? t(`farmBatch:status.${item.status}`) : item.status}</div>
    </div>
  );

  return (
    <div className="tl-gantt-wrap">
      <div className="tl-gantt-tools">
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('farmBatch:plan.allAreas')}
          value={areaId}
          onChange={(v: number | undefined) => setAreaId(v)}
          options={(areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
        />
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          value={range}
          onChange={(v) => {
            const [from, to] = v ?? [];
            if (from && to) setRange([from.startOf('month'), to.endOf('month')]);
          }}
        />
        <span className="tl-gantt-tools__hint">{t('farmBatch:plan.maxHint', { count: GANTT_MAX_DAYS })}</span>
        <span className="tl-gantt-legend">
          {BATCH_STATUSES.map((s) => (
            <span key={s} className={`tl-gantt-legend__item tl-gantt__bar--${s}`}>
              {t(`farmBatch:status.${s}`)}
            </span>
          ))}
        </span>
      </div>
      <Spin spinning={plan.isFetching}>
        {layout.rows.length === 0 ? (
          <EmptyState variant="noData" size="small" title={t('farmBatch:plan.empty')} />
        ) : (
          <div className="tl-gantt-scroll">
            <div
              className="tl-gantt"
              style={{
                gridTemplateColumns: `${LABEL_WIDTH}px repeat(${layout.days}, minmax(${DAY_MIN_PX}px, 1fr))`,
                gridTemplateRows: `36px repeat(${layout.gridRows - 1}, 32px)`,
                minWidth: LABEL_WIDTH + layout.days * DAY_MIN_PX,
              }}
            >
              <div className="tl-gantt__corner" style={{ gridRow: 1, gridColumn: 1 }}>
                {t('farmBatch:plan.plot')}
              </div>
              {layout.months.map((m) => (
                <div
                  key={m.key}
                  className="tl-gantt__month"
                  style={{ gridRow: 1, gridColumn: `${m.start + 2} / span ${m.span}` }}
                  title={formatDateTime(`${m.key}-01`, t('farmBatch:plan.monthFormat'))}
                >
                  {m.span >= 20 ? formatDateTime(`${m.key}-01`, t('farmBatch:plan.monthFormat')) : ''}
                </div>
              ))}
              {layout.rows.map((row, i) => (
                <div key={row.key} className="tl-gantt__rowset" style={{ display: 'contents' }}>
                  <div
                    className={`tl-gantt__label${i % 2 ? ' tl-gantt__label--odd' : ''}`}
                    style={{ gridRow: `${row.gridRow} / span ${row.lanes}`, gridColumn: 1 }}
                  >
                    <span className="tl-gantt__plot">{row.landName ?? t('farmBatch:plan.noPlot')}</span>
                    <span className="tl-gantt__area">{row.areaName ?? ''}</span>
                  </div>
                  <div
                    className={`tl-gantt__track${i % 2 ? ' tl-gantt__track--odd' : ''}`}
                    style={{ gridRow: `${row.gridRow} / span ${row.lanes}`, gridColumn: '2 / -1' }}
                  />
                  {row.bars.map((b) => (
                    <Tooltip key={b.item.batchId} title={bar(b.item)}>
                      <div
                        className={[
                          'tl-gantt__bar',
                          `tl-gantt__bar--${b.item.status}`,
                          b.clippedStart ? 'tl-gantt__bar--clip-start' : '',
                          b.clippedEnd ? 'tl-gantt__bar--clip-end' : '',
                          b.openEnded ? 'tl-gantt__bar--open' : '',
                        ].join(' ')}
                        style={{ gridRow: row.gridRow + b.lane, gridColumn: `${b.start + 2} / ${b.end + 3}` }}
                      >
                        <span>{b.item.batchName}</span>
                      </div>
                    </Tooltip>
                  ))}
                </div>
              ))}
              {layout.today !== null ? (
                <div
                  className="tl-gantt__today"
                  style={{ gridRow: `1 / ${layout.gridRows + 1}`, gridColumn: layout.today + 2 }}
                  title={t('farmBatch:plan.today')}
                />
              ) : null}
            </div>
          </div>
        )}
      </Spin>
    </div>
  );
}
