import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField, type FilterValues } from '../../../shared/FilterBar/FilterBar';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { type Camera, cameraApi, cameraKeys } from '../../equipment/camera/camera.api';
import { CAMERA_ENTER_KEYS, CAMERA_TYPE_KEYS } from '../../equipment/camera/cameraFormat';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import { pageAfterDelete } from '../device/managerPaging';
import { TransferModal } from '../device/TransferModal';
import { CameraBindingModal } from './CameraBindingModal';
import { CameraFormModal } from './CameraFormModal';
import { CameraPlatformDrawer } from './CameraPlatformDrawer';
import { CameraShareModal } from './CameraShareModal';
import { CameraTimingModal } from './CameraTimingModal';
import { cameraAdminApi } from './cameraAdmin.api';

const CM = 'wfpf.company.system.farm-maintenance.camera-management.ps';
export const CAMERA_MANAGER_CODES = {
  del: `${CM}.del`,
  bulkDel: `${CM}.bulkDel`,
  transfer: `${CM}.transfer`,
  bulkTransfer: `${CM}.bulkTransfer`,
  create: 'wfpf.farm.equipment.camera.ps.create',
  edit: 'wfpf.farm.equipment.camera.ps.edit',
} as const;

/** The filter bar starts at 'All' of the type (2) and access method (0), which filter nothing. */
const INITIAL_FILTERS = { cameraType: 2, cameraEnter: 0 };
/** 'All' is not sent, so an unfiltered empty list says 'no data', not 'no search result'. */
export const withoutAll = (v: FilterValues): FilterValues => ({
  ...v,
  cameraType: v.cameraType === 2 ? undefined : v.cameraType,
  cameraEnter: v.cameraEnter === 0 ? undefined : v.cameraEnter,
});

/** Spec 02 §2 camera manager (/system/cameraManager): filters, list, delete and transfer, one or many. */
export function CameraManagerPage() {
  const { t } = useTranslation(['camera', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const key = useMemo(() => cameraKeys.manager(tenantId), [tenantId]);
  const list = usePagedList<Camera>(key, (q) => cameraApi.managerPage(tenantId, q));
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const [selected, setSelected] = useState<number[]>([]);
  const [transfer, setTransfer] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<Camera | 'new' | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'share' | 'bind' | 'timing'; camera: Camera } | null>(null);
  const [platforms, setPlatforms] = useState(false);
  const C = CAMERA_MANAGER_CODES;
  const can = {
    del: usePermissions([C.del]).allowed,
    bulkDel: usePermissions([C.bulkDel]).allowed,
    transfer: usePermissions([C.transfer]).allowed,
    bulkTransfer: usePermissions([C.bulkTransfer]).allowed,
    edit: usePermissions([C.edit]).allowed,
  };
  const selecting = can.bulkDel || can.bulkTransfer;

  const fields: FilterField[] = [
    { name: 'name', label: t('camera:field.name'), type: 'text' },
    { name: 'deviceSerial', label: t('camera:field.serial'), type: 'text' },
    {
      name: 'cameraType',
      label: t('camera:field.type'),
      type: 'select',
      options: [2, 0, 1].map((v) => ({
        value: v,
        label: v === 2 ? t('camera:all') : t(`camera:${CAMERA_TYPE_KEYS[v]}`),
      })),
    },
    {
      name: 'cameraEnter',
      label: t('camera:field.enter'),
      type: 'select',
      options: [0, 1, 2, 3, 4, 5].map((v) => ({
        value: v,
        label: v === 0 ? t('camera:all') : t(`camera:${CAMERA_ENTER_KEYS[v]}`),
      })),
    },
    {
      name: 'areaId',
      label: t('camera:field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
  ];

  const remove = (ids: number[]) =>
    modal.confirm({
      title: t('camera:manager.deleteTitle', { count: ids.length }),
      content: t('camera:manager.deleteHint'),
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          const done = await cameraApi.batchDelete(tenantId, ids);
          if (done !== 1) throw new Error('not deleted');
          void message.success(t('camera:manager.deleted'));
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          const shownRemoved = list.rows.filter((r) => ids.includes(r.id)).length;
          const next = pageAfterDelete(list.page, list.rows.length, shownRemoved);
          if (next !== list.page) list.setPage(next);
          await list.refresh();
        } catch {
          void message.error(t('camera:manager.deleteFailed'));
        }
      },
    });

  // Disable / enable (spec 02 §6: a camera disabled by its owner cannot be used), after a confirmation.
  const setStatus = (c: Camera) => {
    const enable = c.status === 0;
    modal.confirm({
      title: t(enable ? 'camera:status.enableTitle' : 'camera:status.disableTitle', { name: c.name }),
      content: t(enable ? 'camera:status.enableHint' : 'camera:status.disableHint'),
      okButtonProps: { danger: !enable },
      okText: t(enable ? 'camera:status.enable' : 'camera:status.disable'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await cameraAdminApi.setStatus(tenantId, c, enable ? 1 : 0);
          void message.success(t(enable ? 'camera:status.enabled' : 'camera:status.disabled'));
          await list.refresh();
        } catch {
          // The client has shown the server's message.
        }
      },
    });
  };

  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const columns: ColumnsType<Camera> = [
    {
      title: t('camera:manager.seq'),
      key: 'seq',
      width: 72,
      render: (_, _c, i) => list.page * list.size + i + 1,
    },
    {
      title: t('camera:field.name'),
      dataIndex: 'name',
      render: (v: string, c) => (
        <>
          {v}
          {c.status === 0 ? (
            <Tag color="warning" style={{ marginLeft: 6 }}>
              {t('camera:disabledTag')}
            </Tag>
          ) : null}
          {c.isShare === 1 ? (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              {t('camera:share.sharedOut')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('camera:field.serial'), dataIndex: 'deviceSerial' },
    {
      title: t('camera:field.type'),
      dataIndex: 'cameraType',
      render: (v: number) => (CAMERA_TYPE_KEYS[v] ? t(`camera:${CAMERA_TYPE_KEYS[v]}`) : v),
    },
    {
      title: t('camera:field.enter'),
      dataIndex: 'cameraEnter',
      render: (v: number, c) =>
        CAMERA_ENTER_KEYS[v]
          ? `${t(`camera:${CAMERA_ENTER_KEYS[v]}`)}${v === 5 ? ` (${t(`camera:provider.${c.provider}`)})` : ''}`
          : v,
    },
    { title: t('camera:field.channel'), dataIndex: 'channelNo', width: 96 },
    {
      title: t('camera:field.online'),
      dataIndex: 'online',
      width: 96,
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('camera:online')}</Tag> : <Tag>{t('camera:offline')}</Tag>,
    },
    { title: t('camera:field.base'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 260,
      render: (_, c) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {can.edit ? (
            <Button type="link" size="small" onClick={() => setEditing(c)}>
              {t('common:action.edit')}
            </Button>
          ) : null}
          {can.transfer ? (
            <Button type="link" size="small" onClick={() => setTransfer([c.id])}>
              {t('camera:manager.transfer')}
            </Button>
          ) : null}
          {can.del ? (
            <Button type="link" size="small" danger onClick={() => remove([c.id])}>
              {t('common:action.delete')}
            </Button>
          ) : null}
          {can.edit ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'share', label: t('camera:share.action') },
                  { key: 'timing', label: t('camera:timing.action') },
                  { key: 'bind', label: t('camera:bind.action') },
                  {
                    key: 'status',
                    danger: c.status !== 0,
                    label: t(c.status === 0 ? 'camera:status.enable' : 'camera:status.disable'),
                  },
                ],
                onClick: ({ key }) =>
                  key === 'status'
                    ? setStatus(c)
                    : setDialog({ kind: key as 'share' | 'bind' | 'timing', camera: c }),
              }}
            >
              <Button type="link" size="small">
                {t('camera:manager.more')}
              </Button>
            </Dropdown>
          ) : null}
        </Space>
      ),
    },
  ];
  const hasActions = can.edit || can.transfer || can.del;

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        initialValues={INITIAL_FILTERS}
        onSearch={(v) => list.search(withoutAll(v))}
        onAdd={() => setEditing('new')}
        addText={t('camera:form.addTitle')}
        addCode={C.create}
      />
      {can.edit ? (
        <Button style={{ marginBottom: 12, marginRight: 8 }} onClick={() => setPlatforms(true)}>
          {t('camera:platform.button')}
        </Button>
      ) : null}
      {platforms ? <CameraPlatformDrawer tenantId={tenantId} onClose={() => setPlatforms(false)} /> : null}
      {selecting ? (
        <Space style={{ marginBottom: 12 }}>
          {can.bulkTransfer ? (
            <Button disabled={selected.length === 0} onClick={() => setTransfer(selected)}>
              {t('camera:manager.bulkTransfer', { count: selected.length })}
            </Button>
          ) : null}
          {can.bulkDel ? (
            <Button danger disabled={selected.length === 0} onClick={() => remove(selected)}>
              {t('camera:manager.bulkDelete', { count: selected.length })}
            </Button>
          ) : null}
        </Space>
      ) : null}
      <PagedTable<Camera>
        list={list}
        rowKey="id"
        columns={hasActions ? columns : columns.filter((c) => c.key !== 'actions')}
        scroll={{ x: 1100 }}
        rowSelection={
          selecting
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        onRow={selecting ? (c) => ({ onClick: () => toggle(c.id) }) : undefined}
        empty={{ title: t('camera:manager.empty') }}
      />
      {transfer ? (
        <TransferModal
          tenantId={tenantId}
          ids={transfer}
          ns="camera"
          transfer={async (target) => {
            // The v2 transfer answers 1 when every camera moved.
            if ((await cameraApi.transfer(tenantId, target)) !== 1) throw new Error('not transferred');
          }}
          onClose={() => setTransfer(null)}
          onDone={async () => {
            setSelected([]);
            await list.refresh();
          }}
        />
      ) : null}
      {editing ? (
        <CameraFormModal
          tenantId={tenantId}
          camera={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {dialog?.kind === 'share' ? (
        <CameraShareModal tenantId={tenantId} camera={dialog.camera} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'bind' ? (
        <CameraBindingModal tenantId={tenantId} camera={dialog.camera} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'timing' ? (
        <CameraTimingModal tenantId={tenantId} camera={dialog.camera} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
