import { useQuery } from '@tanstack/react-query';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import { SYSTEM_DEVICE_CODES } from '@tilth/contracts/permissions';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { menuIcon } from '../../../shell/menu/icons';
import { useShell } from '../../../shell/ShellContext';
import { type Device, deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { DeviceDetailModal } from '../../equipment/device/components/DeviceDetailModal';
import { OnlineStatus } from '../../equipment/device/components/OnlineStatus';
import { langOf } from '../../equipment/device/deviceFormat';
import { LiveIndicator } from '../../equipment/live/LiveIndicator';
import { useDeviceStream } from '../../equipment/live/useDeviceStream';
import { pageAfterDelete } from './managerPaging';
import { TransferModal } from './TransferModal';

const TYPES = DEVICE_TYPES.filter((t) => t.family !== 'camera');

/** System device manager (/system/deviceManager): every device of the tenant, delete and transfer. */
export function DeviceManagerPage() {
  const { t, i18n } = useTranslation(['device', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const lang = langOf(i18n.language);
  const live = useDeviceStream(tenantId);
  const key = useMemo(() => deviceKeys.system(tenantId), [tenantId]);
  const list = usePagedList<Device>(key, (q) => deviceApi.systemPage(tenantId, q));
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const [selected, setSelected] = useState<number[]>([]);
  const [transfer, setTransfer] = useState<number[] | null>(null);
  const [detailOf, setDetailOf] = useState<Device | null>(null);
  // Transfer and delete have codes of their own: the page's view code only shows the list.
  const canTransfer = usePermissions([SYSTEM_DEVICE_CODES.devicesTransfer]).allowed;
  const canDelete = usePermissions([SYSTEM_DEVICE_CODES.devicesDelete]).allowed;

  const fields: FilterField[] = [
    { name: 'name', label: t('device:field.name'), type: 'text' },
    { name: 'eui', label: t('device:field.eui'), type: 'text' },
    {
      name: 'deviceType',
      label: t('device:field.type'),
      type: 'select',
      showSearch: true,
      options: TYPES.map((d) => ({ value: d.key, label: d.name[lang] })),
    },
    {
      name: 'areaId',
      label: t('device:field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
  ];

  const remove = (ids: number[]) =>
    modal.confirm({
      title: t('device:manager.deleteTitle', { count: ids.length }),
      content: t('device:message.deleteHint'),
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await deviceApi.batchDelete(tenantId, ids);
          message.success(t('device:manager.deleted'));
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          const shownRemoved = list.rows.filter((r) => ids.includes(r.id)).length;
          const next = pageAfterDelete(list.page, list.rows.length, shownRemoved);
          if (next !== list.page) list.setPage(next);
          await list.refresh();
        } catch {
          message.error(t('device:manager.deleteFailed'));
        }
      },
    });

  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const columns: ColumnsType<Device> = [
    {
      title: t('device:manager.seq'),
      key: 'seq',
      width: 72,
      render: (_, _d, i) => list.page * list.size + i + 1,
    },
    {
      title: t('device:field.name'),
      dataIndex: 'name',
      render: (v: string, d) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            setDetailOf(d);
          }}
        >
          {v}
        </Button>
      ),
    },
    { title: t('device:field.eui'), dataIndex: 'eui' },
    {
      title: t('device:field.type'),
      dataIndex: 'deviceType',
      render: (v: string) => {
        const type = deviceTypeByKey(v);
        return (
          <Space size={6}>
            {menuIcon(type?.icon)}
            {type ? type.name[lang] : v}
          </Space>
        );
      },
    },
    { title: t('device:field.base'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('device:field.land'), dataIndex: 'landName', render: (v: string | null) => v ?? '—' },
    {
      title: t('device:field.online'),
      dataIndex: 'online',
      render: (_, d) => <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 160,
      render: (_, d) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canTransfer ? (
            <Button type="link" size="small" onClick={() => setTransfer([d.id])}>
              {t('device:manager.transfer')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button type="link" size="small" danger onClick={() => remove([d.id])}>
              {t('common:action.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} />
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
        <Space>
          {canTransfer ? (
            <Button disabled={selected.length === 0} onClick={() => setTransfer(selected)}>
              {t('device:manager.bulkTransfer', { count: selected.length })}
            </Button>
          ) : null}
          {canDelete ? (
            <Button danger disabled={selected.length === 0} onClick={() => remove(selected)}>
              {t('device:manager.bulkDelete', { count: selected.length })}
            </Button>
          ) : null}
        </Space>
        <LiveIndicator state={live} />
      </Space>
      <PagedTable<Device>
        list={list}
        rowKey="id"
        columns={canTransfer || canDelete ? columns : columns.filter((c) => c.key !== 'actions')}
        scroll={{ x: 1100 }}
        rowSelection={
          canTransfer || canDelete
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        onRow={canTransfer || canDelete ? (d) => ({ onClick: () => toggle(d.id) }) : undefined}
        empty={{ title: t('device:empty') }}
      />
      {transfer ? (
        <TransferModal
          tenantId={tenantId}
          ids={transfer}
          onClose={() => setTransfer(null)}
          onDone={async () => {
            setSelected([]);
            await list.refresh();
          }}
        />
      ) : null}
      {detailOf ? (
        <DeviceDetailModal device={detailOf} deviceId={detailOf.id} onClose={() => setDetailOf(null)} />
      ) : null}
    </section>
  );
}
