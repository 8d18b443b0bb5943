import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { DESCRIPTION_MAX, GROUP_MEMBERS_MAX, GROUP_NAME_MAX } from '@tilth/contracts/automation.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { automationApi, automationKeys, type DeviceGroup, type GroupKind } from './automation.api';
import {
  channelSourceOf,
  type MemberRow,
  takenElsewhere,
  toMemberInputs,
  toMemberRows,
} from './groupMembers';
import { MemberChannelSelect } from './MemberChannelSelect';
import { ACTUATOR_TYPES } from './strategyText';

interface GroupFormValues {
  name: string;
  areaId?: number | null;
  description?: string;
  members: MemberRow[];
}

interface Props {
  tenantId: number;
  kind: GroupKind;
  open: boolean;
  group: DeviceGroup | null;
  onClose: () => void;
}

/**
 * Add or edit a group and pick its members: a device (control groups: actuators only, as the server
 * checks) and optionally one of its switches or pumps.
 */
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
  const rows = Form.useWatch('members', form) as MemberRow[] | undefined;
  const knownChannel = (deviceId: number) => {
    const m = group?.members.find((x) => x.deviceId === deviceId && x.channelId !== null);
    return m?.channelId ? { value: m.channelId, label: m.channelName ?? String(m.channelId) } : undefined;
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: group?.name ?? '',
      areaId: group?.areaId ?? null,
      description: group?.description ?? '',
      members: toMemberRows(group?.members ?? []),
    });
  }, [open, group, form]);

  const submit = async (v: GroupFormValues) => {
    const body = {
      name: v.name,
      areaId: v.areaId ?? null,
      description: v.description ?? '',
      members: toMemberInputs(v.members ?? []),
    };
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

  const required = { required: true, message: t('common:validation.required') };
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
      width={620}
    >
      <Form<GroupFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="name"
          label={t('automation:field.groupName')}
          rules={[{ ...required, whitespace: true }]}
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
          label={t('automation:field.members')}
          extra={kind === 'control' ? t('automation:group.actuatorsOnly') : t('automation:group.channelHint')}
        >
          <Form.List name="members">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => {
                  const taken = takenElsewhere(rows, f.name);
                  const deviceId = rows?.[f.name]?.deviceId;
                  const source = channelSourceOf(choices.find((d) => d.id === deviceId)?.deviceType);
                  return (
                    <div key={f.key} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                      <Form.Item name={[f.name, 'deviceId']} noStyle rules={[required]}>
                        <Select
                          style={{ flex: 1, minWidth: 0 }}
                          showSearch={{ optionFilterProp: 'label' }}
                          loading={devices.isFetching}
                          placeholder={t('automation:group.pickDevice')}
                          onChange={() => form.setFieldValue(['members', f.name, 'channelId'], null)}
                          options={choices
                            .filter((d) => !taken.has(d.id))
                            .map((d) => ({ value: d.id, label: `${d.name} (${d.eui})` }))}
                        />
                      </Form.Item>
                      {deviceId && source ? (
                        <Form.Item name={[f.name, 'channelId']} noStyle>
                          <MemberChannelSelect
                            tenantId={tenantId}
                            deviceId={deviceId}
                            source={source}
                            known={knownChannel(deviceId)}
                          />
                        </Form.Item>
                      ) : null}
                      <Button
                        type="text"
                        aria-label={t('common:action.delete')}
                        icon={<MinusCircleOutlined />}
                        onClick={() => remove(f.name)}
                      />
                    </div>
                  );
                })}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={fields.length >= GROUP_MEMBERS_MAX}
                  onClick={() => add({})}
                >
                  {t('automation:group.addMember')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="description" label={t('automation:field.description')}>
          <Input.TextArea rows={2} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
