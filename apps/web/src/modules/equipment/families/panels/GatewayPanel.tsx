import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { familyApi, familyKeys } from '../family.api';
import { codesOfDevice, hasAction, useCommand } from './common';
import { SettingTable } from './SettingTable';

// Gateways, 4G LoRa and RTUs: refresh, LoRa node synchronisation, RTU strategies (a named switch
// action: call → the switch command). Polling / node response / node count live in the device form.

function RefreshBar({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  const lora = device.deviceType === 'lora-4g' || device.deviceType === 'lorawan-gateway';
  const nodes = useQuery({
    queryKey: familyKeys.nodes(tenantId, device.id),
    queryFn: async () => (await familyApi.loraSync(tenantId, device.id)).nodes,
    enabled: false,
  });
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
            <Button loading={nodes.isFetching} onClick={() => void nodes.refetch()}>
              {t('gateway.synchronize')}
            </Button>
          ) : null}
        </Space>
      </PermissionGuard>
      {nodes.data ? (
        <Table
          size="small"
          rowKey="id"
          style={{ marginTop: 12 }}
          dataSource={nodes.data}
          pagination={false}
          locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('empty')} /> }}
          columns={[
            { title: t('setting.name'), dataIndex: 'name' },
            { title: 'EUI', dataIndex: 'eui' },
            {
              title: t('gateway.online'),
              dataIndex: 'online',
              render: (v: number) => (
                <Tag color={v ? 'green' : 'default'}>{t(v ? 'gateway.isOnline' : 'gateway.isOffline')}</Tag>
              ),
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
  return (
    <div>
      <RefreshBar device={device} />
      {rtu ? (
        <>
          <Divider />
          <Typography.Title level={5}>{t('rtu.title')}</Typography.Title>
          <SettingTable
            device={device}
            queryKey={familyKeys.settings(tenantId, device.id, 'rtu-strategy')}
            load={() => familyApi.strategies(tenantId, device.id)}
            add={(b) => familyApi.addStrategy(tenantId, b)}
            remove={(id) => familyApi.removeStrategy(tenantId, id)}
            defaults={{ sw: 1, circuit: 0 }}
            fields={() => (
              <Space wrap>
                <Form.Item name={['data', 'switchId']} label={t('rtu.switchId')} rules={[{ required: true }]}>
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item name={['data', 'circuit']} hidden>
                  <InputNumber />
                </Form.Item>
                <Form.Item name={['data', 'sw']} label={t('rtu.sw')} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 200 }}
                    options={[1, 0, 2].map((v) => ({ value: v, label: t(`rtu.swValue.${v}`) }))}
                  />
                </Form.Item>
              </Space>
            )}
            columns={[
              { title: t('rtu.switchId'), render: (_, r) => String(r.data.switchId ?? '') },
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
