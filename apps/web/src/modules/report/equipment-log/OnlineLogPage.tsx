import type { DeviceStatusLogItem } from '@tilth/contracts/device.types';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import Badge from 'antd/es/badge';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { withAllPlaceholder, withDayBounds } from './logQuery';
import { useLogScope } from './useLogScope';

/** report/equipmentLog/onlineLog: devices going online and offline (GET device/status-log). */
export function OnlineLogPage() {
  const { t, i18n } = useTranslation(['control', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  // Like the control log, the online log follows the base chosen in the header.
  const { areaId, devices } = useLogScope(tenantId);
  const key = useMemo(() => [...deviceKeys.statusLog(tenantId), 'report', areaId ?? 0], [tenantId, areaId]);
  const list = usePagedList<DeviceStatusLogItem>(key, (q) =>
    deviceApi.statusLog(tenantId, withDayBounds({ ...q, areaId })),
  );

  const fields: FilterField[] = withAllPlaceholder(
    [
      {
        name: 'deviceType',
        label: t('control:online.deviceType'),
        type: 'select',
        showSearch: true,
        options: DEVICE_TYPES.filter((d) => d.family !== 'camera').map((d) => ({
          value: d.key,
          label: d.name[lang],
        })),
      },
      {
        name: 'deviceId',
        label: t('control:online.device'),
        type: 'select',
        showSearch: true,
        options: devices.map((d) => ({ value: d.id, label: `${d.name} (${d.eui})` })),
      },
      {
        name: 'online',
        label: t('control:online.state'),
        type: 'select',
        options: [1, 0].map((v) => ({ value: v, label: t(`control:online.states.${v}`) })),
      },
      {
        name: 'range',
        label: t('control:log.dateRange'),
        type: 'dateRange',
        names: ['startTime', 'endTime'],
      },
    ],
    t,
  );

  const columns: ColumnsType<DeviceStatusLogItem> = [
    {
      title: t('control:online.time'),
      dataIndex: 'at',
      width: 170,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('control:online.device'), dataIndex: 'deviceName' },
    {
      title: t('control:online.deviceType'),
      dataIndex: 'deviceType',
      render: (v: string) => deviceTypeByKey(v)?.name[lang] ?? v,
    },
    { title: t('control:online.eui'), dataIndex: 'eui' },
    {
      title: t('control:online.state'),
      dataIndex: 'online',
      render: (v: number) => (
        <Badge
          status={v === 1 ? 'success' : 'default'}
          text={t(`control:online.states.${v === 1 ? 1 : 0}`)}
        />
      ),
    },
    {
      title: t('control:online.source'),
      dataIndex: 'source',
      render: (v: string) => t(`control:online.sources.${v}`, { defaultValue: v }),
    },
    { title: t('control:online.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? NO_DATA },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<DeviceStatusLogItem>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 960 }}
        empty={{ title: t('control:log.empty') }}
      />
    </section>
  );
}
