import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../shared/format/time';
import type { FarmLog } from '../log/api/farmLog.api';
import { isLevel, LEVEL_COLOR } from '../log/farmLogModel';
import type { FarmOverview } from './farmOverview.api';

// Loaded on first open, not with the farm home.
const FarmLogDrawer = lazy(() =>
  import('../log/components/FarmLogDrawer').then((m) => ({ default: m.FarmLogDrawer })),
);

/** The 5 latest farm logs of the base, with the week's warning and emergency counts. */
export function LatestLogsCard({ overview }: { overview: FarmOverview | undefined }) {
  const { t } = useTranslation(['farm', 'farmLog']);
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<FarmLog | null>(null);
  const logs = overview?.logs;
  return (
    <section className="tl-card tl-home-logs">
      <div className="tl-card__head">
        <h3 className="tl-card__title">
          <FileTextOutlined /> {t('farm:home.logs.title')}
        </h3>
        <Button type="link" size="small" onClick={() => navigate('/web/farm/log')}>
          {t('farm:home.logs.all')}
        </Button>
      </div>
      {logs ? (
        <div className="tl-home-logs__week">
          <Tag color="orange">{t('farm:home.logs.warnings', { count: logs.warningCount7d })}</Tag>
          <Tag color="red">{t('farm:home.logs.emergencies', { count: logs.emergencyCount7d })}</Tag>
        </div>
      ) : null}
      {logs?.latest.length ? (
        <ul className="tl-home-log-list">
          {logs.latest.map((log) => (
            <li key={log.logId}>
              <button type="button" className="tl-home-log" onClick={() => setViewing(log)}>
                <Tag color={LEVEL_COLOR[log.level] ?? 'default'}>
                  {isLevel(log.level) ? t(`farmLog:level.${log.level}`) : log.level}
                </Tag>
                <span className="tl-home-log__title">{log.title}</span>
                <span className="tl-home-log__time">{formatDateTime(log.logTime, 'MM-DD HH:mm')}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState variant="noData" size="small" title={t('farm:home.logs.none')} />
      )}
      {viewing ? (
        <Suspense fallback={null}>
          <FarmLogDrawer log={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
