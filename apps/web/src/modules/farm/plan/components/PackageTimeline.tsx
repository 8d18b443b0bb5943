import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

export interface TimelineTask {
  key: number;
  name: string;
  dayOffset: number;
  durationDays: number;
}

/** A small Gantt of a package: one bar per task from its day offset for its duration. */
export function PackageTimeline({ tasks }: { tasks: TimelineTask[] }) {
  const { t } = useTranslation('farmPlan');
  const span = Math.max(1, ...tasks.map((x) => x.dayOffset + x.durationDays));
  const sorted = [...tasks].sort((a, b) => a.dayOffset - b.dayOffset || a.key - b.key);
  return (
    <section className="tl-plan-timeline" aria-label={t('package.timeline')}>
      <Typography.Text strong>{t('package.timeline')}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {t('package.totalDays', { count: span })}
      </Typography.Text>
      {sorted.map((x) => (
        <div key={x.key} className="tl-plan-timeline__row">
          <span className="tl-plan-timeline__name">{x.name}</span>
          <div className="tl-plan-timeline__track">
            <Tooltip
              title={t('package.dayRange', { from: x.dayOffset, to: x.dayOffset + x.durationDays - 1 })}
            >
              <div
                className="tl-plan-timeline__bar"
                style={{
                  left: `${(x.dayOffset / span) * 100}%`,
                  width: `${Math.max((x.durationDays / span) * 100, 0.8)}%`,
                }}
              />
            </Tooltip>
          </div>
        </div>
      ))}
    </section>
  );
}
