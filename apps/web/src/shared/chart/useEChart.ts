import { type EChartsCoreOption, type EChartsType, init } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

// Each chart module registers its own ECharts pieces (`use([...])`) so bundles stay tree-shaken; this is
// only the lifecycle they share.

/**
 * One ECharts instance for the life of the element: follows its size, replaces the option when it changes
 * (memoise the option), disposed on unmount. `chart` is for callers that drive the instance (tooltips).
 */
export function useEChart(option: EChartsCoreOption): {
  ref: RefObject<HTMLDivElement | null>;
  chart: RefObject<EChartsType | null>;
} {
  const ref = useRef<HTMLDivElement | null>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = init(ref.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    resize?.observe(ref.current);
    return () => {
      resize?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return { ref, chart };
}
