import { ALARM_OPS } from '@tilth/contracts/alarm.types';
import type { DeviceTypeDef, MetricDef } from '@tilth/contracts/device-types';
import type { Rule } from 'antd/es/form';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select, { type SelectProps } from 'antd/es/select';
import type { CSSProperties } from 'react';
import type { Language } from '../../../shared/i18n/languages';
import { OP_SYMBOL } from '../alarm/alarmFormat';

// The "metric · operator · threshold" fields that alarm rules and strategy conditions share: metrics of
// the chosen device's type from the registry, the four operators, and a threshold held to the metric's
// range and shown with its unit. Field names are `metric`, `op` and `threshold` in both forms.

/** The metrics of a type as select options: "name (unit)" in the interface language. */
export const metricOptions = (type: DeviceTypeDef | undefined, lang: Language) =>
  (type?.metrics ?? []).map((m) => ({
    value: m.key,
    label: m.unit ? `${m.name[lang]} (${m.unit})` : m.name[lang],
  }));

type MetricSelectProps = Omit<SelectProps<string>, 'options'> & {
  type: DeviceTypeDef | undefined;
  lang: Language;
};

/** The metric select of a device type; disabled until a type is known (a Form.Item child). */
export function MetricSelect({ type, lang, ...rest }: MetricSelectProps) {
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!type}
      {...rest}
      options={metricOptions(type, lang)}
    />
  );
}

interface OpThresholdProps {
  /** The chosen metric: its range and unit bound the threshold. */
  metric: MetricDef | undefined;
  required: Rule;
  opStyle?: CSSProperties;
  thresholdStyle?: CSSProperties;
}

/** Operator and threshold, side by side inside a row (noStyle items named `op` and `threshold`). */
export function OpThresholdFields({ metric, required, opStyle, thresholdStyle }: OpThresholdProps) {
  return (
    <>
      <Form.Item name="op" noStyle>
        <Select style={opStyle} options={ALARM_OPS.map((o) => ({ value: o, label: OP_SYMBOL[o] }))} />
      </Form.Item>
      <Form.Item name="threshold" noStyle rules={[required]}>
        <InputNumber
          style={thresholdStyle}
          min={metric?.min}
          max={metric?.max}
          suffix={metric?.unit || undefined}
        />
      </Form.Item>
    </>
  );
}
