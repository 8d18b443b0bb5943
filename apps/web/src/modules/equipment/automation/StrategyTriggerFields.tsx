import type { DeviceOption } from '@tilth/contracts/device.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { langOf } from '../device/deviceFormat';
import { MetricSelect, OpThresholdFields } from '../shared/MetricConditionFields';
import { HHMM, type StrategyFormValues } from './strategyForm';

interface Props {
  values: Partial<StrategyFormValues> | undefined;
  devices: readonly DeviceOption[];
  loading: boolean;
  /** The sensor changed: its metric no longer applies. */
  onSensorChange: () => void;
}

/** The "when" of a strategy: a schedule or a sensor condition, then the guards (no rain today, hours). */
export function StrategyTriggerFields({ values, devices, loading, onSensorChange }: Props) {
  const { t, i18n } = useTranslation(['automation', 'alarm', 'common']);
  const lang = langOf(i18n.language);
  const required = { required: true, message: t('common:validation.required') };
  const sensors = devices.filter((d) => (deviceTypeByKey(d.deviceType)?.metrics.length ?? 0) > 0);
  const rainStations = devices.filter((d) =>
    deviceTypeByKey(d.deviceType)?.metrics.some((m) => m.key === 'rainfall' || m.key === 'rainFlag'),
  );
  const condKey = devices.find((d) => d.id === values?.condDeviceId)?.deviceType;
  const condType = condKey ? deviceTypeByKey(condKey) : undefined;
  const condMetric = condType?.metrics.find((m) => m.key === values?.metric);

  return (
    <>
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
              loading={loading}
              onChange={onSensorChange}
              options={sensors.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
          <Form.Item label={t('automation:field.condition')} required>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Form.Item name="metric" noStyle rules={[required]}>
                <MetricSelect type={condType} lang={lang} style={{ minWidth: 180 }} />
              </Form.Item>
              <OpThresholdFields metric={condMetric} required={required} opStyle={{ width: 80 }} />
              <Form.Item name="forMin" noStyle>
                {/* Room for the prefix, four digits and the unit in both languages (issue 12 item 5). */}
                <InputNumber
                  style={{ width: 180 }}
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
          <Form.Item name="to" noStyle rules={[{ pattern: HHMM, message: t('automation:strategy.badTime') }]}>
            <Input style={{ width: 90 }} disabled={!values?.windowGuard} placeholder="18:00" />
          </Form.Item>
        </div>
      </Form.Item>
    </>
  );
}
