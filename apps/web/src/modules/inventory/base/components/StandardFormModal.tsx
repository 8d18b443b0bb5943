import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { INV_REMARK_MAX, INV_STANDARD_VALUES_MAX } from '@tilth/contracts/inventory.base.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { type InvStandard, invBaseKeys, standardApi } from '../baseData.api';

interface Values {
  standardName: string;
  sortNo?: number | null;
  remark?: string;
  enabled: boolean;
  values: { id?: number; valueName: string }[];
}

interface Props {
  tenantId: number;
  open: boolean;
  standard: InvStandard | null;
  onClose: () => void;
}

/** Add or edit an attribute and its values (in the order listed; a value a SKU uses cannot be removed). */
export function StandardFormModal({ tenantId, open, standard, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      standardName: standard?.standardName ?? '',
      sortNo: standard?.sortNo ?? 0,
      remark: standard?.remark ?? '',
      enabled: (standard?.enabledFlag ?? 1) === 1,
      values: standard
        ? standard.values.map((v) => ({ id: v.id, valueName: v.valueName }))
        : [{ valueName: '' }],
    });
  }, [open, standard, form]);

  const submit = (v: Values) =>
    run(async () => {
      const body = {
        standardName: v.standardName,
        sortNo: v.sortNo ?? 0,
        remark: v.remark ?? '',
        enabledFlag: v.enabled ? 1 : 0,
        values: v.values.map((x, i) => ({
          ...(x.id ? { id: x.id } : {}),
          valueName: x.valueName,
          sortNo: i + 1,
        })),
      } as const;
      if (standard)
        await standardApi.update(tenantId, standard.id, {
          ...body,
          objectVersionNumber: standard.objectVersionNumber,
        });
      else await standardApi.create(tenantId, body);
    }, t('common:message.saved'));

  return (
    <Modal
      open={open}
      title={standard ? t('invBase:standard.editTitle') : t('invBase:standard.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={520}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Space size="large" wrap>
          <Form.Item
            name="standardName"
            label={t('invBase:standard.standardName')}
            rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
          >
            <Input maxLength={30} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="sortNo" label={t('invBase:standard.sortNo')}>
            <InputNumber<number> min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item label={t('invBase:standard.values')} required>
          <Form.List
            name="values"
            rules={[
              {
                validator: async (_r, values: unknown[] | undefined) => {
                  if (!values || values.length === 0) throw new Error(t('invBase:standard.valueRequired'));
                },
              },
            ]}
          >
            {(items, { add, remove }, { errors }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="baseline">
                    <Form.Item
                      name={[item.name, 'valueName']}
                      rules={[
                        { required: true, whitespace: true, message: t('invBase:rule.required') },
                        ({ getFieldValue }) => ({
                          validator: async (_r, v: string | undefined) => {
                            const all = (getFieldValue('values') as { valueName?: string }[]).map((x) =>
                              x?.valueName?.trim(),
                            );
                            if (v && all.filter((x) => x === v.trim()).length > 1)
                              throw new Error(t('invBase:standard.valueTwice'));
                          },
                        }),
                      ]}
                    >
                      <Input
                        maxLength={30}
                        style={{ width: 300 }}
                        aria-label={t('invBase:standard.valueName')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('common:action.delete')}
                      onClick={() => remove(item.name)}
                    />
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={items.length >= INV_STANDARD_VALUES_MAX}
                  onClick={() => add({ valueName: '' })}
                >
                  {t('invBase:standard.addValue')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label={t('invBase:field.remark')}>
          <Input.TextArea maxLength={INV_REMARK_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
