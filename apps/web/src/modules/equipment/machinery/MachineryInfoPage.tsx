import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../shared/format/time';
import { OnlineStatus } from '../device/components/OnlineStatus';
import { latLngText, metricLabel } from '../device/deviceFormat';
import { MetricValue } from '../shared/MetricValue';
import { FenceTag, MachineryPage, RunTag } from './MachineryParts';
import { fenceOf, fenceStateOf, MACHINE_TYPE, MACHINERY_BASE, runStateOf } from './machineryFormat';
import { useMachine } from './useMachine';

const MONITORING = `${MACHINERY_BASE}-monitoring`;
const METRICS = deviceTypeByKey(MACHINE_TYPE)?.metrics ?? [];

/** equipment/farmmachinery-monitoring/info/{id}: one machine's registration, live values and fence. */
export function MachineryInfoPage() {
  const { t, i18n } = useTranslation(['machinery', 'device', 'common']);
  const navigate = useNavigate();
  const { machine: m, live, loading, notFound } = useMachine();
  if (notFound) return <EmptyState variant="notFound" />;
  if (loading || !m) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <MachineryPage
      title={t('machinery:info.title', { name: m.name })}
      live={live}
      extra={
        <Space>
          <Button onClick={() => void navigate(`${MONITORING}/history/${m.id}`)}>
            {t('machinery:action.track')}
          </Button>
          <Button onClick={() => void navigate(`${MONITORING}/fence?id=${m.id}`)}>
            {t('machinery:action.fence')}
          </Button>
          <Button onClick={() => void navigate(MONITORING)}>{t('common:action.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered size="small" column={2} data-testid="machine-info">
        <Descriptions.Item label={t('device:field.name')}>{m.name}</Descriptions.Item>
        <Descriptions.Item label={t('device:field.eui')}>{m.eui}</Descriptions.Item>
        <Descriptions.Item label={t('device:field.base')}>{m.areaName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('device:field.land')}>{m.landName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('device:field.iccid')}>{m.iccid ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('device:field.online')}>
          <OnlineStatus online={m.online} lastSeenAt={m.lastSeenAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('machinery:field.run')}>
          <RunTag state={runStateOf(m)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('machinery:field.fence')}>
          <Space>
            <FenceTag state={fenceStateOf(m)} />
            {fenceOf(m).length > 0 ? t('machinery:fence.points', { count: fenceOf(m).length }) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('device:field.location')}>
          {latLngText(m.lat, m.lng) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('machinery:field.latestAt')}>
          {m.latestAt ? formatDateTime(m.latestAt, 'YYYY-MM-DD HH:mm:ss') : '—'}
        </Descriptions.Item>
        {METRICS.map((x) => (
          <Descriptions.Item key={x.key} label={metricLabel(x, i18n.language)}>
            <MetricValue metric={x} value={m.latest[x.key]} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </MachineryPage>
  );
}
