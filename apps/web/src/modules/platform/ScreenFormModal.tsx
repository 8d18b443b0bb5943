import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../shared/crud/useSubmit';
import { requiredRule } from '../../shared/form/fieldRules';
import { platformApi, platformKeys, type ScreenInput, type TenantScreen } from './platform.api';

const LINK = /^(https?:\/\/\S+|\/\S*)$/;

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new screen. */
  screen: TenantScreen | null;
  onClose: () => void;
}

/** A visualization screen of the chosen tenant (the tenant console's tenant-screen entries). */
export function ScreenFormModal({ tenantId, open, screen, onClose }: Props) {
  const { t } = useTranslation(['platform', 'common']);
  const [form] = Form.useForm<ScreenInput>();
  const { busy, run } = useSubmit(platformKeys.screens(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      screenName: screen?.screenName ?? '',
      screenAddress: screen?.screenAddress ?? '',
      screenImage: screen?.screenImage ?? '',
      screenType: screen?.screenType === 2 ? 2 : 1,
      sort: screen?.sort ?? 0,
    });
  }, [open, screen, form]);

  const submit = async (v: ScreenInput) => {
    const body: ScreenInput = { ...v, screenImage: v.screenImage?.trim() ? v.screenImage.trim() : null };
    await run(
      () =>
        screen ? platformApi.updateScreen(tenantId, screen, body) : platformApi.addScreen(tenantId, body),
      t('common:message.saved'),
    );
  };

  const link = { pattern: LINK, message: t('platform:validation.link') };
  return (
    <Modal
      open={open}
      title={screen ? t('platform:title.editScreen') : t('platform:title.addScreen')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="screenName"
          label={t('platform:screen.name')}
          rules={[requiredRule(t, t('platform:screen.name'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="screenAddress"
          label={t('platform:screen.address')}
          rules={[requiredRule(t, t('platform:screen.address')), link]}
        >
          <Input maxLength={2000} placeholder="https://…" />
        </Form.Item>
        <Form.Item name="screenImage" label={t('platform:screen.image')} rules={[link]}>
          <Input maxLength={1000} placeholder="https://… /hfle/…" />
        </Form.Item>
        <Form.Item name="screenType" label={t('platform:screen.type')}>
          <Radio.Group
            options={[
              { value: 1, label: t('platform:screen.type1') },
              { value: 2, label: t('platform:screen.type2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('platform:screen.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
