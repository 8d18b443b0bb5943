import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SWITCH_PAGE_SIZE } from '@tilth/contracts/control.types';
import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { DataTable } from '../../../shared/DataTable';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { useDeviceEvents } from '../live/useDeviceStream';
import { isFinal, switchButtons } from './commandModel';
import { controlApi, controlKeys, type SwitchItem } from './control.api';
import { SwitchFormModal } from './SwitchFormModal';
import { useCommandWatch } from './useCommandWatch';
import './control.css';

export { CommandPanel } from './CommandPanel';

/**
 * Spec 02 §2 data dialog "Control equipment" tab, §4: the gateway's switches paged by 20 (no size
 * changer); per switch type its buttons with the active one matching the status; a spinner on a switch
 * while its command is pending; 'operation success' then a reload, or the failure text.
 */
export function DeviceControlTab({ device }: { device: Device }) {
  const { t } = useTranslation(['control', 'common']);
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const type = deviceTypeByKey(device.deviceType);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ item: SwitchItem | null } | null>(null);
  /** switchId → cmdId of the command this screen is waiting for. */
  const [pending, setPending] = useState<Record<number, string>>({});
  const key = controlKeys.switches(tenantId, device.id);
  const list = useQuery({
    queryKey: [...key, page],
    queryFn: () => controlApi.switches(tenantId, device.id, { page, size: SWITCH_PAGE_SIZE }),
  });
  const watch = useCommandWatch(tenantId, device.id);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  // Commands of other users and strategies: the list follows when they finish.
  useDeviceEvents(tenantId, device.id, (e) => {
    if (e.type === 'command' && isFinal(e.state)) void reload();
  });

  const control = async (item: SwitchItem, sw: number) => {
    try {
      const res = await controlApi.controlSwitch(tenantId, {
        switchId: item.switchId,
        sw,
        eui: item.eui,
        circuit: item.circuit,
      });
      setPending((p) => ({ ...p, [item.switchId]: res.cmdId }));
      watch(res.cmdId, res.state, (u) => {
        if (u.state === 'done') message.success(t('control:message.success'));
        else if (u.state === 'failed') message.error(u.message || t('control:message.failed'));
        else if (u.state === 'timeout') message.error(t('control:message.timeout'));
        else return;
        setPending(({ [item.switchId]: _done, ...rest }) => rest);
        void reload();
      });
    } catch {
      // 'device not connected' and the like were shown by the API client.
    }
  };

  const busy = (item: SwitchItem) => pending[item.switchId] !== undefined || item.pendingCmdId !== null;
  const columns: ColumnsType<SwitchItem> = [
    { title: t('control:switch.name'), dataIndex: 'name' },
    { title: t('control:switch.circuit'), dataIndex: 'circuit', width: 80 },
    {
      title: t('control:switch.type'),
      dataIndex: 'switchTypeName',
      render: (v: string) => t(`control:switch.types.${v}`),
    },
    {
      title: t('control:switch.status'),
      dataIndex: 'status',
      render: (v: number, item) =>
        busy(item) ? (
          <span className="tl-control__pending" data-testid={`switch-pending-${item.switchId}`}>
            <LoadingOutlined /> {t('control:switch.pending')}
          </span>
        ) : (
          <Tag color={v === 0 ? 'default' : 'green'} data-testid={`switch-status-${item.switchId}`}>
            {t(`control:switch.state.${item.switchTypeName}.${v}`, { defaultValue: String(v) })}
          </Tag>
        ),
    },
    {
      title: t('control:switch.control'),
      key: 'control',
      render: (_, item) => (
        <PermissionGuard codes={type ? [type.permissions.control] : []}>
          <Space size={4}>
            {switchButtons(item.switchTypeName).map((b) => (
              <Button
                key={b.sw}
                size="small"
                type={item.status === b.sw ? 'primary' : 'default'}
                disabled={busy(item) || item.online !== 1}
                onClick={() => void control(item, b.sw)}
                data-testid={`switch-${item.switchId}-sw-${b.sw}`}
              >
                {t(b.label)}
              </Button>
            ))}
          </Space>
        </PermissionGuard>
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, item) => (
        <RowActions
          onEdit={() => setEditing({ item })}
          editCode={type?.permissions.edit}
          onDelete={() =>
            confirmDelete(item.name, () => controlApi.removeSwitch(tenantId, item.switchId), reload)
          }
          deleteCode={type?.permissions.delete}
        />
      ),
    },
  ];

  const data = list.data;
  return (
    <div className="tl-control">
      {device.online !== 1 ? <Alert type="warning" showIcon message={t('control:switch.offline')} /> : null}
      <div className="tl-control__bar">
        <span className="tl-control__title">{t('control:switch.title')}</span>
        <PermissionGuard codes={type ? [type.permissions.create] : []}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })}>
            {t('control:switch.add')}
          </Button>
        </PermissionGuard>
      </div>
      <DataTable<SwitchItem>
        rowKey="switchId"
        columns={columns}
        dataSource={data?.content ?? []}
        loading={list.isFetching}
        scroll={{ x: 760 }}
        locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('control:log.empty')} /> }}
      />
      {data && data.totalElements > 0 ? (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          current={page + 1}
          pageSize={SWITCH_PAGE_SIZE}
          total={data.totalElements}
          showSizeChanger={false}
          onChange={(current) => setPage(current - 1)}
        />
      ) : null}
      <SwitchFormModal
        tenantId={tenantId}
        gatewayId={device.id}
        open={editing !== null}
        item={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
