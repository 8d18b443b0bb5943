import { useQuery } from '@tanstack/react-query';
import {
  INV_EXPIRY_WARN_DAYS_MAX,
  INV_QUANTITY_DECIMALS_MAX,
  INV_SHORTAGE_POLICIES,
  type InvOptions,
} from '@tilth/contracts/inventory.base.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatNumber } from '../../../shared/format/number';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, invBaseKeys, optionApi, storeApi } from '../base/baseData.api';

interface Values {
  defaultWarehouseId?: number | null;
  shortagePolicy: InvOptions['shortagePolicy'];
  quantityDecimals: number;
  expiryWarnDays: number;
}

/** The tenant's inventory options (inventory/config/option). */
export function OptionPage() {
  const { t, i18n } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<Values>();
  const options = useQuery({
    queryKey: invBaseKeys.options(tenantId),
    queryFn: () => optionApi.get(tenantId),
  });
  const warehouses = useQuery({
    queryKey: invBaseKeys.warehouseOptions(tenantId),
    queryFn: () => storeApi.all(tenantId),
  });
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), () => undefined);
  const decimals = Form.useWatch('quantityDecimals', form) ?? 2;

  useEffect(() => {
    const o = options.data;
    if (!o) return;
    form.setFieldsValue({
      defaultWarehouseId: o.defaultWarehouseId,
      shortagePolicy: o.shortagePolicy,
      quantityDecimals: o.quantityDecimals,
      expiryWarnDays: o.expiryWarnDays,
    });
  }, [options.data, form]);

  if (options.isError) return <EmptyState variant="networkError" />;
  if (!options.data) return <Spin />;
  const current = options.data;

  const submit = (v: Values) =>
    run(
      () =>
        optionApi.save(tenantId, {
          defaultWarehouseId: v.defaultWarehouseId ?? null,
          costMethod: 'moving_average',
          shortagePolicy: v.shortagePolicy,
          quantityDecimals: v.quantityDecimals,
          expiryWarnDays: v.expiryWarnDays,
          objectVersionNumber: current.objectVersionNumber,
        }),
      t('common:message.saved'),
    );

  return (
    <section className="tl-card">
      <Form<Values> form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="defaultWarehouseId"
          label={t('invBase:option.defaultWarehouse')}
          extra={t('invBase:option.defaultWarehouseHint')}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 320 }}
            options={(warehouses.data ?? [])
              .filter((w) => w.enabledFlag === 1 || w.id === current.defaultWarehouseId)
              .map((w) => ({ value: w.id, label: w.warehouseName }))}
          />
        </Form.Item>
        <Form.Item label={t('invBase:option.costMethod')}>
          <Typography.Text strong>{t('invBase:option.movingAverage')}</Typography.Text>
          <Alert style={{ marginTop: 8 }} type="info" showIcon message={t('invBase:option.costMethodHint')} />
        </Form.Item>
        <Form.Item name="shortagePolicy" label={t('invBase:option.shortagePolicy')}>
          <Radio.Group>
            {INV_SHORTAGE_POLICIES.map((p) => (
              <Radio key={p} value={p}>
                {t(`invBase:option.shortage.${p}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="quantityDecimals"
          label={t('invBase:option.quantityDecimals')}
          extra={t('invBase:option.quantityExample', {
            value: formatNumber(1234.5678, i18n.language, decimals, decimals),
          })}
          rules={[{ required: true, message: t('invBase:rule.required') }]}
        >
          <InputNumber<number> min={0} max={INV_QUANTITY_DECIMALS_MAX} precision={0} />
        </Form.Item>
        <Form.Item
          name="expiryWarnDays"
          label={t('invBase:option.expiryWarnDays')}
          rules={[{ required: true, message: t('invBase:rule.required') }]}
        >
          <InputNumber<number>
            min={1}
            max={INV_EXPIRY_WARN_DAYS_MAX}
            precision={0}
            addonAfter={t('invBase:option.days')}
          />
        </Form.Item>
        <PermissionGuard codes={[INV_BASE_CODES.option]}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common:action.save')}
          </Button>
        </PermissionGuard>
      </Form>
    </section>
  );
}
