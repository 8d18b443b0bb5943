import { useQuery } from '@tanstack/react-query';
import { STRATEGY_DURATION_MAX_MIN, STRATEGY_NAME_MAX } from '@tilth/contracts/automation.types';
import { type CommandParamDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
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
import { automationApi, automationKeys, type Strategy } from './automation.api';
import { StrategyTriggerFields } from './StrategyTriggerFields';
import { CHANNEL_PARAMS, commonCommands, type StrategyFormValues, toShape, toValues } from './strategyForm';
import { ACTUATOR_TYPES, type NameLookup, strategySentence } from './strategyText';

interface Props {
  tenantId: number;
  open: boolean;
  strategy: Strategy | null;
  onClose: () => void;
}

/** Add or edit a strategy: trigger, guards and action built in plain language, with a live preview. */
export function StrategyFormModal({ tenantId, open, strategy, onClose }: Props) {
  const { t, i18n } = useTranslation(['automation', 'alarm', 'common']);
  const lang = langOf(i18n.language);
  const [form] = Form.useForm<StrategyFormValues>();
  const { busy, run } = useSubmit(automationKeys.all(tenantId), onClose);
  const devices = useQuery({
    queryKey: automationKeys.devices(tenantId),
    queryFn: () => automationApi.devices(tenantId),
    enabled: open,
  });
  const groups = useQuery({
    queryKey: automationKeys.groupOptions(tenantId),
    queryFn: () => automationApi.controlGroups(tenantId),
    enabled: open,
  });
  const values = Form.useWatch([], form) as Partial<StrategyFormValues> | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toValues(strategy));
  }, [open, strategy, form]);

  const all = devices.data ?? [];
  const typeOf = (id: number | undefined) => {
    const k = all.find((d) => d.id === id)?.deviceType;
    return k ? deviceTypeByKey(k) : undefined;
  };
  const actuators = all.filter((d) => ACTUATOR_TYPES.has(d.deviceType));
  const group = groups.data?.find((g) => g.id === values?.targetGroupId);

  // Commands of the target: the device's type, or those every member type of the group has.
  const commands =
    values?.targetKind === 'group'
      ? commonCommands(group?.members.map((m) => m.typeKey) ?? [])
      : (typeOf(values?.targetDeviceId)?.commands ?? []);
  const command = commands.find((c) => c.action === values?.action);
  const paramDefs = (command?.params ?? []).filter(
    (p) => p.key !== 'durationMin' && !(values?.targetKind === 'group' && CHANNEL_PARAMS.has(p.key)),
  );

  const names: NameLookup = {
    device: (id) => {
      const d = all.find((x) => x.id === id);
      return d ? { name: d.name, typeKey: d.deviceType } : undefined;
    },
    group: (id) => groups.data?.find((g) => g.id === id)?.name,
  };
  const shape = values ? toShape(values) : null;
  const preview = shape ? strategySentence(shape, names, (k, v) => t(k, v ?? {}), i18n.language) : null;

  const submit = async (v: StrategyFormValues) => {
    const s = toShape(v);
    if (!s) return;
    const body = {
      name: v.name,
      enabledFlag: v.enabled ? 1 : 0,
      ...s,
      description: v.description ?? '',
    } as const;
    await run(
      () =>
        strategy
          ? automationApi.update(tenantId, {
              ...body,
              id: strategy.id,
              objectVersionNumber: strategy.objectVersionNumber,
            })
          : automationApi.create(tenantId, body),
      strategy ? t('common:message.saved') : t('automation:message.created'),
    );
  };

  const required = { required: true, message: t('common:validation.required') };
  const paramInput = (p: CommandParamDef) =>
    p.type === 'boolean' ? (
      <Switch />
    ) : p.values ? (
      <Select options={p.values.map((x) => ({ value: x, label: String(x) }))} />
    ) : p.type === 'string' ? (
      <Input maxLength={200} />
    ) : (
      <InputNumber min={p.min} max={p.max} precision={p.type === 'integer' ? 0 : undefined} />
    );

  return (
    <Modal
      open={open}
      title={strategy ? t('automation:strategy.editTitle') : t('automation:strategy.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={680}
    >
      <Form<StrategyFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('automation:field.name')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={STRATEGY_NAME_MAX} showCount />
        </Form.Item>

        <StrategyTriggerFields
          values={values}
          devices={all}
          loading={devices.isFetching}
          onSensorChange={() => form.setFieldValue('metric', undefined)}
        />

        <Form.Item name="targetKind" label={t('automation:field.target')}>
          <Radio.Group
            options={(['device', 'group'] as const).map((k) => ({
              value: k,
              label: t(`automation:target.${k}`),
            }))}
            onChange={() => form.setFieldsValue({ action: undefined, params: {} })}
          />
        </Form.Item>
        {values?.targetKind === 'group' ? (
          <Form.Item name="targetGroupId" label={t('automation:field.group')} rules={[required]}>
            <Select
              loading={groups.isFetching}
              onChange={() => form.setFieldsValue({ action: undefined, params: {} })}
              options={(groups.data ?? []).map((g) => ({
                value: g.id,
                label: `${g.name} (${g.members.length})`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="targetDeviceId" label={t('automation:field.device')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              onChange={() => form.setFieldsValue({ action: undefined, params: {} })}
              options={actuators.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="action" label={t('automation:field.action')} rules={[required]}>
          <Select
            onChange={() => form.setFieldValue('params', {})}
            options={commands.map((c) => ({ value: c.action, label: c.name[lang] }))}
          />
        </Form.Item>
        {paramDefs.map((p) => (
          <Form.Item
            key={p.key}
            name={['params', p.key]}
            label={p.key}
            extra={p.description}
            valuePropName={p.type === 'boolean' ? 'checked' : 'value'}
            rules={p.required && p.type !== 'boolean' ? [required] : []}
          >
            {paramInput(p)}
          </Form.Item>
        ))}
        <Form.Item
          name="durationMin"
          label={t('automation:field.durationMin')}
          extra={t('automation:strategy.durationHint')}
        >
          <InputNumber
            style={{ width: 160 }}
            min={0}
            max={STRATEGY_DURATION_MAX_MIN}
            precision={0}
            suffix={t('alarm:unit.min')}
          />
        </Form.Item>
        <Form.Item name="description" label={t('automation:field.description')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('automation:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Alert type="info" showIcon title={preview ?? t('automation:strategy.previewEmpty')} />
      </Form>
    </Modal>
  );
}
