import { formatNumber } from '../../../shared/format/number';

/** Usage shown as 'used / plan MB (n %)'; without a plan just the used amount. */
export const usageText = (
  usedMb: number,
  planMb: number | null,
  percent: number | null,
  language: string,
): string => {
  const n = (v: number) => formatNumber(v, language.startsWith('en') ? 'en-US' : 'zh-CN', 1);
  if (planMb === null) return `${n(usedMb)} MB`;
  return `${n(usedMb)} / ${n(planMb)} MB${percent === null ? '' : ` (${n(percent)} %)`}`;
};

/** Progress colour: over 90 % of the plan is a warning, over 100 % an exception. */
export const usageStatus = (percent: number | null): 'normal' | 'active' | 'exception' =>
  percent === null || percent < 90 ? 'normal' : percent <= 100 ? 'active' : 'exception';
