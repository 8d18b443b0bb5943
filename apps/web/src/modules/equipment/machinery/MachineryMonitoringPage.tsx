import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { ALARM_CODES } from '@tilth/contracts/permissions';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { MachineryPage } from './MachineryParts';
import { machineryApi, machineryKeys } from './machinery.api';
import { fenceStateOf, MACHINERY_BASE, runStateOf } from './machineryFormat';
import { useMachineColumns } from './useMachineColumns';
import { useMachines } from './useMachines';

const MONITORING = `${MACHINERY_BASE}-monitoring`;

/** equipment/farmmachinery-monitoring: fleet overview and each machine's track, fence and details. */
export function MachineryMonitoringPage() {
  const { t } = useTranslation(['machinery', 'device', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const { machines, live } = useMachines();
  const canSeeAlarms = usePermissions([ALARM_CODES.manage]).allowed;
  const alarms = useQuery({
    queryKey: [...machineryKeys.alarms(tenantId), 'active-count'],
    queryFn: () => machineryApi.alarms(tenantId, { page: 0, size: 1, state: 'active' }),
    enabled: canSeeAlarms,
    refetchInterval: 30_000,
  });
  const key = useMemo(() => machineryKeys.page(tenantId), [tenantId]);
  const list = usePagedList<Device>(key, (q) => machineryApi.page(tenantId, q));
  const base = useMachineColumns();
  const columns: ColumnsType<Device> = [
    ...base,
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(`${MONITORING}/history/${d.id}`)}>
            {t('machinery:action.track')}
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(`${MONITORING}/info/${d.id}`)}>
            {t('machinery:action.info')}
          </Button>
        </Space>
      ),
    },
  ];
  const fields: FilterField[] = [
    { name: 'name', label: t('device:field.name'), type: 'text' },
    {
      name: 'online',
      label: t('device:field.online'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`device:online.${v}`) })),
    },
  ];
  const count = (f: (d: Device) => boolean) => machines.filter(f).length;
  return (
    <MachineryPage
      title={t('equipment:route.machineryMonitoring')}
      live={live}
      extra={
        <Button onClick={() => void navigate(`${MONITORING}/fence`)}>{t('machinery:action.fence')}</Button>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }} data-testid="machinery-overview">
        <Col span={4}>
          <Statistic title={t('machinery:overview.total')} value={machines.length} />
        </Col>
        <Col span={4}>
          <Statistic title={t('machinery:overview.online')} value={count((d) => d.online === 1)} />
        </Col>
        <Col span={4}>
          <Statistic
            title={t('machinery:overview.running')}
            value={count((d) => runStateOf(d) === 'running')}
          />
        </Col>
        <Col span={4}>
          <Statistic
            title={t('machinery:overview.outside')}
            value={count((d) => fenceStateOf(d) === 'outside')}
            valueStyle={{ color: count((d) => fenceStateOf(d) === 'outside') > 0 ? '#d4380d' : undefined }}
          />
        </Col>
        {canSeeAlarms ? (
          <Col span={4}>
            <Statistic title={t('machinery:overview.alarms')} value={alarms.data?.totalElements ?? '—'} />
          </Col>
        ) : null}
      </Row>
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<Device>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1300 }}
        empty={{ title: t('machinery:empty.machines') }}
      />
    </MachineryPage>
  );
}
