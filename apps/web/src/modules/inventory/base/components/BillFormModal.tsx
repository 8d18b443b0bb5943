import {
  INV_BILL_DATE_PATTERNS,
  INV_BILL_SEPARATORS,
  INV_PREFIX_MAX,
  INV_SERIAL_LENGTH_MAX,
  INV_SERIAL_LENGTH_MIN,
  INV_START_VALUE_MAX,
} from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { todayDay } from '../../../../shared/format/time';
import { billApi, type InvBillRule, invBaseKeys } from '../baseData.api';
import { CODE_PATTERN } from './baseUi';

interface Values {
  prefix: string;
  separator: string;
  datePattern: (typeof INV_BILL_DATE_PATTERNS)[number];
  serialLength: number;
  startValue: number;
  enabled: boolean;
}

/** How a number of the rule looks for a date 'YYYY-MM-DD' and a serial (the server builds it the same way). */
export const sampleNumber = (v: Partial<Values>, day: string, serial: number): string => {
  const [y = '', m = '', d = ''] = day.split('-');
  const period = v.datePattern === 'yyyyMMdd' ? `${y}${m}${d}` : v.datePattern === 'yyyyMM' ? `${y}${m}` : y;
  return [v.prefix ?? '', period, String(serial).padStart(v.serialLength ?? 4, '0')]
    .filter((p) => p !== '')
    .join(v.separator ?? '');
};

interface Props {
  tenantId: number;
  /** The row being edited (default or configured); null: closed. */
  rule: InvBillRule | null;
  onClose: () => void;
}

/** Edit a document type's numbering, with a live example of the number for today. */
export function BillFormModal({ tenantId, rule, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), onClose);
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  useEffect(() => {
    if (!rule) return;
    form.resetFields();
    form.setFieldsValue({
      prefix: rule.prefix,
      separator: rule.separator,
      datePattern: (INV_BILL_DATE_PATTERNS as readonly string[]).includes(rule.datePattern)
        ? (rule.datePattern as Values['datePattern'])
        : 'yyyyMMdd',
      serialLength: rule.serialLength,
      startValue: rule.startValue,
      enabled: rule.enabledFlag === 1,
    });
  }, [rule, form]);

  const submit = (v: Values) =>
    run(async () => {
      if (!rule) return;
      await billApi.save(tenantId, rule.docType, {
        prefix: v.prefix,
        separator: v.separator as (typeof INV_BILL_SEPARATORS)[number],
        datePattern: v.datePattern,
        serialLength: v.serialLength,
        startValue: v.startValue,
        enabledFlag: v.enabled ? 1 : 0,
        objectVersionNumber: rule.objectVersionNumber,
      });
    }, t('common:message.saved'));

  return (
    <Modal
      open={rule !== null}
      title={rule ? t('invBase:bill.editTitle', { type: t(`invBase:docType.${rule.docType}`) }) : ''}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Space size="large" wrap>
          <Form.Item
            name="prefix"
            label={t('invBase:bill.prefix')}
            rules={[
              { required: true, message: t('invBase:rule.required') },
              { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
            ]}
          >
            <Input maxLength={INV_PREFIX_MAX} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="separator" label={t('invBase:bill.separator')}>
            <Select
              style={{ width: 140 }}
              options={INV_BILL_SEPARATORS.map((s) => ({
                value: s,
                label: s === '' ? t('invBase:bill.noSeparator') : s,
              }))}
            />
          </Form.Item>
          <Form.Item name="datePattern" label={t('invBase:bill.datePattern')}>
            <Select
              style={{ width: 140 }}
              options={INV_BILL_DATE_PATTERNS.map((p) => ({ value: p, label: p }))}
            />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item
            name="serialLength"
            label={t('invBase:bill.serialLength')}
            rules={[{ required: true, message: t('invBase:rule.required') }]}
          >
            <InputNumber<number> min={INV_SERIAL_LENGTH_MIN} max={INV_SERIAL_LENGTH_MAX} precision={0} />
          </Form.Item>
          <Form.Item
            name="startValue"
            label={t('invBase:bill.startValue')}
            rules={[{ required: true, message: t('invBase:rule.required') }]}
            tooltip={t('invBase:bill.startHint')}
          >
            <InputNumber<number> min={1} max={INV_START_VALUE_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Paragraph>
          {t('invBase:bill.example')}{' '}
          <Typography.Text code>
            {sampleNumber(watched ?? {}, todayDay(), watched?.startValue ?? 1)}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('invBase:bill.neverReissued')}</Typography.Paragraph>
      </Form>
    </Modal>
  );
}
