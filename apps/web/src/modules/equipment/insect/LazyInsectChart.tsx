import { lazy, Suspense } from 'react';
import type { InsectChartProps } from './InsectChart';

const InsectChart = lazy(() => import('./InsectChart'));

export function LazyInsectChart(props: InsectChartProps) {
  return (
    <Suspense fallback={<div className={`tl-insect-chart tl-insect-chart--${props.kind}`} />}>
      <InsectChart {...props} />
    </Suspense>
  );
}
