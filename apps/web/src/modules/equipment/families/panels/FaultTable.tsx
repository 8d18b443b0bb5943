import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { type DeviceFaultItem, familyApi, familyKeys } from '../family.api';
import { codesOfDevice } from './common';

/** Fault readings and failed commands (inverter alarms; fertiliser alarm handling with acknowledge). */
export function FaultTable({ device, ackable }: { device: Device; ackable: boolean }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const key = familyKeys.faults(tenantId, device.id);
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      device.deviceType === 'inverter'
        ? familyApi.inverterAlarms(tenantId, device.id)
        : familyApi.fertilizerAlarms(tenantId, device.id),
  });
  const ack = async (k: string) => {
    try {
      await familyApi.ackFault(tenantId, device.id, k);
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      // Shown by the API client.
    }
  };
  return (
    <Table<DeviceFaultItem>
      size="small"
      rowKey="key"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('empty')} /> }}
      columns={[
        {
          title: t('fault.time'),
          dataIndex: 'time',
          render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('fault.kind'),
          dataIndex: 'kind',
          render: (v: string) => <Tag color={v === 'fault' ? 'red' : 'orange'}>{t(`fault.${v}`)}</Tag>,
        },
        { title: t('fault.message'), dataIndex: 'message' },
        ...(ackable
          ? [
              {
                title: t('fault.handling'),
                key: 'ack',
                render: (_: unknown, r: DeviceFaultItem) =>
                  r.acknowledged ? (
                    <Tag color="green">{t('fault.acknowledged', { by: r.acknowledgedBy ?? '' })}</Tag>
                  ) : (
                    <PermissionGuard codes={[codesOfDevice(device).control]}>
                      <Button size="small" onClick={() => void ack(r.key)}>
                        {t('fault.ack')}
                      </Button>
                    </PermissionGuard>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
