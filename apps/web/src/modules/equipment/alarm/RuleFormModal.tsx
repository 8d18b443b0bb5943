import { useQuery } from '@tanstack/react-query';
import {
  ALARM_DURATION_MAX_MIN,
  ALARM_RULE_NAME_MAX,
  ALARM_SEVERITIES,
  type AlarmOp,
  type AlarmRuleKind,
  type AlarmSeverity,
} from '@tilth/contracts/alarm.types';
import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { langOf } from '../device/deviceFormat';
import { MetricSelect, OpThresholdFields } from '../shared/MetricConditionFields';
import { type AlarmRule, alarmApi, alarmKeys } from './alarm.api';

interface RuleFormValues {
  name: string;
  kind: AlarmRuleKind;
  scope: 'device' | 'type';
  deviceId?: number;
  typeKey?: string;
  metric?: string;
  op?: AlarmOp;
  threshold?: number;
  durationMin: number;
  severity: AlarmSeverity;
  staffIds: number[];
  enabled: boolean;
}

interface RuleFormModalProps {
  tenantId: number;
  open: boolean;
  rule: AlarmRule | null;
  onClose: () => void;
}

/** Add or edit an alarm rule: a device or every device of a type, metric from the registry, op, threshold. */
export function RuleFormModal({ tenantId, open, rule, onClose }: RuleFormModalProps) {
  const { t, i18n } = useTranslation(['alarm', 'common']);
  const lang = langOf(i18n.language);
  const [form] = Form.useForm<RuleFormValues>();
  const { busy, run } = useSubmit(alarmKeys.all(tenantId), onClose);
  const devices = useQuery({
    queryKey: alarmKeys.devices(tenantId),
    queryFn: () => alarmApi.devices(tenantId),
    enabled: open,
  });
  const staff = useQuery({
    queryKey: alarmKeys.staffOptions(tenantId),
    queryFn: () => alarmApi.staffOptions(tenantId),
    enabled: open,
  });
  const kind = Form.useWatch('kind', form);
  const scope = Form.useWatch('scope', form);
  const deviceId = Form.useWatch('deviceId', form);
  const typeKeyField = Form.useWatch('typeKey', form);
  const metricKey = Form.useWatch('metric', form);
  const typeKey =
    scope === 'device'
      ? devices.data?.find((d) => d.id === deviceId)?.deviceType
      : (typeKeyField ?? undefined);
  const type = typeKey ? deviceTypeByKey(typeKey) : undefined;
  const metric = type?.metrics.find((m) => m.key === metricKey);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: rule?.name ?? '',
      kind: rule?.kind ?? 'threshold',
      scope: rule && rule.deviceId === null ? 'type' : 'device',
      deviceId: rule?.deviceId ?? undefined,
      typeKey: rule?.typeKey ?? undefined,
      metric: rule?.metric ?? undefined,
      op: rule?.op ?? 'gt',
      threshold: rule?.threshold ?? undefined,
      durationMin: rule?.durationMin ?? 0,
      severity: rule?.severity ?? 'warning',
      staffIds: rule?.staffIds ?? [],
      enabled: (rule?.enabledFlag ?? 1) === 1,
    });
  }, [open, rule, form]);

  const submit = async (v: RuleFormValues) => {
    const threshold = v.kind === 'threshold';
    const body = {
      name: v.name,
      kind: v.kind,
      deviceId: v.scope === 'device' ? (v.deviceId ?? null) : null,
      typeKey: v.scope === 'type' ? (v.typeKey ?? null) : null,
      metric: threshold ? (v.metric ?? null) : null,
      op: threshold ? (v.op ?? null) : null,
      threshold: threshold ? (v.threshold ?? null) : null,
      durationMin: v.durationMin ?? 0,
      severity: v.severity,
      staffIds: v.staffIds ?? [],
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      () =>
        rule
          ? alarmApi.updateRule(tenantId, {
              ...body,
              id: rule.id,
              objectVersionNumber: rule.objectVersionNumber,
            })
          : alarmApi.createRule(tenantId, body),
      rule ? t('common:message.saved') : t('alarm:message.ruleCreated'),
    );
  };

  const required = { required: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={rule ? t('alarm:rule.editTitle') : t('alarm:rule.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={600}
    >
      <Form<RuleFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('alarm:field.ruleName')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={ALARM_RULE_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="kind" label={t('alarm:field.kind')}>
          <Radio.Group
            optionType="button"
            options={(['threshold', 'offline'] as const).map((k) => ({
              value: k,
              label: t(`alarm:kind.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="scope" label={t('alarm:field.scope')}>
          <Radio.Group
            options={(['device', 'type'] as const).map((k) => ({ value: k, label: t(`alarm:scope.${k}`) }))}
          />
        </Form.Item>
        {scope === 'device' ? (
          <Form.Item name="deviceId" label={t('alarm:field.device')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={devices.isFetching}
              onChange={() => form.setFieldValue('metric', undefined)}
              options={(devices.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.eui})` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="typeKey" label={t('alarm:field.type')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              onChange={() => form.setFieldValue('metric', undefined)}
              options={DEVICE_TYPES.filter((d) => d.family !== 'camera').map((d) => ({
                value: d.key,
                label: d.name[lang],
              }))}
            />
          </Form.Item>
        )}
        {kind === 'threshold' ? (
          <>
            <Form.Item name="metric" label={t('alarm:field.metric')} rules={[required]}>
              <MetricSelect
                type={type}
                lang={lang}
                placeholder={type ? undefined : t('alarm:rule.pickDeviceFirst')}
              />
            </Form.Item>
            <Form.Item label={t('alarm:field.threshold')} required>
              <div style={{ display: 'flex', gap: 8 }}>
                <OpThresholdFields
                  metric={metric}
                  required={required}
                  opStyle={{ width: 90 }}
                  thresholdStyle={{ flex: 1 }}
                />
              </div>
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="durationMin"
          label={t('alarm:field.durationMin')}
          extra={t('alarm:rule.durationHint')}
        >
          <InputNumber min={0} max={ALARM_DURATION_MAX_MIN} precision={0} suffix={t('alarm:unit.min')} />
        </Form.Item>
        <Form.Item name="severity" label={t('alarm:field.severity')}>
          <Select options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarm:severity.${s}`) }))} />
        </Form.Item>
        <Form.Item name="staffIds" label={t('alarm:field.contacts')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={staff.isFetching}
            options={(staff.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('alarm:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
