import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AERATOR_MAX_PUMPS } from '@tilth/contracts/control.types';
import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { useDeviceEvents } from '../live/useDeviceStream';
import { canAddPump, isFinal, pumpCondition } from './commandModel';
import { type AeratorItem, controlApi, controlKeys } from './control.api';
import { PumpFormModal } from './PumpFormModal';
import { useCommandWatch } from './useCommandWatch';
import './control.css';

const CONDITION_ICON = {
  disconnected: <DisconnectOutlined style={{ color: '#999' }} />,
  normal: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  abnormal: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
} as const;

/**
 * Spec 02 §2 "Aerator tab": the pumps of a regulator as cards (condition disconnected / normal /
 * abnormal, open / closed, name, port, edit, delete), the empty picture with no pumps, Add disabled at 4,
 * and an on/off switch per pump that waits for the regulator's confirmation. Shown when `tabKey` is '1'.
 */
export function AeratorPumpCards({ device, tabKey = '1' }: { device: Device; tabKey?: string }) {
  const { t } = useTranslation(['control', 'common']);
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const { modal } = App.useApp();
  const codes = deviceTypeByKey('aerator')?.permissions;
  const key = controlKeys.pumps(tenantId, device.id);
  const pumps = useQuery({
    queryKey: key,
    queryFn: () => controlApi.pumps(tenantId, device.id),
    enabled: tabKey === '1',
  });
  const [editing, setEditing] = useState<{ item: AeratorItem | null } | null>(null);
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const watch = useCommandWatch(tenantId, device.id);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  // Pump flags also follow the regulator's own readings (pumpNOn, pumpNFault) and others' commands.
  useDeviceEvents(tenantId, tabKey === '1' ? device.id : null, (e) => {
    const pumpReading = e.type === 'telemetry' && Object.keys(e.values).some((k) => /^pump\d/.test(k));
    if (pumpReading || (e.type === 'command' && isFinal(e.state))) void reload();
  });
  if (tabKey !== '1') return null;
  const items = pumps.data ?? [];

  const toggle = async (p: AeratorItem, on: boolean) => {
    try {
      const res = await controlApi.controlPump(tenantId, p.id, on);
      setPending((s) => ({ ...s, [p.id]: true }));
      watch(res.cmdId, res.state, (u) => {
        if (u.state === 'done') message.success(t('control:message.success'));
        else if (u.state === 'failed') message.error(u.message || t('control:message.failed'));
        else if (u.state === 'timeout') message.error(t('control:message.timeout'));
        else return;
        setPending(({ [p.id]: _done, ...rest }) => rest);
        void reload();
      });
    } catch {
      // Shown by the API client ('device not connected' …).
    }
  };

  const remove = (p: AeratorItem) =>
    modal.confirm({
      title: t('control:aerator.confirmDelete', { name: p.name }),
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          const res = await controlApi.removePump(tenantId, p.id);
          if (res === 1) message.success(t('control:message.deleteSuccess'));
          else message.error(t('control:message.deleteFailed'));
          await reload();
        } catch (err) {
          if (!(err instanceof ApiError) || !err.message) message.error(t('control:message.deleteFailed'));
        }
      },
    });

  const addButton = (
    <PermissionGuard codes={codes ? [codes.create] : []}>
      <Tooltip
        title={canAddPump(items.length) ? undefined : t('control:aerator.max', { max: AERATOR_MAX_PUMPS })}
      >
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!canAddPump(items.length, AERATOR_MAX_PUMPS)}
          onClick={() => setEditing({ item: null })}
          data-testid="pump-add"
        >
          {t('control:aerator.add')}
        </Button>
      </Tooltip>
    </PermissionGuard>
  );

  return (
    <div className="tl-control">
      <div className="tl-control__bar">
        <span className="tl-control__title">{t('control:aerator.title')}</span>
        {addButton}
      </div>
      {pumps.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <EmptyState variant="noData" size="small" title={t('control:log.empty')} />
      ) : (
        <div className="tl-pump-cards">
          {items.map((p) => {
            const condition = pumpCondition(p);
            const busy = pending[p.id] === true || p.pendingCmdId !== null;
            return (
              <Card
                key={p.id}
                size="small"
                data-testid={`pump-${p.node}`}
                actions={[
                  <PermissionGuard key="edit" codes={codes ? [codes.edit] : []}>
                    <Button type="link" size="small" onClick={() => setEditing({ item: p })}>
                      {t('common:action.edit')}
                    </Button>
                  </PermissionGuard>,
                  <PermissionGuard key="delete" codes={codes ? [codes.delete] : []}>
                    <Button type="link" size="small" danger onClick={() => remove(p)}>
                      {t('common:action.delete')}
                    </Button>
                  </PermissionGuard>,
                ]}
              >
                <div className="tl-pump-card__head">
                  <Space>
                    {CONDITION_ICON[condition]}
                    <span data-testid={`pump-${p.node}-condition`}>
                      {t(`control:aerator.condition.${condition}`)}
                    </span>
                  </Space>
                  <Tag color={p.statusFlag === 1 ? 'green' : 'default'}>
                    {t(`control:aerator.status.${p.statusFlag === 1 ? 1 : 0}`)}
                  </Tag>
                </div>
                <div className="tl-pump-card__meta">
                  <SettingOutlined
                    className="tl-pump-card__icon"
                    data-on={p.statusFlag === 1 ? 1 : 0}
                    spin={p.statusFlag === 1}
                  />
                  <div>{p.name}</div>
                  <div>{t('control:aerator.port', { node: p.node })}</div>
                </div>
                <PermissionGuard codes={codes ? [codes.control] : []}>
                  <Switch
                    checked={p.statusFlag === 1}
                    loading={busy}
                    disabled={busy || p.onlineFlag !== 1}
                    checkedChildren={t('control:aerator.turnOn')}
                    unCheckedChildren={t('control:aerator.turnOff')}
                    onChange={(on) => void toggle(p, on)}
                    data-testid={`pump-${p.node}-switch`}
                  />
                </PermissionGuard>
              </Card>
            );
          })}
        </div>
      )}
      <PumpFormModal
        tenantId={tenantId}
        regulatorId={device.id}
        open={editing !== null}
        item={editing?.item ?? null}
        usedNodes={items.map((p) => p.node)}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
