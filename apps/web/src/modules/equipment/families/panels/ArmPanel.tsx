import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import { ARM_LIMITS as A } from '@tilth/contracts/device-family.types';
import { metricOf } from '@tilth/contracts/device-types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { liveStateApi, liveStateKeys, newerLatest } from '../../device/api/liveState.api';
import { LiveStateBar } from '../../device/components/LiveStateBar';
import { formatValue } from '../../device/deviceFormat';
import { MetricValue } from '../../shared/MetricValue';
import { familyApi, familyKeys } from '../family.api';
import { ArmControls } from './ArmControls';
import { codesOfDevice, useCommand } from './common';
import { SettingTable } from './SettingTable';

// Robotic arm (spec 02 §7 /device/mar): status and configuration read from the arm (call-status,
// call-config; stale when it does not answer), stop and capture, presets (R / Y / Z) and cruises (steps
// with speed and stay), called as commands.

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

function Axes({ prefix, yMax, zMax }: { prefix: (string | number)[]; yMax: number; zMax: number }) {
  const { t } = useTranslation('family');
  return (
    <>
      <Form.Item name={[...prefix, 'r']} label={t('arm.r')} rules={[{ required: true }]}>
        <InputNumber min={A.r.min} max={A.r.max} suffix="°" />
      </Form.Item>
      <Form.Item name={[...prefix, 'y']} label={t('arm.y')} rules={[{ required: true }]}>
        <InputNumber min={0} max={yMax} precision={0} suffix="mm" />
      </Form.Item>
      <Form.Item name={[...prefix, 'z']} label={t('arm.z')} rules={[{ required: true }]}>
        <InputNumber min={0} max={zMax} precision={0} suffix="mm" />
      </Form.Item>
    </>
  );
}

export default function ArmPanel({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('family');
  const { tenantId } = useShell();
  const { busy, run } = useCommand(device);
  // Round trips of up to 5 s each: asked once when the panel opens, again on demand.
  const ask = { retry: false, staleTime: 60_000, refetchOnWindowFocus: false } as const;
  const status = useQuery({
    queryKey: liveStateKeys.armStatus(tenantId, device.id),
    queryFn: () => liveStateApi.armStatus(tenantId, device.id),
    ...ask,
  });
  const config = useQuery({
    queryKey: liveStateKeys.armConfig(tenantId, device.id),
    queryFn: () => liveStateApi.armConfig(tenantId, device.id),
    ...ask,
  });
  const travel = { ...device.config, ...(config.data?.config ?? {}) };
  const yMax = num(travel.yTravelMm, A.y.max);
  const zMax = num(travel.zTravelMm, A.z.max);
  const crud = (kind: 'preset' | 'cruise') => ({
    device,
    queryKey: familyKeys.settings(tenantId, device.id, kind),
    load: () => familyApi.armList(tenantId, device.id, kind),
    add: (b: { deviceId: number; name: string; data: object }) => familyApi.armAdd(tenantId, kind, b),
    remove: (id: number) => familyApi.armRemove(tenantId, kind, id),
  });
  const v = newerLatest(device, status.data);
  return (
    <div>
      <LiveStateBar
        state={status.data}
        busy={status.isFetching}
        onRefresh={() => {
          void status.refetch();
          void config.refetch();
        }}
      />
      <Descriptions size="small" column={5}>
        <Descriptions.Item label={t('arm.r')}>
          {formatValue(v.axisR, '°', i18n.language, 1)}
        </Descriptions.Item>
        <Descriptions.Item label={t('arm.y')}>
          {formatValue(v.axisY, 'mm', i18n.language, 0)}
        </Descriptions.Item>
        <Descriptions.Item label={t('arm.z')}>
          {formatValue(v.axisZ, 'mm', i18n.language, 0)}
        </Descriptions.Item>
        <Descriptions.Item label={t('arm.running')}>
          <MetricValue metric={metricOf(device.deviceType, 'running')} value={v.running} />
        </Descriptions.Item>
        <Descriptions.Item label={t('arm.fault')}>
          <MetricValue metric={metricOf(device.deviceType, 'fault')} value={v.fault} />
        </Descriptions.Item>
      </Descriptions>
      <PermissionGuard codes={[codesOfDevice(device).control]}>
        <Space>
          <Button
            danger
            loading={busy === 'stop'}
            onClick={() => void run('stop', () => familyApi.armFunction(tenantId, device.id, 'stop'))}
          >
            {t('control.stop')}
          </Button>
          <Button
            loading={busy === 'capture'}
            onClick={() => void run('capture', () => familyApi.armFunction(tenantId, device.id, 'capture'))}
          >
            {t('arm.capture')}
          </Button>
        </Space>
      </PermissionGuard>
      {/* Its own block: antd Space is inline and would run on from the stop / capture buttons. */}
      <div>
        <ArmControls device={device} />
      </div>
      <Divider />
      <Typography.Title level={5}>{t('arm.presets')}</Typography.Title>
      <SettingTable
        noun={t('arm.presets')}
        {...crud('preset')}
        defaults={{ number: 1, r: 0, y: 0, z: 0 }}
        fields={() => (
          <Space wrap>
            <Form.Item name={['data', 'number']} label={t('arm.number')} rules={[{ required: true }]}>
              <InputNumber min={1} max={255} precision={0} />
            </Form.Item>
            <Axes prefix={['data']} yMax={yMax} zMax={zMax} />
          </Space>
        )}
        columns={[
          { title: t('arm.number'), render: (_, r) => String(r.data.number ?? '') },
          {
            title: 'R / Y / Z',
            render: (_, r) => `${String(r.data.r)}° / ${String(r.data.y)} / ${String(r.data.z)}`,
          },
        ]}
        actions={(r) => (
          <Button
            size="small"
            loading={busy === `p${r.id}`}
            onClick={() => void run(`p${r.id}`, () => familyApi.armCallPreset(tenantId, r.id))}
          >
            {t('arm.call')}
          </Button>
        )}
      />
      <Divider />
      <Typography.Title level={5}>{t('arm.cruises')}</Typography.Title>
      <SettingTable
        noun={t('arm.cruises')}
        {...crud('cruise')}
        defaults={{ number: 1, loop: false, steps: [{ r: 0, y: 0, z: 0, speed: 50, stayS: 10 }] }}
        fields={() => (
          <>
            <Space wrap>
              <Form.Item name={['data', 'number']} label={t('arm.number')} rules={[{ required: true }]}>
                <InputNumber min={1} max={255} precision={0} />
              </Form.Item>
              <Form.Item name={['data', 'loop']} label={t('arm.loop')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.List name={['data', 'steps']}>
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} wrap align="baseline">
                      <Axes prefix={[f.name]} yMax={yMax} zMax={zMax} />
                      <Form.Item name={[f.name, 'speed']} label={t('arm.speed')} rules={[{ required: true }]}>
                        <InputNumber min={A.speed.min} max={A.speed.max} precision={0} suffix="%" />
                      </Form.Item>
                      <Form.Item name={[f.name, 'stayS']} label={t('arm.stay')} rules={[{ required: true }]}>
                        <InputNumber min={A.stayS.min} max={A.stayS.max} precision={0} suffix="s" />
                      </Form.Item>
                      <Button type="link" danger disabled={fields.length <= 1} onClick={() => remove(f.name)}>
                        {t('action.delete')}
                      </Button>
                    </Space>
                  ))}
                  <Button
                    disabled={fields.length >= A.steps}
                    onClick={() => add({ r: 0, y: 0, z: 0, speed: 50, stayS: 10 })}
                  >
                    {t('arm.addStep')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        )}
        columns={[
          { title: t('arm.number'), render: (_, r) => String(r.data.number ?? '') },
          {
            title: t('arm.steps'),
            render: (_, r) => String(Array.isArray(r.data.steps) ? r.data.steps.length : 0),
          },
        ]}
        actions={(r) => (
          <>
            <Button
              size="small"
              loading={busy === `c${r.id}`}
              onClick={() => void run(`c${r.id}`, () => familyApi.armCruise(tenantId, r.id, true))}
            >
              {t('arm.startCruise')}
            </Button>
            <Button
              size="small"
              loading={busy === `s${r.id}`}
              onClick={() => void run(`s${r.id}`, () => familyApi.armCruise(tenantId, r.id, false))}
            >
              {t('arm.stopCruise')}
            </Button>
          </>
        )}
      />
    </div>
  );
}
