import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { controlApi, controlKeys } from '../../control/control.api';
import { deviceApi } from '../../device/api/device.api';
import { OnlineStatus } from '../../device/components/OnlineStatus';
import { langOf } from '../../device/deviceFormat';
import { familyApi, familyKeys } from '../family.api';
import { codesOfDevice, hasAction, useCommand } from './common';
import { SettingTable } from './SettingTable';

// Gateways, 4G LoRa and RTUs: refresh, LoRa node synchronisation, RTU strategies (a named switch
// action: call → the switch command). Polling / node response / node count live in the device form.

type NodeRow = Pick<Device, 'id' | 'name' | 'eui' | 'deviceType' | 'online' | 'lastSeenAt'>;

function RefreshBar({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('family');
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const { busy, run } = useCommand(device);
  const lora = device.deviceType === 'lora-4g' || device.deviceType === 'lorawan-gateway';
  const nodesKey = familyKeys.nodes(tenantId, device.id);
  // The nodes registered under the gateway show as soon as the tab opens; synchronising asks the gateway
  // to refresh (a command) and answers the list again.
  const nodes = useQuery({
    queryKey: nodesKey,
    queryFn: async (): Promise<NodeRow[]> =>
      (await deviceApi.page(tenantId, { parentId: device.id, page: 0, size: 0 })).content,
    enabled: lora,
  });
  const [syncing, setSyncing] = useState(false);
  const synchronize = async () => {
    setSyncing(true);
    try {
      const r = await familyApi.loraSync(tenantId, device.id);
      qc.setQueryData<NodeRow[]>(nodesKey, (old) =>
        r.nodes.map((n) => ({ ...n, lastSeenAt: old?.find((o) => o.id === n.id)?.lastSeenAt ?? null })),
      );
      message.success(t('gateway.synchronized', { count: r.nodes.length }));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSyncing(false);
    }
  };
  return (
    <>
      <PermissionGuard codes={[codesOfDevice(device).control]}>
        <Space wrap>
          {hasAction(device, 'refresh') ? (
            <Button
              loading={busy === 'refresh'}
              onClick={() => void run('refresh', () => familyApi.refresh(tenantId, device.id))}
            >
              {t('gateway.refresh')}
            </Button>
          ) : null}
          {lora ? (
            <Button loading={syncing} onClick={() => void synchronize()}>
              {t('gateway.synchronize')}
            </Button>
          ) : null}
        </Space>
      </PermissionGuard>
      {lora ? (
        <Table<NodeRow>
          size="small"
          rowKey="id"
          style={{ marginTop: 12 }}
          loading={nodes.isFetching}
          dataSource={nodes.data ?? []}
          pagination={false}
          locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('empty')} /> }}
          columns={[
            { title: t('setting.name'), dataIndex: 'name' },
            { title: t('gateway.eui'), dataIndex: 'eui' },
            {
              title: t('gateway.type'),
              dataIndex: 'deviceType',
              render: (v: string) => deviceTypeByKey(v)?.name[langOf(i18n.language)] ?? v,
            },
            {
              title: t('gateway.online'),
              dataIndex: 'online',
              render: (v: number, r) => <OnlineStatus online={v} lastSeenAt={r.lastSeenAt} />,
            },
          ]}
        />
      ) : null}
    </>
  );
}

export default function GatewayPanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const rtu = device.deviceType !== 'lorawan-gateway';
  // Strategies name a switch of this gateway: pick it by name, not by its id.
  const switches = useQuery({
    queryKey: [...controlKeys.switches(tenantId, device.id), 'all'],
    queryFn: async () => (await controlApi.switches(tenantId, device.id, { page: 0, size: 0 })).content,
    enabled: rtu,
  });
  return (
    <div>
      <RefreshBar device={device} />
      {rtu ? (
        <>
          <Divider />
          <Typography.Title level={5}>{t('rtu.title')}</Typography.Title>
          <SettingTable
            noun={t('rtu.title')}
            device={device}
            queryKey={familyKeys.settings(tenantId, device.id, 'rtu-strategy')}
            load={() => familyApi.strategies(tenantId, device.id)}
            add={(b) => familyApi.addStrategy(tenantId, b)}
            remove={(id) => familyApi.removeStrategy(tenantId, id)}
            defaults={{ sw: 1, circuit: 0 }}
            fields={(form) => (
              <Space wrap>
                <Form.Item
                  name={['data', 'switchId']}
                  label={t('rtu.switch')}
                  rules={[requiredRule(t, t('rtu.switch'), 'select')]}
                >
                  <Select
                    style={{ width: 240 }}
                    loading={switches.isLoading}
                    options={(switches.data ?? []).map((w) => ({ value: w.switchId, label: w.name }))}
                    // The strategy drives the channel of the chosen switch.
                    onChange={(id: number) =>
                      form.setFieldValue(
                        ['data', 'circuit'],
                        switches.data?.find((w) => w.switchId === id)?.circuit ?? 0,
                      )
                    }
                  />
                </Form.Item>
                <Form.Item name={['data', 'circuit']} hidden>
                  <InputNumber />
                </Form.Item>
                <Form.Item
                  name={['data', 'sw']}
                  label={t('rtu.sw')}
                  rules={[requiredRule(t, t('rtu.sw'), 'select')]}
                >
                  <Select
                    style={{ width: 200 }}
                    options={[1, 0, 2].map((v) => ({ value: v, label: t(`rtu.swValue.${v}`) }))}
                  />
                </Form.Item>
              </Space>
            )}
            columns={[
              {
                title: t('rtu.switch'),
                render: (_, r) => {
                  const id = Number(r.data.switchId);
                  return switches.data?.find((w) => w.switchId === id)?.name ?? `#${id}`;
                },
              },
              { title: t('rtu.sw'), render: (_, r) => t(`rtu.swValue.${String(r.data.sw)}`) },
            ]}
            actions={(r) => (
              <Button
                size="small"
                loading={busy === `call-${r.id}`}
                onClick={() => void run(`call-${r.id}`, () => familyApi.callStrategy(tenantId, r.id))}
              >
                {t('rtu.call')}
              </Button>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
