import type {
  AriDay,
  AriReport,
  LightPeriod,
  LightReport,
  RainfallPeriod,
  RainfallReport,
} from '@tilth/contracts/report.types';
import type { Lang } from '../../../platform/i18n/lang.js';
import { buildWorkbook, sheet } from './report.xlsx.js';

// Excel exports of the weather reports: the same numbers as the JSON, headers in the caller's language.

type L = Record<Lang, string>;
const t = (lang: Lang, s: L): string => s[lang];

/** A column: zh-CN header, en-US header, the cell, and optionally its number format and width. */
type Col<R> = readonly [
  zh: string,
  en: string,
  value: (row: R) => string | number | null,
  numFmt?: string,
  width?: number,
];

interface ReportSheet<R> {
  title: L;
  /** The sheet tab; the title when not given. */
  tab?: L;
  report: { startDate: string; endDate: string; stations: readonly { name: string }[] };
  /** A parameter line under the range (base temperature, sunshine threshold). */
  param?: string;
  columns: readonly Col<R>[];
  rows: readonly R[];
}

/** The one workbook shape of the three reports: title, range, parameter, stations, then the table. */
const reportWorkbook = <R>(lang: Lang, s: ReportSheet<R>): Promise<Buffer> => {
  const names = s.report.stations.map((x) => x.name);
  const stations = names.length
    ? names.join(lang === 'zh-CN' ? '、' : ', ')
    : t(lang, { 'zh-CN': '无', 'en-US': 'none' });
  return buildWorkbook([
    sheet<R>({
      name: t(lang, s.tab ?? s.title),
      preamble: [
        t(lang, s.title),
        `${t(lang, { 'zh-CN': '时间范围：', 'en-US': 'Range: ' })}${s.report.startDate} ~ ${s.report.endDate}`,
        ...(s.param === undefined ? [] : [s.param]),
        t(lang, { 'zh-CN': '气象站：', 'en-US': 'Stations: ' }) + stations,
      ],
      columns: s.columns.map(([zh, en, value, numFmt, width]) => ({
        header: t(lang, { 'zh-CN': zh, 'en-US': en }),
        value,
        ...(numFmt ? { numFmt } : {}),
        ...(width ? { width } : {}),
      })),
      rows: s.rows,
    }),
  ]);
};

/** The reports' names: workbook titles and export file names. */
export const REPORT_TITLES = {
  rainfall: { 'zh-CN': '降雨量报表', 'en-US': 'Rainfall report' },
  ari: { 'zh-CN': '积温报表', 'en-US': 'Accumulated temperature report' },
  light: { 'zh-CN': '光照报表', 'en-US': 'Light report' },
} as const satisfies Record<string, L>;

const RAINFALL: readonly Col<RainfallPeriod>[] = [
  ['时间', 'Period', (p) => p.period, undefined, 14],
  ['降雨量 (mm)', 'Rainfall (mm)', (p) => p.rainfall, '0.0'],
  ['降雨天数', 'Rain days', (p) => p.rainDays],
  ['最大小时雨强 (mm/h)', 'Max hourly (mm/h)', (p) => p.maxHourly, '0.0', 22],
  ['有数据天数', 'Days with data', (p) => p.daysWithData],
];

const ARI: readonly Col<AriDay>[] = [
  ['日期', 'Date', (d) => d.date, undefined, 14],
  ['日平均气温 (°C)', 'Daily mean (°C)', (d) => d.meanTemp, '0.00'],
  ['最低气温 (°C)', 'Min (°C)', (d) => d.minTemp, '0.00'],
  ['最高气温 (°C)', 'Max (°C)', (d) => d.maxTemp, '0.00'],
  ['数据小时数', 'Hours', (d) => d.hours],
  ['有效积温 (°C·d)', 'Growing degree days (°C·d)', (d) => d.effective, '0.00', 26],
  ['累计有效积温', 'GDD running total', (d) => d.effectiveTotal, '0.00', 20],
  ['活动积温 (°C·d)', 'Active temperature (°C·d)', (d) => d.active, '0.00', 26],
  ['累计活动积温', 'Active running total', (d) => d.activeTotal, '0.00', 20],
];

const LIGHT: readonly Col<LightPeriod>[] = [
  ['时间', 'Period', (p) => p.period, undefined, 14],
  ['平均光照度 (lux)', 'Mean illuminance (lux)', (p) => p.avgIlluminance, '#,##0', 22],
  ['最大光照度 (lux)', 'Max illuminance (lux)', (p) => p.maxIlluminance, '#,##0', 22],
  ['日照时数 (h)', 'Sunshine hours (h)', (p) => p.sunshineHours, '0.0', 20],
  ['有数据天数', 'Days with data', (p) => p.daysWithData],
];

export const rainfallWorkbook = (r: RainfallReport, lang: Lang): Promise<Buffer> =>
  reportWorkbook(lang, {
    title: REPORT_TITLES.rainfall,
    tab: { 'zh-CN': '降雨量报表', 'en-US': 'Rainfall' },
    report: r,
    columns: RAINFALL,
    rows: r.periods,
  });

export const ariWorkbook = (r: AriReport, lang: Lang): Promise<Buffer> =>
  reportWorkbook(lang, {
    title: REPORT_TITLES.ari,
    tab: { 'zh-CN': '积温报表', 'en-US': 'Accumulated temperature' },
    report: r,
    param: `${t(lang, { 'zh-CN': '基点温度：', 'en-US': 'Base temperature: ' })}${r.base} °C`,
    columns: ARI,
    rows: r.days,
  });

export const lightWorkbook = (r: LightReport, lang: Lang): Promise<Buffer> =>
  reportWorkbook(lang, {
    title: REPORT_TITLES.light,
    tab: { 'zh-CN': '光照报表', 'en-US': 'Light' },
    report: r,
    param: `${t(lang, { 'zh-CN': '日照阈值：', 'en-US': 'Sunshine threshold: ' })}${r.sunshineLux} lux`,
    columns: LIGHT,
    rows: r.periods,
  });
