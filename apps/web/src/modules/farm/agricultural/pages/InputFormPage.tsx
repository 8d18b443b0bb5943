import { useQuery } from '@tanstack/react-query';
import type { AgriCategory, AgriInputCreateBody } from '@tilth/contracts/agricultural.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useShell } from '../../../../shell/ShellContext';
import { AGRI_CATEGORIES, AGRI_PRICE_MAX, agriApi, agriKeys } from '../api/agricultural.api';
import { AGRI_PATHS } from '../paths';

interface FormValues {
  inputName: string;
  inputCode: string;
  category: AgriCategory;
  registrationNo?: string;
  manufacturer?: string;
  specification?: string;
  unit: string;
  price?: number | null;
  imageUrl?: string;
  description?: string;
  nPercent?: number | null;
  p2o5Percent?: number | null;
  k2oPercent?: number | null;
  nitrogenSource?: 'synthetic' | 'organic' | null;
  enabledFlag: 0 | 1;
}

const NUTRIENTS = ['nPercent', 'p2o5Percent', 'k2oPercent'] as const;

const REGISTERED: readonly string[] = ['fertilizer', 'pesticide'];
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Add (agricultural-manage/add) or edit (agricultural-manage/edit/{id}) an agricultural input. */
export function InputFormPage() {
  const { t } = useTranslation(['agricultural', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const inputId = id ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const { busy: saving, run } = useSubmit(agriKeys.all(tenantId), () => navigate(AGRI_PATHS.inputs));
  const category = Form.useWatch('category', form);
  const current = useQuery({
    queryKey: agriKeys.input(tenantId, inputId ?? 0),
    queryFn: () => agriApi.input(tenantId, inputId ?? 0),
    enabled: inputId !== undefined && Number.isSafeInteger(inputId),
  });

  useEffect(() => {
    const i = current.data;
    if (!i) return;
    form.setFieldsValue({
      inputName: i.inputName,
      inputCode: i.inputCode,
      category: i.category as AgriCategory,
      registrationNo: i.registrationNo ?? '',
      manufacturer: i.manufacturer ?? '',
      specification: i.specification ?? '',
      unit: i.unit,
      price: i.price,
      imageUrl: i.imageUrl ?? '',
      description: i.description ?? '',
      nPercent: i.nPercent ?? null,
      p2o5Percent: i.p2o5Percent ?? null,
      k2oPercent: i.k2oPercent ?? null,
      nitrogenSource: i.nitrogenSource ?? null,
      enabledFlag: i.enabledFlag === 1 ? 1 : 0,
    });
  }, [current.data, form]);

  if (inputId !== undefined && (current.isError || !Number.isSafeInteger(inputId))) {
    return <EmptyState variant="notFound" title={t('agricultural:input.notFound')} />;
  }
  if (inputId !== undefined && !current.data) return <Spin />;

  const submit = async (v: FormValues) => {
    const body: AgriInputCreateBody = {
      inputName: v.inputName,
      inputCode: v.inputCode,
      category: v.category,
      registrationNo: v.registrationNo ?? null,
      manufacturer: v.manufacturer ?? null,
      specification: v.specification ?? null,
      unit: v.unit,
      price: v.price ?? null,
      imageUrl: v.imageUrl ?? null,
      description: v.description ?? null,
      nPercent: v.nPercent ?? null,
      p2o5Percent: v.p2o5Percent ?? null,
      k2oPercent: v.k2oPercent ?? null,
      nitrogenSource: v.nPercent == null ? null : (v.nitrogenSource ?? 'synthetic'),
      enabledFlag: v.enabledFlag,
    };
    await run(async () => {
      if (current.data) {
        await agriApi.updateInput(tenantId, {
          ...body,
          inputId: current.data.inputId,
          objectVersionNumber: current.data.objectVersionNumber,
        });
      } else {
        await agriApi.createInput(tenantId, body);
      }
    }, t('common:message.saved'));
  };

  return (
    <section className="tl-card">
      <Form<FormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ enabledFlag: 1, category: 'fertilizer' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="inputName"
          label={t('agricultural:input.field.name')}
          rules={[{ required: true, whitespace: true, message: t('agricultural:input.rule.name') }]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          name="inputCode"
          label={t('agricultural:input.field.code')}
          rules={[
            { required: true, message: t('agricultural:input.rule.codeRequired') },
            { pattern: /^\w+$/, message: t('agricultural:input.rule.code') },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="category"
          label={t('agricultural:input.field.category')}
          rules={[{ required: true, message: t('agricultural:input.rule.category') }]}
        >
          <Select
            options={AGRI_CATEGORIES.map((c) => ({ value: c, label: t(`agricultural:category.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="registrationNo"
          label={t('agricultural:input.field.registrationNo')}
          dependencies={['category']}
          rules={[
            {
              required: REGISTERED.includes(category ?? ''),
              whitespace: true,
              message: t('agricultural:input.rule.registrationRequired'),
            },
            { pattern: /^[A-Za-z0-9-]{0,40}$/, message: t('agricultural:input.rule.registrationFormat') },
          ]}
        >
          <Input maxLength={40} placeholder="PD20050001" />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('agricultural:input.field.manufacturer')}>
          <Input maxLength={100} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="specification" label={t('agricultural:input.field.specification')}>
            <Input maxLength={60} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item
            name="unit"
            label={t('agricultural:input.field.unit')}
            rules={[{ required: true, whitespace: true, message: t('agricultural:input.rule.unit') }]}
          >
            <Input maxLength={20} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('agricultural:input.field.price')}
            rules={[
              {
                validator: (_, v: number | null | undefined) =>
                  v === null || v === undefined || (v >= 0 && v <= AGRI_PRICE_MAX && twoDecimals(v))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('agricultural:input.rule.price'))),
              },
            ]}
          >
            <InputNumber<number>
              min={0}
              max={AGRI_PRICE_MAX}
              precision={2}
              step={0.01}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Space>
        {/* Nutrient content: carbon monitoring computes the N2O of fertiliser use from N %. */}
        <Space size="large" wrap>
          {NUTRIENTS.map((n) => (
            <Form.Item
              key={n}
              name={n}
              label={t(`agricultural:input.field.${n}`)}
              extra={
                n === 'nPercent' && category === 'fertilizer'
                  ? t('agricultural:input.nutrientHint')
                  : undefined
              }
              rules={[
                {
                  validator: (_, v: number | null | undefined) =>
                    v === null || v === undefined || (v >= 0 && v <= 100 && twoDecimals(v))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('agricultural:input.rule.percent'))),
                },
              ]}
            >
              <InputNumber<number>
                min={0}
                max={100}
                precision={2}
                step={0.01}
                suffix="%"
                style={{ width: 150 }}
              />
            </Form.Item>
          ))}
          <Form.Item name="nitrogenSource" label={t('agricultural:input.field.nitrogenSource')}>
            <Select
              allowClear
              style={{ width: 180 }}
              options={(['synthetic', 'organic'] as const).map((s) => ({
                value: s,
                label: t(`agricultural:input.nitrogenSource.${s}`),
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="imageUrl" label={t('agricultural:input.field.imageUrl')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="description" label={t('agricultural:input.field.description')}>
          <Input.TextArea maxLength={500} showCount rows={3} />
        </Form.Item>
        <Form.Item name="enabledFlag" label={t('agricultural:input.field.enabled')}>
          <Radio.Group options={[1, 0].map((f) => ({ value: f, label: t(`agricultural:enabled.${f}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:action.save')}
          </Button>
          <Button onClick={() => navigate(AGRI_PATHS.inputs)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </section>
  );
}
