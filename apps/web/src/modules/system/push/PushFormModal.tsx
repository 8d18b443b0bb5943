import { PUSH_EVENT_NAMES, PUSH_EVENT_TYPES, type PushEventType } from '@tilth/contracts/push.types';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { type PushSubscription, type PushSubscriptionWithSecret, pushApi, pushKeys } from './push.api';

interface PushFormValues {
  name: string;
  url: string;
  eventTypes: PushEventType[];
  enabled: boolean;
}

interface PushFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new subscription. */
  subscription: PushSubscription | null;
  onClose: () => void;
  /** A new subscription's secret, shown once by the page. */
  onCreated: (s: PushSubscriptionWithSecret) => void;
}

/** Add or edit a subscription: name, https URL, the event types (names in the user's language), enabled. */
export function PushFormModal({ tenantId, open, subscription, onClose, onCreated }: PushFormModalProps) {
  const { t, i18n } = useTranslation(['dataPush', 'common']);
  const [form] = Form.useForm<PushFormValues>();
  const { busy, run } = useSubmit(pushKeys.all(tenantId), onClose);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (subscription) {
      form.setFieldsValue({
        name: subscription.name,
        url: subscription.url,
        eventTypes: subscription.eventTypes,
        enabled: subscription.enabled,
      });
    }
  }, [open, subscription, form]);

  const submit = (v: PushFormValues) =>
    run(
      async () => {
        if (subscription) {
          await pushApi.update(tenantId, {
            ...v,
            id: subscription.id,
            objectVersionNumber: subscription.objectVersionNumber,
          });
        } else onCreated(await pushApi.create(tenantId, v));
      },
      subscription ? t('common:message.saved') : t('dataPush:message.created'),
    );

  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={subscription ? t('dataPush:editTitle') : t('dataPush:addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      <Form<PushFormValues>
        form={form}
        layout="vertical"
        initialValues={{ enabled: true, eventTypes: [] }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="name" label={t('dataPush:field.name')} rules={[required]}>
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('dataPush:field.url')}
          extra={t('dataPush:field.urlHint')}
          rules={[required, { type: 'url', message: t('dataPush:field.urlInvalid') }]}
        >
          <Input maxLength={2000} placeholder="https://example.com/hook" />
        </Form.Item>
        <Form.Item
          name="eventTypes"
          label={t('dataPush:field.eventTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('dataPush:field.eventTypesRequired') }]}
        >
          <Checkbox.Group
            options={PUSH_EVENT_TYPES.map((e) => ({ value: e, label: PUSH_EVENT_NAMES[e][lang] }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('dataPush:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
