import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../api/liveState.api';
import { relativeTime } from '../deviceFormat';

export interface LiveStateBarProps {
  state: LiveState | undefined;
  busy: boolean;
  /** Omitted: no button (the caller lacks the code). */
  onRefresh?: () => void;
}

/**
 * A device round trip's outcome: answered now, or the stored values marked stale (device silent or
 * offline, spec 02 §7 refresh / call-status), with the time of the values.
 */
export function LiveStateBar({ state, busy, onRefresh }: LiveStateBarProps) {
  const { t, i18n } = useTranslation('family');
  let hint = null;
  if (state && !state.stale) hint = <Tag color="green">{t('live.answered')}</Tag>;
  else if (state?.command) hint = <Tag color="orange">{t('live.stale')}</Tag>;
  else if (state) hint = <Tag color="default">{t('live.offline')}</Tag>;
  return (
    <Space wrap data-testid="live-state">
      {onRefresh ? (
        <Button size="small" loading={busy} onClick={onRefresh}>
          {t('live.refresh')}
        </Button>
      ) : null}
      {busy ? <Typography.Text type="secondary">{t('live.asking')}</Typography.Text> : hint}
      {state?.latestAt ? (
        <Typography.Text type="secondary">
          {t('live.valuesAt', { time: relativeTime(state.latestAt, i18n.language) })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
