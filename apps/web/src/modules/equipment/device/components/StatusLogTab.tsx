import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type DeviceStatusLogItem, deviceApi, deviceKeys } from '../api/device.api';
import { OnlineStatus } from './OnlineStatus';

/** This device's online / offline log (GET device/status-log?deviceId=), newest first. */
export function StatusLogTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['device', 'common']);
  const { tenantId } = useShell();
  const key = useMemo(() => [...deviceKeys.statusLog(tenantId), deviceId], [tenantId, deviceId]);
  const list = usePagedList<DeviceStatusLogItem>(key, (q) =>
    deviceApi.statusLog(tenantId, { ...q, deviceId }),
  );
  const columns: ColumnsType<DeviceStatusLogItem> = [
    {
      title: t('device:log.at'),
      dataIndex: 'at',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('device:field.online'),
      dataIndex: 'online',
      render: (v: number) => <OnlineStatus online={v} />,
    },
    {
      title: t('device:log.source'),
      dataIndex: 'source',
      render: (v: string) => t(`device:log.sources.${v}`, { defaultValue: v }),
    },
    { title: t('device:log.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <PagedTable<DeviceStatusLogItem>
      list={list}
      rowKey="id"
      columns={columns}
      empty={{ title: t('device:empty') }}
    />
  );
}
