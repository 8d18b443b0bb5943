import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { StreamState } from './deviceStream';

const STATUS = { live: 'processing', connecting: 'warning', offline: 'default' } as const;

/** A small dot and word: whether live updates are arriving. */
export function LiveIndicator({ state }: { state: StreamState }) {
  const { t } = useTranslation('device');
  return (
    <Tooltip title={t(`live.hint.${state}`)}>
      <Badge status={STATUS[state]} text={t(`live.${state}`)} data-testid="device-live" data-state={state} />
    </Tooltip>
  );
}
