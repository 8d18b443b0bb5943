import { useQuery } from '@tanstack/react-query';
import { DESCRIPTION_MAX, GROUP_MEMBERS_MAX, GROUP_NAME_MAX } from '@tilth/contracts/automation.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { automationApi, automationKeys, type DeviceGroup, type GroupKind } from './automation.api';
import { ACTUATOR_TYPES } from './strategyText';

interface GroupFormValues {
  name: string;
  areaId?: number | null;
  description?: string;
  deviceIds: number[];
}

interface Props {
  tenantId: number;
  kind: GroupKind;
  open: boolean;
  group: DeviceGroup | null;
  onClose: () => void;
}

/** Add or edit a group and pick its devices (control groups: actuators only, as the server checks). */
export function GroupFormModal({ tenantId, kind, open, group, onClose }: Props) {
  const { t } = useTranslation(['automation', 'common']);
  const [form] = Form.useForm<GroupFormValues>();
  const { busy, run } = useSubmit(automationKeys.all(tenantId), onClose);
  const devices = useQuery({
    queryKey: automationKeys.devices(tenantId),
    queryFn: () => automationApi.devices(tenantId),
    enabled: open,
  });
  const bases = useQuery({
    queryKey: automationKeys.bases(tenantId),
    queryFn: () => automationApi.bases(tenantId),
    enabled: open,
  });
  const choices = (devices.data ?? []).filter((d) => kind === 'device' || ACTUATOR_TYPES.has(d.deviceType));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: group?.name ?? '',
      areaId: group?.areaId ?? null,
      description: group?.description ?? '',
      deviceIds: group?.members.map((m) => m.deviceId) ?? [],
    });
  }, [open, group, form]);

  const submit = async (v: GroupFormValues) => {
    // Members picked here are whole devices; a member's channel set through the API is kept.
    const channel = new Map(group?.members.map((m) => [m.deviceId, m.channelId]) ?? []);
    const members = v.deviceIds.map((deviceId) => ({ deviceId, channelId: channel.get(deviceId) ?? null }));
    const body = { name: v.name, areaId: v.areaId ?? null, description: v.description ?? '', members };
    await run(
      () =>
        group
          ? automationApi.updateGroup(tenantId, {
              ...body,
              id: group.id,
              objectVersionNumber: group.objectVersionNumber,
            })
          : automationApi.createGroup(tenantId, { ...body, kind }),
      group ? t('common:message.saved') : t('automation:message.groupCreated'),
    );
  };

  return (
    <Modal
      open={open}
      title={t(group ? `automation:group.editTitle.${kind}` : `automation:group.addTitle.${kind}`)}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<GroupFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="name"
          label={t('automation:field.groupName')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input maxLength={GROUP_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="areaId" label={t('automation:field.base')}>
          <Select
            allowClear
            loading={bases.isFetching}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
        </Form.Item>
        <Form.Item
          name="deviceIds"
          label={t('automation:field.members')}
          extra={kind === 'control' ? t('automation:group.actuatorsOnly') : undefined}
        >
          <Select
            mode="multiple"
            allowClear
            maxCount={GROUP_MEMBERS_MAX}
            showSearch={{ optionFilterProp: 'label' }}
            loading={devices.isFetching}
            options={choices.map((d) => ({ value: d.id, label: `${d.name} (${d.eui})` }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('automation:field.description')}>
          <Input.TextArea rows={2} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
