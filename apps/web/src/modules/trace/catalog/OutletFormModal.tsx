import { isHttpsUrl, isLatLng, ONLINE_PLATFORMS } from '@tilth/contracts/trace-catalog.rules';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { useShell } from '../../../shell/ShellContext';
import { catalogApi, type OutletInput, type TraceOutlet } from '../api/catalog.api';
import { FileField } from './components/FileField';

const OutletMap = lazy(() => import('./components/OutletMap'));

type Values = Omit<OutletInput, 'enabledFlag'> & { enabled: boolean };

export interface OutletFormModalProps {
  kind: 'store' | 'online';
  open: boolean;
  outlet: TraceOutlet | null;
  onClose: () => void;
}

/** A shop (address, map point, hours) or an online store (platform, https address). */
export function OutletFormModal({ kind, open, outlet, onClose }: OutletFormModalProps) {
  const { t } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<Values>();
  const location = Form.useWatch('location', form);
  const submit = useSubmit(['trace', tenantId, 'outlets'], onClose);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(
        outlet
          ? { ...outlet, platform: outlet.platform as Values['platform'], enabled: outlet.enabledFlag === 1 }
          : { enabled: true },
      );
    }
  }, [open, outlet, form]);

  const save = async () => {
    // An invalid form shows its messages in place.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { enabled, ...v } = values;
    const body: OutletInput = { ...v, enabledFlag: enabled ? 1 : 0 };
    await submit.run(
      () =>
        outlet
          ? catalogApi.updateOutlet(tenantId, {
              ...body,
              outletId: outlet.outletId,
              objectVersionNumber: outlet.objectVersionNumber,
            })
          : catalogApi.createOutlet(tenantId, kind, body),
      t('common:message.saved'),
    );
  };

  const required = { required: true, whitespace: true, message: t('traceCatalog:form.required') };
  const online = kind === 'online';
  return (
    <Modal
      open={open}
      width={560}
      title={t(`traceCatalog:outlet.${outlet ? 'edit' : 'add'}.${kind}`)}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={submit.busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="outletName" label={t('traceCatalog:outlet.name')} rules={[required, { max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        {online ? (
          <>
            <Form.Item
              name="platform"
              label={t('traceCatalog:outlet.platform')}
              rules={[{ required: true, message: t('traceCatalog:form.required') }]}
            >
              <Select
                options={ONLINE_PLATFORMS.map((p) => ({ value: p, label: t(`traceCatalog:platform.${p}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="url"
              label={t('traceCatalog:outlet.url')}
              rules={[
                required,
                {
                  validator: (_, v: string) =>
                    !v || isHttpsUrl(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('traceCatalog:form.https'))),
                },
              ]}
            >
              <Input maxLength={500} placeholder="https://" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="address"
              label={t('traceCatalog:field.address')}
              rules={[required, { max: 200 }]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="location"
              label={t('traceCatalog:outlet.location')}
              extra={t('traceCatalog:outlet.locationHelp')}
              rules={[
                {
                  validator: (_, v: string) =>
                    !v || isLatLng(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('traceCatalog:outlet.locationInvalid'))),
                },
              ]}
            >
              <Input maxLength={40} placeholder="23.1291,113.2644" />
            </Form.Item>
            {open ? (
              <Suspense fallback={<Spin />}>
                <OutletMap
                  value={location}
                  onChange={(text) => {
                    form.setFieldValue('location', text);
                    void form.validateFields(['location']).catch(() => undefined);
                  }}
                />
              </Suspense>
            ) : null}
            <Form.Item
              name="openingHours"
              label={t('traceCatalog:outlet.openingHours')}
              rules={[{ max: 60 }]}
            >
              <Input maxLength={60} placeholder="08:00–20:00" />
            </Form.Item>
            <Form.Item name="imageUrl" label={t('traceCatalog:field.image')}>
              <FileField />
            </Form.Item>
          </>
        )}
        <Form.Item name="contactName" label={t('traceCatalog:field.contact')} rules={[{ max: 30 }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('traceCatalog:field.phone')}
          rules={[{ pattern: /^[0-9+\-() ]{3,30}$/, message: t('traceCatalog:form.phone') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="enabled" label={t('traceCatalog:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
