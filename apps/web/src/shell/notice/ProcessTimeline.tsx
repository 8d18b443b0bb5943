import type { ProcessDetail } from '@tilth/contracts/workflow.types';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useTranslation } from 'react-i18next';
import { eventColor, formatDuration, stepLines } from './approvalModel';
import { formatNoticeTime } from './noticeModel';

const STEP_COLOR = { done: 'success', active: 'processing', later: 'default' } as const;

/**
 * The course of one process: its steps (done / active / later; parallel branches side by side as lanes)
 * and its events — who did what, when, with the comment and the time taken.
 */
export function ProcessTimeline({ detail }: { detail: ProcessDetail }) {
  const { t, i18n } = useTranslation('notice');
  const timeFormat = t('notice.timeFormat');
  return (
    <div className="tl-approval-timeline">
      <h4>{t('notice.approval.steps')}</h4>
      <ol className="tl-approval-steps">
        {stepLines(detail.steps).map((block) => (
          <li
            key={block.map((l) => l.steps.map((s) => s.nodeId).join()).join('|')}
            className="tl-approval-steps__block"
          >
            {block.map((line) => (
              <div key={line.lane || 'main'} className="tl-approval-steps__lane">
                {line.steps.map((step) => (
                  <Tag key={step.nodeId} color={STEP_COLOR[step.status]}>
                    {step.name} · {t(`notice.approval.step.${step.status}`)}
                  </Tag>
                ))}
              </div>
            ))}
          </li>
        ))}
      </ol>
      <h4>{t('notice.approval.events')}</h4>
      <Timeline
        items={detail.events.map((e, index) => ({
          key: `${e.at}-${index}`,
          color: eventColor(e.action),
          content: (
            <div className="tl-approval-event">
              <div>
                <strong>{e.actorName ?? t('notice.approval.system')}</strong>{' '}
                {t(`notice.approval.event.${e.action}`)}
                {e.nodeName ? ` · ${e.nodeName}` : ''}
                {e.targetNames.length > 0 ? ` → ${e.targetNames.join(', ')}` : ''}
              </div>
              <div className="tl-approval-event__meta">
                {formatNoticeTime(e.at, timeFormat)}
                {e.tookMs !== null
                  ? ` · ${t('notice.approval.took', { time: formatDuration(e.tookMs, i18n.language) })}`
                  : ''}
              </div>
              {e.comment ? <div className="tl-approval-event__comment">{e.comment}</div> : null}
            </div>
          ),
        }))}
      />
    </div>
  );
}
