import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectArea, useSelectedArea } from '../../../../shared/area/areaStore';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { AREA_NAME_MAX, isAreaCode } from '../../../../shared/validators';
import { type Area, baseApi, baseKeys } from '../api/base.api';
import {
  BASE_USAGES,
  type BaseFormValues,
  centerComplete,
  parentCandidates,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from '../baseForm';

interface BaseFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new base. */
  area: Area | null;
  onClose: () => void;
}

/** Add or edit a base (spec 01 §3, §5): name, code, usage, default flag, parent base, centre point. */
export function BaseFormModal({ tenantId, open, area, onClose }: BaseFormModalProps) {
  const { t } = useTranslation(['farmBase', 'common']);
  const selected = useSelectedArea();
  const [form] = Form.useForm<BaseFormValues>();
  const { busy, run } = useSubmit(baseKeys.all(tenantId), onClose);

  const options = useQuery({
    queryKey: baseKeys.options(tenantId),
    queryFn: () => baseApi.all(tenantId),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(area));
  }, [open, area, form]);

  const submit = async (values: BaseFormValues) => {
    await run(
      async () => {
        const saved = area
          ? await baseApi.update(tenantId, toUpdateBody(area, values))
          : await baseApi.create(tenantId, toCreateBody(values));
        // The shell's base selector shows the same base: keep it in step.
        if (selected?.areaId === saved.areaId) selectArea(saved);
      },
      area ? t('common:message.saved') : t('farmBase:message.created'),
    );
  };

  const parents = parentCandidates(options.data ?? [], area?.areaId);

  return (
    <Modal
      open={open}
      title={area ? t('farmBase:form.editTitle') : t('farmBase:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<BaseFormValues> form={form} name="baseForm" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="areaName"
          label={t('farmBase:field.areaName')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: AREA_NAME_MAX, message: t('common:validation.maxLength', { max: AREA_NAME_MAX }) },
          ]}
        >
          <Input maxLength={AREA_NAME_MAX} showCount placeholder={t('farmBase:field.areaNamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="areaNum"
          label={t('farmBase:field.areaNum')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value || isAreaCode(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.code'))),
            },
          ]}
        >
          <Input maxLength={60} placeholder={t('farmBase:field.areaNumPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="areaUsage"
          label={t('farmBase:field.areaUsage')}
          rules={[requiredRule(t, t('farmBase:field.areaUsage'), 'select')]}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={BASE_USAGES.map((u) => ({ value: u, label: t(`farmBase:usage.${u}`) }))}
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('farmBase:field.parent')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isFetching}
            placeholder={t('farmBase:field.parentPlaceholder')}
            options={parents.map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
        </Form.Item>
        <Form.Item label={t('farmBase:field.center')} extra={t('farmBase:field.centerHint')} required={false}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="lat"
              noStyle
              dependencies={['lng']}
              rules={[
                {
                  validator: (_, lat: number | null | undefined) =>
                    centerComplete(lat, form.getFieldValue('lng') as number | null | undefined)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('farmBase:field.centerBoth'))),
                },
              ]}
            >
              <InputNumber
                style={{ width: '50%' }}
                min={-90}
                max={90}
                step={0.000001}
                placeholder={t('farmBase:field.lat')}
                aria-label={t('farmBase:field.lat')}
              />
            </Form.Item>
            <Form.Item name="lng" noStyle>
              <InputNumber
                style={{ width: '50%' }}
                min={-180}
                max={180}
                step={0.000001}
                placeholder={t('farmBase:field.lng')}
                aria-label={t('farmBase:field.lng')}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="defaultFlag"
          label={t('farmBase:field.defaultFlag')}
          valuePropName="checked"
          extra={t('farmBase:field.defaultHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
