import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OnlineStatus } from '../device/components/OnlineStatus';
import { metricText } from '../shared/metricFormat';
import { FenceTag, RunTag } from './MachineryParts';
import { fenceStateOf, MACHINE_TYPE, MACHINERY_BASE, runStateOf } from './machineryFormat';

const METRICS = deviceTypeByKey(MACHINE_TYPE)?.metrics ?? [];

/** The columns of a machine list: name (to its info page), online, running, speed, hours, fence. */
export const useMachineColumns = (): ColumnsType<Device> => {
  const { t, i18n } = useTranslation(['machinery', 'device']);
  const navigate = useNavigate();
  const value = (d: Device, key: string) => {
    const m = METRICS.find((x) => x.key === key);
    return m ? metricText(m, d.latest[key], i18n.language) : '—';
  };
  return [
    {
      title: t('device:field.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string, d) => (
        <Button
          type="link"
          size="small"
          className="tl-device-name"
          onClick={() => void navigate(`${MACHINERY_BASE}-monitoring/info/${d.id}`)}
        >
          {name}
        </Button>
      ),
    },
    {
      title: t('device:field.online'),
      key: 'online',
      render: (_, d) => <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />,
    },
    { title: t('machinery:field.run'), key: 'run', render: (_, d) => <RunTag state={runStateOf(d)} /> },
    { title: t('machinery:field.speed'), key: 'speed', render: (_, d) => value(d, 'speed') },
    { title: t('machinery:field.engineRpm'), key: 'rpm', render: (_, d) => value(d, 'engineRpm') },
    { title: t('machinery:field.fuel'), key: 'fuel', render: (_, d) => value(d, 'fuelLevel') },
    { title: t('machinery:field.hours'), key: 'hours', render: (_, d) => value(d, 'engineHours') },
    { title: t('machinery:field.area'), key: 'area', render: (_, d) => value(d, 'workArea') },
    {
      title: t('machinery:field.fence'),
      key: 'fence',
      render: (_, d) => <FenceTag state={fenceStateOf(d)} />,
    },
  ];
};
