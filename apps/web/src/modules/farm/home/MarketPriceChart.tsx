import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesShape } from '../../../shared/chart/seriesShape';
import { formatNumber, NO_DATA } from '../../../shared/format/number';
import type { ProductHistory } from './market.api';

// Only the line chart and its helpers are registered (tree-shaken 'echarts/core').
use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type Option = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** The last 30 days of one product: average price with the day's low and high. */
export function MarketPriceChart({ product }: { product: ProductHistory }) {
  const { t, i18n } = useTranslation('market');
  const el = useRef<HTMLDivElement | null>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const option = useMemo<Option>(() => {
    const days = product.history.map((p) => p.priceDate.slice(5));
    const line = (
      name: string,
      values: (number | null)[],
      color: string,
      dashed = false,
    ): LineSeriesOption => ({
      name,
      type: 'line',
      data: values,
      // Prices are a measure; the gaps are joined (connectNulls), so a gentle curve is honest here.
      ...seriesShape('measure'),
      showSymbol: false,
      connectNulls: true,
      lineStyle: { width: dashed ? 1 : 2.5, type: dashed ? 'dashed' : 'solid', color },
      itemStyle: { color },
    });
    const unit = `${t('price.currency')}/${product.unit}`;
    return {
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) =>
          typeof v === 'number' ? `${formatNumber(v, i18n.language, 2, 2)} ${unit}` : NO_DATA,
      },
      legend: { top: 0 },
      xAxis: { type: 'category', data: days, boundaryGap: false },
      yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'left' }, scale: true },
      series: [
        line(
          t('price.max'),
          product.history.map((p) => p.maxPrice),
          '#f0a35e',
          true,
        ),
        line(
          t('price.avg'),
          product.history.map((p) => p.avgPrice),
          '#1b9961',
        ),
        line(
          t('price.min'),
          product.history.map((p) => p.minPrice),
          '#5b8ff9',
          true,
        ),
      ],
    };
  }, [product, t, i18n.language]);

  useEffect(() => {
    if (!el.current) return;
    const c = init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    resize?.observe(el.current);
    return () => {
      resize?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return (
    <div
      ref={el}
      className="tl-market__chart"
      role="img"
      aria-label={t('detail.chartLabel', { product: product.productName })}
    />
  );
}
