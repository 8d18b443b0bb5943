import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../shared/chart/useEChart';

// Loaded lazily by the dashboard: ECharts stays out of the shell's first chunk.
use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** One dashboard chart; the option is built (and memoised) by the page. */
export default function CarbonChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const { ref } = useEChart(option);
  return <div ref={ref} role="img" aria-label={label} className="tl-carbon-chart" />;
}
