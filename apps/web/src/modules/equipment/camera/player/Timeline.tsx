import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../../../shared/format/time';
import { pickInstant, type Span, spanBars } from '../cameraFormat';

export interface TimelineProps {
  spans: readonly Span[];
  /** The window shown, epoch ms. */
  from: number;
  to: number;
  /** The playback start picked, epoch ms. */
  at: number | null;
  onPick: (at: number) => void;
}

/** What is recorded over the window; a click picks where playback starts. */
export function Timeline({ spans, from, to, at, onPick }: TimelineProps) {
  const { t } = useTranslation('camera');
  const bars = spanBars(spans, from, to);
  return (
    <div className="tl-cam-timeline">
      <button
        type="button"
        className="tl-cam-timeline__track"
        aria-label={t('player.timeline')}
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          onPick(pickInstant((e.clientX - box.left) / (box.width || 1), from, to));
        }}
      >
        {bars.map((b) => (
          <span
            key={b.from}
            className="tl-cam-timeline__span"
            style={{ left: `${b.left}%`, width: `${b.width}%` }}
          />
        ))}
        {at !== null && at >= from && at <= to ? (
          <span className="tl-cam-timeline__at" style={{ left: `${((at - from) / (to - from)) * 100}%` }} />
        ) : null}
      </button>
      <div className="tl-cam-timeline__labels">
        <span>{formatDateTime(from, 'MM-DD HH:mm')}</span>
        <span>
          {bars.length === 0 ? t('player.nothingRecorded') : at !== null ? formatTime(at, 'HH:mm:ss') : ''}
        </span>
        <span>{formatDateTime(to, 'MM-DD HH:mm')}</span>
      </div>
    </div>
  );
}
