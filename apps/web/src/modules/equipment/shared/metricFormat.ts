import type { MetricDef, MetricTone } from '@tilth/contracts/device-types';
import { metricState } from '@tilth/contracts/device-types';
import { formatValue, langOf } from '../device/deviceFormat';

// The one way a metric value reads on every equipment screen: an enumerated metric (valve, run,
// fault, power, rain, lamp…) as its state's words from the device type registry, anything else as a
// number for the language with its unit.

export interface MetricText {
  text: string;
  /** Set for enumerated values only: the colour of the state. */
  tone?: MetricTone;
}

export const formatMetric = (
  metric: MetricDef | undefined,
  value: number | null | undefined,
  language: string,
  unit: string = metric?.unit ?? '',
): MetricText => {
  if (metric?.states && typeof value === 'number') {
    const state = metricState(metric, value);
    if (state) return { text: state.name[langOf(language)], tone: state.tone };
  }
  return { text: formatValue(value, unit, language, metric?.decimals ?? 2) };
};

/** Plain text (exports of the console, tooltips, chart labels). */
export const metricText = (
  metric: MetricDef | undefined,
  value: number | null | undefined,
  language: string,
): string => formatMetric(metric, value, language).text;
