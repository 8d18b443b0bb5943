import { useQuery } from '@tanstack/react-query';
import { ALARM_SEVERITIES, ALARM_STAFF_NAME_MAX, type AlarmSeverity } from '@tilth/contracts/alarm.types';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { isPhone } from '../../../shared/validators';
import { type AlarmStaff, alarmApi, alarmKeys } from './alarm.api';

interface StaffFormValues {
  name: string;
  userId?: number | null;
  phone?: string;
  channels: ('inApp' | 'sms')[];
  minSeverity: AlarmSeverity;
  enabled: boolean;
}

interface StaffFormModalProps {
  tenantId: number;
  open: boolean;
  staff: AlarmStaff | null;
  onClose: () => void;
}

/** Add or edit an alarm contact: a member (notified in the console) and/or a phone (SMS). */
export function StaffFormModal({ tenantId, open, staff, onClose }: StaffFormModalProps) {
  const { t } = useTranslation(['alarm', 'common']);
  const [form] = Form.useForm<StaffFormValues>();
  const { busy, run } = useSubmit(alarmKeys.all(tenantId), onClose);
  const users = useQuery({
    queryKey: alarmKeys.users(tenantId),
    queryFn: () => alarmApi.users(tenantId),
    enabled: open,
  });
  const channels = Form.useWatch('channels', form) ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: staff?.name ?? '',
      userId: staff?.userId ?? null,
      phone: staff?.phone ?? '',
      channels: staff
        ? [...(staff.notifyInApp ? (['inApp'] as const) : []), ...(staff.notifySms ? (['sms'] as const) : [])]
        : ['inApp'],
      minSeverity: staff?.minSeverity ?? 'info',
      enabled: (staff?.enabledFlag ?? 1) === 1,
    });
  }, [open, staff, form]);

  /** Picking a member fills the name and phone when they are still empty. */
  const pickUser = (userId: number | null) => {
    const u = users.data?.find((x) => x.userId === userId);
    if (!u) return;
    if (!form.getFieldValue('name')) form.setFieldValue('name', u.realName);
    if (!form.getFieldValue('phone') && u.phone) form.setFieldValue('phone', u.phone);
  };

  const submit = async (v: StaffFormValues) => {
    const body = {
      name: v.name,
      userId: v.userId ?? null,
      phone: v.phone ?? '',
      notifyInApp: v.channels.includes('inApp'),
      notifySms: v.channels.includes('sms'),
      minSeverity: v.minSeverity,
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      () =>
        staff
          ? alarmApi.updateStaff(tenantId, {
              ...body,
              id: staff.id,
              objectVersionNumber: staff.objectVersionNumber,
            })
          : alarmApi.createStaff(tenantId, body),
      staff ? t('common:message.saved') : t('alarm:message.staffCreated'),
    );
  };

  const required = { required: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={staff ? t('alarm:staff.editTitle') : t('alarm:staff.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={520}
    >
      <Form<StaffFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="userId"
          label={t('alarm:field.user')}
          extra={t('alarm:staff.userHint')}
          rules={channels.includes('inApp') ? [required] : []}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isFetching}
            onChange={(v: number | null) => pickUser(v)}
            options={(users.data ?? []).map((u) => ({
              value: u.userId,
              label: `${u.realName} (${u.loginName})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('alarm:field.staffName')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={ALARM_STAFF_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('alarm:field.phone')}
          rules={[
            ...(channels.includes('sms') ? [required] : []),
            {
              validator: (_, value: string | undefined) =>
                !value || isPhone(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.phone'))),
            },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="channels"
          label={t('alarm:field.channels')}
          rules={[{ ...required, type: 'array', min: 1 }]}
        >
          <Checkbox.Group
            options={[
              { value: 'inApp', label: t('alarm:channel.inApp') },
              { value: 'sms', label: t('alarm:channel.sms') },
            ]}
          />
        </Form.Item>
        <Form.Item name="minSeverity" label={t('alarm:field.minSeverity')}>
          <Select options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarm:severity.${s}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('alarm:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
