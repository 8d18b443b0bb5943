import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Button from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import type { DeviceSetting } from '../family.api';
import { codesOfDevice } from './common';

// A device's named settings (programs, methods, controller models, RTU strategies, presets, cruises):
// a table, an add / edit modal with the kind's fields under name ['data', …], delete, and row actions.

export interface SettingTableProps {
  device: Device;
  queryKey: readonly unknown[];
  load: () => Promise<DeviceSetting[]>;
  add: (body: { deviceId: number; name: string; data: object }) => Promise<unknown>;
  edit?: (body: { id: number; objectVersionNumber: number; name: string; data: object }) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  columns: ColumnsType<DeviceSetting>;
  /** The kind's fields; Form.Items named ['data', …]. */
  fields: (form: FormInstance) => ReactNode;
  /** Turns form values into the data the server expects (e.g. times to text). */
  toData?: (data: Record<string, unknown>) => object;
  fromData?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Extra row actions (run, call) for users with the control code. */
  actions?: (row: DeviceSetting) => ReactNode;
  defaults?: Record<string, unknown>;
  /** What the table holds (e.g. "RTU 策略"), named in the add / edit modal's title. */
  noun?: string;
}

export function SettingTable(p: SettingTableProps) {
  const { t } = useTranslation('family');
  const qc = useQueryClient();
  const message = useMessage();
  const codes = codesOfDevice(p.device);
  const [form] = Form.useForm<{ name: string; data: Record<string, unknown> }>();
  const [editing, setEditing] = useState<DeviceSetting | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [initial, setInitial] = useState<{ name: string; data: Record<string, unknown> }>({
    name: '',
    data: {},
  });
  const list = useQuery({ queryKey: p.queryKey, queryFn: p.load });

  const openEditor = (row: DeviceSetting | 'new') => {
    setInitial(
      row === 'new'
        ? { name: '', data: p.defaults ?? {} }
        : { name: row.name, data: p.fromData ? p.fromData(row.data) : row.data },
    );
    setEditing(row);
  };
  const save = async () => {
    const v = await form.validateFields();
    const data = p.toData ? p.toData(v.data ?? {}) : (v.data ?? {});
    setBusy(true);
    try {
      if (editing === 'new' || !p.edit) await p.add({ deviceId: p.device.id, name: v.name, data });
      else if (editing)
        await p.edit({
          id: editing.id,
          objectVersionNumber: editing.objectVersionNumber,
          name: v.name,
          data,
        });
      await qc.invalidateQueries({ queryKey: [...p.queryKey] });
      message.success(t('action.saved'));
      setEditing(null);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  const del = async (id: number) => {
    try {
      await p.remove(id);
      await qc.invalidateQueries({ queryKey: [...p.queryKey] });
      message.success(t('action.deleted'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <>
      <PermissionGuard codes={[codes.edit]}>
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => openEditor('new')}>
          {t('action.add')}
        </Button>
      </PermissionGuard>
      <Table<DeviceSetting>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: <EmptyState variant="noData" size="small" title={t('empty')} /> }}
        columns={[
          { title: t('setting.name'), dataIndex: 'name' },
          ...p.columns,
          {
            title: t('action.actions'),
            key: 'actions',
            render: (_: unknown, row: DeviceSetting) => (
              <Space size="small" wrap>
                <PermissionGuard codes={[codes.control]}>{p.actions?.(row)}</PermissionGuard>
                <PermissionGuard codes={[codes.edit]}>
                  {p.edit ? (
                    <Button size="small" type="link" onClick={() => openEditor(row)}>
                      {t('action.edit')}
                    </Button>
                  ) : null}
                  <Popconfirm title={t('action.confirmDelete')} onConfirm={() => del(row.id)}>
                    <Button size="small" type="link" danger>
                      {t('action.delete')}
                    </Button>
                  </Popconfirm>
                </PermissionGuard>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={[t(editing === 'new' ? 'action.add' : 'action.edit'), p.noun].filter(Boolean).join(' · ')}
        onCancel={() => setEditing(null)}
        onOk={() => void save().catch(() => undefined)}
        confirmLoading={busy}
        destroyOnHidden
        width={640}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
          <Form.Item
            name="name"
            label={t('setting.name')}
            rules={[{ required: true, whitespace: true, message: t('setting.nameRequired') }, { max: 60 }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          {p.fields(form)}
        </Form>
      </Modal>
    </>
  );
}
