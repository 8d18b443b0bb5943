import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceTypeByLegacyKey } from '@tilth/contracts/device-types';
import { type HotspotDevice, VR_DEVICE_TYPES } from '@tilth/contracts/vr.types';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraApi } from '../../equipment/camera/camera.api';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';

export const DEVICE_PAGE_SIZE = 10;

type DeviceType = (typeof VR_DEVICE_TYPES)[number];

interface Row {
  key: string;
  device: HotspotDevice;
}

/**
 * The device picker of a device hotspot (spec 03 §2): cameras listed by base, other devices by type and base;
 * search by name on Enter, 10 per page, one chosen by radio.
 */
export function DevicePicker(props: {
  tenantId: number;
  value: HotspotDevice | null;
  onChoose: (d: HotspotDevice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('vrEditor');
  const t0 = props.tenantId;
  const [deviceType, setDeviceType] = useState<DeviceType>(props.value?.deviceType ?? 'camera');
  const [areaId, setAreaId] = useState<number | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<Row | null>(null);
  const bases = useQuery({ queryKey: deviceKeys.bases(t0), queryFn: () => deviceApi.bases(t0) });
  const query = { page, size: DEVICE_PAGE_SIZE, ...(name ? { name } : {}), ...(areaId ? { areaId } : {}) };

  const list = useQuery({
    queryKey: ['vr', t0, 'device-picker', deviceType, query],
    queryFn: async (): Promise<{ rows: Row[]; total: number }> => {
      if (deviceType === 'camera') {
        const p = await cameraApi.tenantPage(t0, query);
        return {
          total: p.totalElements,
          rows: p.content.map((c) => ({
            key: `camera-${c.id}`,
            device: { deviceType: 'camera', id: c.id, name: c.name, deviceSerial: c.deviceSerial },
          })),
        };
      }
      // Hotspots keep the legacy type name (aerator_ii…); the registry lists by its own key (aerator).
      const typeKey = deviceTypeByLegacyKey(deviceType)?.key ?? deviceType;
      const p = await deviceApi.page(t0, { ...query, deviceType: typeKey });
      return {
        total: p.totalElements,
        rows: p.content.map((d) => ({
          key: `${deviceType}-${d.id}`,
          device: { deviceType, concentratorId: d.id, name: d.name, eui: d.eui },
        })),
      };
    },
    placeholderData: keepPreviousData,
  });

  const selectedKey =
    chosen?.key ??
    (props.value ? `${props.value.deviceType}-${props.value.id ?? props.value.concentratorId}` : undefined);

  return (
    <Modal
      open
      title={t('device.title')}
      width={700}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !chosen }}
      onOk={() => chosen && props.onChoose(chosen.device)}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div className="tl-vr-picker__filters">
        <Select<DeviceType>
          value={deviceType}
          style={{ width: 180 }}
          aria-label={t('device.typeLabel')}
          options={VR_DEVICE_TYPES.map((v) => ({ value: v, label: t(`device.type.${v}`) }))}
          onChange={(v) => {
            setDeviceType(v);
            setPage(0);
            setChosen(null);
          }}
        />
        <Select<number>
          allowClear
          value={areaId}
          style={{ width: 180 }}
          placeholder={t('device.base')}
          aria-label={t('device.base')}
          options={(bases.data ?? []).map((b) => ({ value: b.areaId, label: b.areaName }))}
          onChange={(v) => {
            setAreaId(v);
            setPage(0);
          }}
        />
        <Input.Search
          value={typed}
          placeholder={t('device.search')}
          allowClear
          style={{ width: 220 }}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => {
            setName(v.trim());
            setPage(0);
          }}
        />
      </div>
      <Table<Row>
        size="small"
        rowKey="key"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selectedKey ? [selectedKey] : [],
          onChange: (_keys, rows) => setChosen(rows[0] ?? null),
        }}
        onRow={(row) => ({ onClick: () => setChosen(row) })}
        columns={[
          { title: t('device.name'), dataIndex: ['device', 'name'] },
          {
            title: t('device.serial'),
            render: (_v, row) => row.device.deviceSerial ?? row.device.eui ?? '',
          },
        ]}
        pagination={{
          current: page + 1,
          pageSize: DEVICE_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (p) => setPage(p - 1),
        }}
      />
    </Modal>
  );
}
