import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/time';
import { relativeTime } from '../deviceFormat';
import '../device.css';

/** Online / offline (spec 02 §4: 1 online, otherwise offline) with when the device was last heard. */
export function OnlineStatus({ online, lastSeenAt }: { online: number; lastSeenAt?: string | null }) {
  const { t, i18n } = useTranslation('device');
  const on = online === 1;
  const badge = <Badge status={on ? 'success' : 'default'} text={t(`device:online.${on ? 1 : 0}`)} />;
  // Without a last-seen time (log rows) only the state is shown.
  if (lastSeenAt === undefined)
    return (
      <span className="tl-device-online" data-online={on ? 1 : 0}>
        {badge}
      </span>
    );
  return (
    <Tooltip title={lastSeenAt ? formatDateTime(lastSeenAt, 'YYYY-MM-DD HH:mm:ss') : t('device:neverSeen')}>
      <span className="tl-device-online" data-online={on ? 1 : 0}>
        {badge}
        <span className="tl-device-online__seen">
          {lastSeenAt ? relativeTime(lastSeenAt, i18n.language) : t('device:neverSeen')}
        </span>
      </span>
    </Tooltip>
  );
}
