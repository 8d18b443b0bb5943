import type { AlarmOp, AlarmSeverity } from '@tilth/contracts/alarm.types';
import { deviceTypeByKey, metricOf } from '@tilth/contracts/device-types';
import { formatValue, langOf } from '../device/deviceFormat';
import { metricText } from '../shared/metricFormat';

// Display helpers of the alarm and strategy pages: metric names and values from the registry, in the
// interface language.

export const SEVERITY_COLOR: Readonly<Record<AlarmSeverity, string>> = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
};

export const OP_SYMBOL: Readonly<Record<AlarmOp, string>> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

/** The metric's name in the language, or its key when the type does not know it. */
export const metricName = (typeKey: string | null, metric: string | null, language: string): string => {
  if (!metric) return '—';
  const m = typeKey ? metricOf(typeKey, metric) : undefined;
  return m ? m.name[langOf(language)] : metric;
};

/** A value with the metric's decimals and unit. */
export const metricValue = (
  typeKey: string | null,
  metric: string | null,
  value: number | null,
  language: string,
): string => {
  const m = typeKey && metric ? metricOf(typeKey, metric) : undefined;
  return formatValue(value, m?.unit ?? '', language, m?.decimals ?? 2);
};

/** A reading: an enumerated metric's state in words (fault → '故障'), else as metricValue. */
export const metricReading = (
  typeKey: string | null,
  metric: string | null,
  value: number | null,
  language: string,
): string => {
  const m = typeKey && metric ? metricOf(typeKey, metric) : undefined;
  return m?.states ? metricText(m, value, language) : metricValue(typeKey, metric, value, language);
};

export const typeName = (typeKey: string | null, language: string): string =>
  (typeKey ? deviceTypeByKey(typeKey)?.name[langOf(language)] : undefined) ?? typeKey ?? '—';
