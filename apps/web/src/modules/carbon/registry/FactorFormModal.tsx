import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../shared/form/fieldRules';
import {
  CARBON_ACTIVITY_UNITS,
  CARBON_CATEGORIES,
  CARBON_GASES,
  CARBON_STAGES,
  CARBON_YEAR_MAX,
  CARBON_YEAR_MIN,
  type CarbonFactor,
  type FactorBody,
} from '../api/carbon.api';

export interface FactorFormProps {
  /** The factor edited (own) or copied (a default being overridden); undefined: a new factor. */
  initial?: CarbonFactor | undefined;
  /** true: a default copied for override (code, region and unit stay those of the default). */
  override?: boolean;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSave: (body: FactorBody) => void;
}

type Values = Omit<FactorBody, 'stage'> & { stage?: FactorBody['stage'] };

/** Add, edit or override an emission factor; the server checks the same limits. */
export function FactorFormModal({
  initial,
  override = false,
  open,
  busy,
  onCancel,
  onSave,
}: FactorFormProps) {
  const { t } = useTranslation(['carbon', 'common']);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial) {
      form.setFieldsValue({
        ...initial,
        value: Number(initial.value),
        uncertaintyPct: initial.uncertaintyPct == null ? null : Number(initial.uncertaintyPct),
        activityUnit: initial.activityUnit,
      } as Values);
    }
  }, [open, initial, form]);
  const year = { min: CARBON_YEAR_MIN, max: CARBON_YEAR_MAX, precision: 0, style: { width: 140 } };
  return (
    <Modal
      open={open}
      width={720}
      title={t(override ? 'carbon:factor.override' : initial ? 'carbon:factor.edit' : 'carbon:factor.add')}
      okText={t('common:action.save')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ gwpBasis: 'AR5', region: 'CN', category: 'other', gas: 'CO2e', activityUnit: 'kg' }}
        onFinish={(v) =>
          onSave({
            ...v,
            stage: v.stage ?? null,
            factorEnName: v.factorEnName || null,
            description: v.description || null,
          })
        }
      >
        <Space wrap size="middle">
          <Form.Item
            name="factorCode"
            label={t('carbon:factor.code')}
            rules={[
              { required: true, pattern: /^[a-z0-9][a-z0-9._-]{0,59}$/, message: t('carbon:rule.code') },
            ]}
          >
            <Input disabled={override} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="category"
            label={t('carbon:factor.category')}
            rules={[requiredRule(t, t('carbon:factor.category'), 'select')]}
          >
            <Select
              style={{ width: 160 }}
              options={CARBON_CATEGORIES.map((c) => ({ value: c, label: t(`carbon:category.${c}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="region"
            label={t('carbon:factor.region')}
            rules={[
              {
                required: true,
                pattern: /^(GLOBAL|[A-Z]{2}(-[A-Z0-9]{1,12})?)$/,
                message: t('carbon:rule.region'),
              },
            ]}
          >
            <Input disabled={override} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space wrap size="middle">
          <Form.Item
            name="factorName"
            label={t('carbon:factor.name')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="factorEnName" label={t('carbon:factor.enName')} rules={[{ max: 60 }]}>
            <Input style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Space wrap size="middle">
          <Form.Item
            name="value"
            label={t('carbon:factor.value')}
            rules={[{ required: true, type: 'number', min: 0, message: t('carbon:rule.value') }]}
          >
            <InputNumber<number> min={0} max={1e9} step={0.0001} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="gas"
            label={t('carbon:factor.gas')}
            rules={[requiredRule(t, t('carbon:factor.gas'), 'select')]}
          >
            <Select style={{ width: 110 }} options={CARBON_GASES.map((g) => ({ value: g, label: g }))} />
          </Form.Item>
          <Form.Item
            name="activityUnit"
            label={t('carbon:factor.activityUnit')}
            rules={[requiredRule(t, t('carbon:factor.activityUnit'), 'select')]}
          >
            <Select
              disabled={override}
              style={{ width: 120 }}
              options={CARBON_ACTIVITY_UNITS.map((u) => ({ value: u, label: u }))}
            />
          </Form.Item>
          <Form.Item name="gwpBasis" label={t('carbon:factor.gwpBasis')}>
            <Select style={{ width: 100 }} options={['AR5', 'AR6'].map((b) => ({ value: b, label: b }))} />
          </Form.Item>
        </Space>
        <Space wrap size="middle">
          <Form.Item name="validYear" label={t('carbon:factor.validYear')}>
            <InputNumber<number> {...year} />
          </Form.Item>
          <Form.Item name="calcYear" label={t('carbon:factor.calcYear')}>
            <InputNumber<number> {...year} />
          </Form.Item>
          <Form.Item
            name="uncertaintyPct"
            label={t('carbon:factor.uncertainty')}
            rules={[{ type: 'number', min: 0, max: 100, message: t('carbon:rule.uncertainty') }]}
          >
            <InputNumber<number> min={0} max={100} precision={2} suffix="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="stage" label={t('carbon:factor.stage')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={CARBON_STAGES.map((s) => ({ value: s, label: t(`carbon:stage.${s}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="source"
          label={t('carbon:factor.source')}
          rules={[{ required: true, whitespace: true, max: 500, message: t('carbon:rule.source') }]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('carbon:factor.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
