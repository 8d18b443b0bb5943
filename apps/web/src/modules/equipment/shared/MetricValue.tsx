import type { MetricDef } from '@tilth/contracts/device-types';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { formatMetric } from './metricFormat';

/**
 * A metric value: enumerated → the state's words as a coloured tag; numeric → the number for the
 * language with its unit (`unit` overrides the registry's, e.g. when the card prints the unit apart).
 */
export function MetricValue({
  metric,
  value,
  unit,
  tag = false,
}: {
  metric: MetricDef | undefined;
  value: number | null | undefined;
  unit?: string;
  /** Numbers in a tag too (list columns show every value as a tag). */
  tag?: boolean;
}) {
  const { i18n } = useTranslation();
  const { text, tone } = formatMetric(metric, value, i18n.language, unit);
  if (tone) return <Tag color={tone}>{text}</Tag>;
  return tag ? <Tag>{text}</Tag> : text;
}
