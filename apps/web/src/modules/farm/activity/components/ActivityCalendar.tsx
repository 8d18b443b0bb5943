import { useQuery } from '@tanstack/react-query';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar } from '../../../../shared/form/DatePicker';
import { nowInZone } from '../../../../shared/format/time';
import { farmDays, toFarmDayjs } from '../activityTime';
import { type Activity, activityApi, activityKeys, TYPE_COLORS } from '../api/activity.api';

interface ActivityCalendarProps {
  tenantId: number;
  /** Opens an activity (edit or view). */
  onOpen: (a: Activity) => void;
  /** A day was picked in the month (to add an activity on it). */
  onPickDay?: (day: Dayjs) => void;
}

const MAX_PER_DAY = 3;

/** Month view: each day lists the activities running on it (farm time). */
export function ActivityCalendar({ tenantId, onOpen, onPickDay }: ActivityCalendarProps) {
  const { t } = useTranslation('farmActivity');
  const [month, setMonth] = useState(() => nowInZone().startOf('month'));
  // The grid shows up to 6 weeks around the month: fetch that whole span.
  const from = month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD');
  const to = month.endOf('month').add(14, 'day').format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: activityKeys.month(tenantId, from, to),
    queryFn: () => activityApi.between(tenantId, from, to),
  });

  const byDay = useMemo(() => {
    const map = new Map<string, Activity[]>();
    for (const a of q.data ?? []) {
      for (const day of farmDays(a.startTime, a.endTime)) {
        const list = map.get(day) ?? [];
        list.push(a);
        map.set(day, list);
      }
    }
    return map;
  }, [q.data]);

  const cell = (day: Dayjs) => {
    const items = byDay.get(day.format('YYYY-MM-DD')) ?? [];
    return (
      <div className="tl-activity-cal__cell">
        {items.slice(0, MAX_PER_DAY).map((a) => (
          <Tooltip
            key={a.activityId}
            title={`${a.activityName} · ${toFarmDayjs(a.startTime).format('MM-DD HH:mm')} – ${toFarmDayjs(a.endTime).format('MM-DD HH:mm')}`}
          >
            <Tag
              color={TYPE_COLORS[a.activityType] ?? 'default'}
              style={{
                display: 'block',
                marginBottom: 2,
                cursor: 'pointer',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(a);
              }}
            >
              {a.activityName}
            </Tag>
          </Tooltip>
        ))}
        {items.length > MAX_PER_DAY ? (
          <span style={{ fontSize: 12, opacity: 0.7 }}>
            {t('calendar.more', { n: items.length - MAX_PER_DAY })}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <Spin spinning={q.isFetching}>
      <Calendar
        value={month}
        onPanelChange={(d) => setMonth(d.startOf('month'))}
        onSelect={(d, info) => {
          if (info.source === 'date') onPickDay?.(d);
          else setMonth(d.startOf('month'));
        }}
        cellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)}
      />
    </Spin>
  );
}
