import type {
  AriDay,
  AriReport,
  LightPeriod,
  LightReport,
  RainfallPeriod,
  RainfallReport,
} from '@tilth/contracts/report.types';
import type { Lang } from '../../platform/i18n/lang.js';
import { buildWorkbook, sheet } from './report.xlsx.js';

// Excel exports of the weather reports: the same numbers as the JSON, headers in the caller's language.

type L = Record<Lang, string>;
const t = (lang: Lang, s: L): string => s[lang];

const stationLine = (lang: Lang, names: string[]): string =>
  t(lang, { 'zh-CN': '气象站：', 'en-US': 'Stations: ' }) +
  (names.length ? names.join(lang === 'zh-CN' ? '、' : ', ') : t(lang, { 'zh-CN': '无', 'en-US': 'none' }));

const rangeLine = (lang: Lang, start: string, end: string): string =>
  `${t(lang, { 'zh-CN': '时间范围：', 'en-US': 'Range: ' })}${start} ~ ${end}`;

export const rainfallWorkbook = (r: RainfallReport, lang: Lang): Promise<Buffer> =>
  buildWorkbook([
    sheet<RainfallPeriod>({
      name: t(lang, { 'zh-CN': '降雨量报表', 'en-US': 'Rainfall' }),
      preamble: [
        t(lang, { 'zh-CN': '降雨量报表', 'en-US': 'Rainfall report' }),
        rangeLine(lang, r.startDate, r.endDate),
        stationLine(
          lang,
          r.stations.map((s) => s.name),
        ),
      ],
      columns: [
        {
          header: t(lang, { 'zh-CN': '时间', 'en-US': 'Period' }),
          value: (p) => p.period,
          width: 14,
        },
        {
          header: t(lang, { 'zh-CN': '降雨量 (mm)', 'en-US': 'Rainfall (mm)' }),
          value: (p) => p.rainfall,
          numFmt: '0.0',
        },
        { header: t(lang, { 'zh-CN': '降雨天数', 'en-US': 'Rain days' }), value: (p) => p.rainDays },
        {
          header: t(lang, { 'zh-CN': '最大小时雨强 (mm/h)', 'en-US': 'Max hourly (mm/h)' }),
          value: (p) => p.maxHourly,
          numFmt: '0.0',
          width: 22,
        },
        {
          header: t(lang, { 'zh-CN': '有数据天数', 'en-US': 'Days with data' }),
          value: (p) => p.daysWithData,
        },
      ],
      rows: r.periods,
    }),
  ]);

export const ariWorkbook = (r: AriReport, lang: Lang): Promise<Buffer> =>
  buildWorkbook([
    sheet<AriDay>({
      name: t(lang, { 'zh-CN': '积温报表', 'en-US': 'Accumulated temperature' }),
      preamble: [
        t(lang, { 'zh-CN': '积温报表', 'en-US': 'Accumulated temperature report' }),
        rangeLine(lang, r.startDate, r.endDate),
        `${t(lang, { 'zh-CN': '基点温度：', 'en-US': 'Base temperature: ' })}${r.base} °C`,
        stationLine(
          lang,
          r.stations.map((s) => s.name),
        ),
      ],
      columns: [
        { header: t(lang, { 'zh-CN': '日期', 'en-US': 'Date' }), value: (d) => d.date, width: 14 },
        {
          header: t(lang, { 'zh-CN': '日平均气温 (°C)', 'en-US': 'Daily mean (°C)' }),
          value: (d) => d.meanTemp,
          numFmt: '0.00',
        },
        {
          header: t(lang, { 'zh-CN': '最低气温 (°C)', 'en-US': 'Min (°C)' }),
          value: (d) => d.minTemp,
          numFmt: '0.00',
        },
        {
          header: t(lang, { 'zh-CN': '最高气温 (°C)', 'en-US': 'Max (°C)' }),
          value: (d) => d.maxTemp,
          numFmt: '0.00',
        },
        { header: t(lang, { 'zh-CN': '数据小时数', 'en-US': 'Hours' }), value: (d) => d.hours },
        {
          header: t(lang, { 'zh-CN': '有效积温 (°C·d)', 'en-US': 'Growing degree days (°C·d)' }),
          value: (d) => d.effective,
          numFmt: '0.00',
          width: 26,
        },
        {
          header: t(lang, { 'zh-CN': '累计有效积温', 'en-US': 'GDD running total' }),
          value: (d) => d.effectiveTotal,
          numFmt: '0.00',
          width: 20,
        },
        {
          header: t(lang, { 'zh-CN': '活动积温 (°C·d)', 'en-US': 'Active temperature (°C·d)' }),
          value: (d) => d.active,
          numFmt: '0.00',
          width: 26,
        },
        {
          header: t(lang, { 'zh-CN': '累计活动积温', 'en-US': 'Active running total' }),
          value: (d) => d.activeTotal,
          numFmt: '0.00',
          width: 20,
        },
      ],
      rows: r.days,
    }),
  ]);

export const lightWorkbook = (r: LightReport, lang: Lang): Promise<Buffer> =>
  buildWorkbook([
    sheet<LightPeriod>({
      name: t(lang, { 'zh-CN': '光照报表', 'en-US': 'Light' }),
      preamble: [
        t(lang, { 'zh-CN': '光照报表', 'en-US': 'Light report' }),
        rangeLine(lang, r.startDate, r.endDate),
        `${t(lang, { 'zh-CN': '日照阈值：', 'en-US': 'Sunshine threshold: ' })}${r.sunshineLux} lux`,
        stationLine(
          lang,
          r.stations.map((s) => s.name),
        ),
      ],
      columns: [
        { header: t(lang, { 'zh-CN': '时间', 'en-US': 'Period' }), value: (p) => p.period, width: 14 },
        {
          header: t(lang, { 'zh-CN': '平均光照度 (lux)', 'en-US': 'Mean illuminance (lux)' }),
          value: (p) => p.avgIlluminance,
          numFmt: '#,##0',
          width: 22,
        },
        {
          header: t(lang, { 'zh-CN': '最大光照度 (lux)', 'en-US': 'Max illuminance (lux)' }),
          value: (p) => p.maxIlluminance,
          numFmt: '#,##0',
          width: 22,
        },
        {
          header: t(lang, { 'zh-CN': '日照时数 (h)', 'en-US': 'Sunshine hours (h)' }),
          value: (p) => p.sunshineHours,
          numFmt: '0.0',
          width: 20,
        },
        {
          header: t(lang, { 'zh-CN': '有数据天数', 'en-US': 'Days with data' }),
          value: (p) => p.daysWithData,
        },
      ],
      rows: r.periods,
    }),
  ]);
