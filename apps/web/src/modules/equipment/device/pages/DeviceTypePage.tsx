import { useQuery } from '@tanstack/react-query';
import { type DeviceTypeDef, deviceTypeByRoute } from '@tilth/contracts/device-types';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { menuIcon } from '../../../../shell/menu/icons';
import { useShell } from '../../../../shell/ShellContext';
import { LiveIndicator } from '../../live/LiveIndicator';
import { useDeviceStream } from '../../live/useDeviceStream';
import { MetricValue } from '../../shared/MetricValue';
import { type Device, type DeviceCredentials, deviceApi, deviceKeys } from '../api/device.api';
import { CredentialsModal } from '../components/CredentialsModal';
import { DeviceDataDialog } from '../components/DeviceDataDialog';
import { DeviceDetailModal } from '../components/DeviceDetailModal';
import { DeviceFormModal } from '../components/DeviceFormModal';
import { OnlineStatus } from '../components/OnlineStatus';
import { keyValues, langOf, metricLabel } from '../deviceFormat';
import '../device.css';

/** The device list of the type whose page this is (spec 02 §2: one page per registry type). */
export function DeviceTypePage() {
  const { pathname } = useLocation();
  const type = deviceTypeByRoute(pathname);
  if (!type) return <EmptyState variant="notFound" />;
  return <DeviceList key={type.key} type={type} />;
}

function DeviceList({ type }: { type: DeviceTypeDef }) {
  const { t, i18n } = useTranslation(['device', 'common']);
  const { tenantId } = useShell();
  const { modal, message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const selected = useSelectedArea();
  const live = useDeviceStream(tenantId);
  const key = useMemo(() => deviceKeys.list(tenantId, type.key), [tenantId, type.key]);
  const initialFilters = useMemo(() => (selected ? { areaId: selected.areaId } : {}), [selected]);
  const list = usePagedList<Device>(key, (q) => deviceApi.page(tenantId, { ...q, deviceType: type.key }), {
    initialFilters,
  });
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const [filterForm] = Form.useForm();
  const scopedBase = (bases.data ?? []).find((a) => a.areaId === list.filters.areaId);
  const [editing, setEditing] = useState<{ device: Device | null } | null>(null);
  const [credentials, setCredentials] = useState<{ device: Device; credentials: DeviceCredentials } | null>(
    null,
  );
  const [dataOf, setDataOf] = useState<Device | null>(null);
  const [detailOf, setDetailOf] = useState<Device | null>(null);
  const lang = langOf(i18n.language);
  const typeName = type.name[lang];
  const codes = type.permissions;

  const fields: FilterField[] = [
    { name: 'name', label: t('device:field.name'), type: 'text' },
    { name: 'eui', label: t('device:field.eui'), type: 'text' },
    {
      name: 'areaId',
      label: t('device:field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'online',
      label: t('device:field.online'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`device:online.${v}`) })),
    },
  ];

  const remove = (d: Device) =>
    confirmDelete(d.name, () => deviceApi.remove(tenantId, d.id, d.deviceType), list.refresh, {
      content: t('device:message.deleteHint'),
      width: 360,
    });

  const rotate = (d: Device) =>
    modal.confirm({
      title: t('device:credentials.rotateTitle', { name: d.name }),
      content: t('device:credentials.rotateHint'),
      okText: t('device:credentials.rotate'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const next = await deviceApi.rotateCredentials(tenantId, d.id);
          message.success(t('device:credentials.rotated'));
          setCredentials({ device: d, credentials: next });
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: ColumnsType<Device> = [
    {
      title: t('device:field.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string, d) => (
        <Button type="link" size="small" className="tl-device-name" onClick={() => setDetailOf(d)}>
          {name}
        </Button>
      ),
    },
    { title: t('device:field.eui'), dataIndex: 'eui' },
    { title: t('device:field.base'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('device:field.land'), dataIndex: 'landName', render: (v: string | null) => v ?? '—' },
    { title: t('device:field.parent'), dataIndex: 'parentName', render: (v: string | null) => v ?? '—' },
    {
      title: t('device:field.online'),
      dataIndex: 'online',
      render: (_, d) => <OnlineStatus online={d.online} lastSeenAt={d.lastSeenAt} />,
    },
    {
      title: t('device:field.latest'),
      key: 'latest',
      render: (_, d) => {
        const values = keyValues(type, d.latest);
        if (values.length === 0) return '—';
        return (
          <Space size={4} wrap>
            {values.map(({ metric, value }) => (
              <Tooltip key={metric.key} title={metricLabel(metric, lang)}>
                {/* A span so the tooltip has a DOM node to anchor on. */}
                <span>
                  <MetricValue metric={metric} value={value} tag />
                </span>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, d) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setDataOf(d)}>
              {t('device:action.data')}
            </Button>
          }
          onEdit={() => setEditing({ device: d })}
          editCode={codes.edit}
          editExtra={
            <Button type="link" size="small" onClick={() => rotate(d)}>
              {t('device:credentials.rotate')}
            </Button>
          }
          onDelete={() => remove(d)}
          deleteCode={codes.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card tl-device-page">
      <div className="tl-device-page__head">
        <Space>
          <span className="tl-device-page__icon">{menuIcon(type.icon)}</span>
          <strong>{typeName}</strong>
        </Space>
        <LiveIndicator state={live} />
      </div>
      <FilterBar
        fields={fields}
        form={filterForm}
        initialValues={initialFilters}
        onSearch={list.search}
        onAdd={() => setEditing({ device: null })}
        addText={t('device:action.add', { type: typeName })}
        addCode={codes.create}
      />
      <PagedTable<Device>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1280 }}
        empty={{
          title: t('device:empty'),
          onAdd: () => setEditing({ device: null }),
          addText: t('device:action.add', { type: typeName }),
          addCode: codes.create,
          ignoreFilters: ['areaId'],
          // The header's base may hold none of this type while another does (the demo's aerators).
          scope: {
            filter: 'areaId',
            title: t('device:emptyAtBase', {
              base: scopedBase?.areaName ?? selected?.areaName ?? '',
              type: typeName,
            }),
            widenText: t('device:allBases'),
            onWiden: () => filterForm.setFieldValue('areaId', undefined),
          },
        }}
      />
      {editing ? (
        <DeviceFormModal
          type={type}
          device={editing.device}
          defaultAreaId={selected?.areaId}
          onClose={() => setEditing(null)}
          onCreated={(created) => setCredentials(created)}
        />
      ) : null}
      {credentials ? (
        <CredentialsModal
          type={type}
          deviceName={credentials.device.name}
          credentials={credentials.credentials}
          onClose={() => setCredentials(null)}
        />
      ) : null}
      {dataOf ? <DeviceDataDialog device={dataOf} onClose={() => setDataOf(null)} /> : null}
      {detailOf ? (
        <DeviceDetailModal
          device={detailOf}
          deviceId={detailOf.id}
          onClose={() => setDetailOf(null)}
          onOpenData={() => {
            setDataOf(detailOf);
            setDetailOf(null);
          }}
        />
      ) : null}
    </section>
  );
}
