import { useQuery } from '@tanstack/react-query';
import { ALARM_OPS, type AlarmOp } from '@tilth/contracts/alarm.types';
import {
  STRATEGY_DURATION_MAX_MIN,
  STRATEGY_NAME_MAX,
  type StrategyAction,
  type StrategyGuard,
  type StrategyTrigger,
} from '@tilth/contracts/automation.types';
import { type CommandParamDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
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
import { OP_SYMBOL } from '../alarm/alarmFormat';
import { langOf } from '../device/deviceFormat';
import { automationApi, automationKeys, type Strategy } from './automation.api';
import { ACTUATOR_TYPES, type NameLookup, strategySentence } from './strategyText';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Params the server fills per channel of a group member. */
const CHANNEL_PARAMS = new Set(['switchId', 'circuit', 'port']);

interface FormValues {
  name: string;
  enabled: boolean;
  triggerKind: 'schedule' | 'condition';
  times: string[];
  days: number[];
  condDeviceId?: number;
  metric?: string;
  op: AlarmOp;
  threshold?: number;
  forMin: number;
  rainGuard: boolean;
  rainDeviceId?: number;
  windowGuard: boolean;
  from?: string;
  to?: string;
  targetKind: 'device' | 'group';
  targetDeviceId?: number;
  targetGroupId?: number;
  action?: string;
  params: Record<string, number | boolean | string | undefined>;
  durationMin: number;
  description?: string;
}

interface Props {
  tenantId: number;
  open: boolean;
  strategy: Strategy | null;
  onClose: () => void;
}

const toValues = (s: Strategy | null): FormValues => {
  const tr = s?.trigger;
  const rain = s?.guards.find((g) => g.kind === 'noRainToday');
  const win = s?.guards.find((g) => g.kind === 'timeWindow');
  return {
    name: s?.name ?? '',
    enabled: (s?.enabledFlag ?? 1) === 1,
    triggerKind: tr?.kind ?? 'condition',
    times: tr?.kind === 'schedule' ? tr.times : ['06:30'],
    days: tr?.kind === 'schedule' ? tr.days : [1, 2, 3, 4, 5, 6, 7],
    condDeviceId: tr?.kind === 'condition' ? tr.deviceId : undefined,
    metric: tr?.kind === 'condition' ? tr.metric : undefined,
    op: tr?.kind === 'condition' ? tr.op : 'lt',
    threshold: tr?.kind === 'condition' ? tr.threshold : undefined,
    forMin: tr?.kind === 'condition' ? tr.forMin : 10,
    rainGuard: rain !== undefined,
    rainDeviceId: rain?.kind === 'noRainToday' ? rain.deviceId : undefined,
    windowGuard: win !== undefined,
    from: win?.kind === 'timeWindow' ? win.from : '06:00',
    to: win?.kind === 'timeWindow' ? win.to : '18:00',
    targetKind: s?.action.targetKind ?? 'device',
    targetDeviceId: s?.action.targetKind === 'device' ? s.action.targetId : undefined,
    targetGroupId: s?.action.targetKind === 'group' ? s.action.targetId : undefined,
    action: s?.action.action,
    params: s?.action.params ?? {},
    durationMin: s?.action.durationMin ?? 0,
    description: s?.description ?? '',
  };
};

/** The strategy as the API takes it, or null while the form is incomplete (no preview then). */
const toShape = (v: Partial<FormValues>) => {
  const trigger: StrategyTrigger | null =
    v.triggerKind === 'schedule'
      ? { kind: 'schedule', times: (v.times ?? []).filter((x) => HHMM.test(x)), days: v.days ?? [] }
      : v.condDeviceId && v.metric && v.threshold !== undefined && v.threshold !== null
        ? {
            kind: 'condition',
            deviceId: v.condDeviceId,
            metric: v.metric,
            op: v.op ?? 'lt',
            threshold: v.threshold,
            forMin: v.forMin ?? 0,
          }
        : null;
  const guards: StrategyGuard[] = [];
  if (v.rainGuard && v.rainDeviceId) guards.push({ kind: 'noRainToday', deviceId: v.rainDeviceId });
  if (v.windowGuard && v.from && v.to) guards.push({ kind: 'timeWindow', from: v.from, to: v.to });
  const targetId = v.targetKind === 'group' ? v.targetGroupId : v.targetDeviceId;
  const params: Record<string, number | boolean | string> = {};
  for (const [k, x] of Object.entries(v.params ?? {}))
    if (x !== undefined && x !== null && x !== '') params[k] = x;
  const action: StrategyAction | null =
    targetId && v.action
      ? {
          targetKind: v.targetKind ?? 'device',
          targetId,
          action: v.action,
          params,
          durationMin: v.durationMin ?? 0,
        }
      : null;
  return trigger && action ? { trigger, guards, action } : null;
};

/** Add or edit a strategy: trigger, guards and action built in plain language, with a live preview. */
export function StrategyFormModal({ tenantId, open, strategy, onClose }: Props) {
  const { t, i18n } = useTranslation(['automation', 'alarm', 'common']);
  const lang = langOf(i18n.language);
  const [form] = Form.useForm<FormValues>();
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
  const values = Form.useWatch([], form) as Partial<FormValues> | undefined;

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
  const sensors = all.filter((d) => (deviceTypeByKey(d.deviceType)?.metrics.length ?? 0) > 0);
  const rainStations = all.filter((d) =>
    deviceTypeByKey(d.deviceType)?.metrics.some((m) => m.key === 'rainfall' || m.key === 'rainFlag'),
  );
  const actuators = all.filter((d) => ACTUATOR_TYPES.has(d.deviceType));
  const condType = typeOf(values?.condDeviceId);
  const condMetric = condType?.metrics.find((m) => m.key === values?.metric);
  const group = groups.data?.find((g) => g.id === values?.targetGroupId);

  // Commands of the target: the device's type, or those every member type of the group has.
  const commands = (() => {
    if (values?.targetKind === 'group') {
      const types = [...new Set(group?.members.map((m) => m.typeKey) ?? [])].map((k) => deviceTypeByKey(k));
      const [first, ...rest] = types;
      return (first?.commands ?? []).filter((c) =>
        rest.every((ty) => ty?.commands.some((x) => x.action === c.action)),
      );
    }
    return typeOf(values?.targetDeviceId)?.commands ?? [];
  })();
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

  const submit = async (v: FormValues) => {
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
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('automation:field.name')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={STRATEGY_NAME_MAX} showCount />
        </Form.Item>

        <Form.Item name="triggerKind" label={t('automation:field.trigger')}>
          <Radio.Group
            optionType="button"
            options={(['condition', 'schedule'] as const).map((k) => ({
              value: k,
              label: t(`automation:trigger.${k}`),
            }))}
          />
        </Form.Item>
        {values?.triggerKind === 'schedule' ? (
          <>
            <Form.Item
              name="times"
              label={t('automation:field.times')}
              extra={t('automation:strategy.timesHint')}
              rules={[
                { ...required, type: 'array', min: 1 },
                {
                  validator: (_, v: string[] | undefined) =>
                    (v ?? []).every((x) => HHMM.test(x))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('automation:strategy.badTime'))),
                },
              ]}
            >
              <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} />
            </Form.Item>
            <Form.Item
              name="days"
              label={t('automation:field.days')}
              rules={[{ ...required, type: 'array', min: 1 }]}
            >
              <Checkbox.Group
                options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({
                  value: d,
                  label: t(`automation:weekday.${d}`),
                }))}
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="condDeviceId" label={t('automation:field.sensor')} rules={[required]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={devices.isFetching}
                onChange={() => form.setFieldValue('metric', undefined)}
                options={sensors.map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
            <Form.Item label={t('automation:field.condition')} required>
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                <Form.Item name="metric" noStyle rules={[required]}>
                  <Select
                    style={{ minWidth: 180 }}
                    disabled={!condType}
                    options={(condType?.metrics ?? []).map((m) => ({
                      value: m.key,
                      label: m.unit ? `${m.name[lang]} (${m.unit})` : m.name[lang],
                    }))}
                  />
                </Form.Item>
                <Form.Item name="op" noStyle>
                  <Select
                    style={{ width: 80 }}
                    options={ALARM_OPS.map((o) => ({ value: o, label: OP_SYMBOL[o] }))}
                  />
                </Form.Item>
                <Form.Item name="threshold" noStyle rules={[required]}>
                  <InputNumber
                    min={condMetric?.min}
                    max={condMetric?.max}
                    suffix={condMetric?.unit || undefined}
                  />
                </Form.Item>
                <Form.Item name="forMin" noStyle>
                  <InputNumber
                    min={0}
                    max={1440}
                    precision={0}
                    prefix={t('automation:field.forMin')}
                    suffix={t('alarm:unit.min')}
                  />
                </Form.Item>
              </div>
            </Form.Item>
          </>
        )}

        <Form.Item label={t('automation:field.guards')}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8 }}>
            <Form.Item name="rainGuard" valuePropName="checked" noStyle>
              <Checkbox>{t('automation:guard.noRainToday')}</Checkbox>
            </Form.Item>
            <Form.Item name="rainDeviceId" noStyle rules={values?.rainGuard ? [required] : []}>
              <Select
                style={{ minWidth: 200 }}
                disabled={!values?.rainGuard}
                placeholder={t('automation:guard.station')}
                options={rainStations.map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
          </div>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <Form.Item name="windowGuard" valuePropName="checked" noStyle>
              <Checkbox>{t('automation:guard.timeWindow')}</Checkbox>
            </Form.Item>
            <Form.Item
              name="from"
              noStyle
              rules={[{ pattern: HHMM, message: t('automation:strategy.badTime') }]}
            >
              <Input style={{ width: 90 }} disabled={!values?.windowGuard} placeholder="06:00" />
            </Form.Item>
            –
            <Form.Item
              name="to"
              noStyle
              rules={[{ pattern: HHMM, message: t('automation:strategy.badTime') }]}
            >
              <Input style={{ width: 90 }} disabled={!values?.windowGuard} placeholder="18:00" />
            </Form.Item>
          </div>
        </Form.Item>

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
          <InputNumber min={0} max={STRATEGY_DURATION_MAX_MIN} precision={0} suffix={t('alarm:unit.min')} />
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
