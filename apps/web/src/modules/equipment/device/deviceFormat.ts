import type { Device } from '@tilth/contracts/device.types';
import type { DeviceTypeDef, MetricDef } from '@tilth/contracts/device-types';
import type { Dayjs } from 'dayjs';
import { formatNumber, NO_DATA } from '../../../shared/format/number';
import type { Language } from '../../../shared/i18n/languages';

// Display helpers of the device screens: time ranges for history calls, values with units in the
// interface language, carousels, the telemetry sample shown with a device's credentials.

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Spec 02 §5: history ranges are sent as 'YYYY-MM-DD 00:00:00' … 'YYYY-MM-DD 23:59:59'. */
export const dayRange = (start: Dayjs, end: Dayjs): { startTime: string; endTime: string } => {
  const [a, b] = start.isAfter(end, 'day') ? [end, start] : [start, end];
  return { startTime: `${a.format(DAY_FORMAT)} 00:00:00`, endTime: `${b.format(DAY_FORMAT)} 23:59:59` };
};

/** Splits a list into slides of `size` (collected data: 5 per slide; soil layers: 3). */
export const chunk = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export const langOf = (language: string): Language => (language.startsWith('en') ? 'en-US' : 'zh-CN');

/** A reading with the metric's decimals, grouped for the language, and its unit. */
export const formatValue = (
  value: number | null | undefined,
  unit: string,
  language: string,
  decimals = 2,
): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA;
  // Uptimes and run times arrive in seconds; "511 s" reads better as "8 min 31 s".
  if (unit === 's' && Math.abs(value) >= 60) return formatDuration(value, language);
  const text = formatNumber(value, langOf(language), decimals);
  return unit ? `${text} ${unit}` : text;
};

const DURATION_UNITS = {
  'zh-CN': { d: '天', h: '小时', min: '分', s: '秒', sep: ' ' },
  'en-US': { d: 'd', h: 'h', min: 'min', s: 's', sep: ' ' },
} as const;

/** Seconds as the two largest units: '2 天 4 小时' / '2 d 4 h', '8 分 31 秒' / '8 min 31 s'. */
export const formatDuration = (seconds: number, language: string): string => {
  const u = DURATION_UNITS[langOf(language)];
  const total = Math.round(Math.abs(seconds));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), u.d],
    [Math.floor((total % 86_400) / 3600), u.h],
    [Math.floor((total % 3600) / 60), u.min],
    [total % 60, u.s],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return `0 ${u.s}`;
  const shown = parts.slice(first, first + 2).filter(([n], i) => i === 0 || n > 0);
  const nf = new Intl.NumberFormat(langOf(language));
  return (seconds < 0 ? '-' : '') + shown.map(([n, unit]) => `${nf.format(n)} ${unit}`).join(u.sep);
};

export const metricLabel = (metric: MetricDef, language: string): string => metric.name[langOf(language)];

/** 'lastSeen' as '3 minutes ago' / '3分钟前'; '—' when never seen. */
export const relativeTime = (iso: string | null, language: string, now: number = Date.now()): string => {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '—';
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(langOf(language), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return format.format(Math.round(seconds / 86_400), 'day');
  if (abs < 365 * 86_400) return format.format(Math.round(seconds / (30 * 86_400)), 'month');
  return format.format(Math.round(seconds / (365 * 86_400)), 'year');
};

/** The few latest values a list row shows: metrics the device reported, in registry order. */
export const keyValues = (
  type: DeviceTypeDef,
  latest: Device['latest'],
  max = 3,
): { metric: MetricDef; value: number }[] =>
  type.metrics
    .filter((m) => typeof latest[m.key] === 'number')
    .slice(0, max)
    .map((m) => ({ metric: m, value: latest[m.key] as number }));

/** A believable reading for the sample message: the middle of the metric's range, its decimals. */
const sampleValue = (m: MetricDef): number => {
  if (m.max - m.min <= 1) return m.min;
  const span = Math.min(m.max, m.min + 100) - m.min;
  return Number((m.min + span / 2).toFixed(m.decimals));
};

/** The JSON a device publishes on …/up, with the type's first metrics (credentials modal). */
export const telemetrySample = (type: DeviceTypeDef, ts: Date, maxValues = 6): string =>
  JSON.stringify(
    {
      ts: ts.toISOString(),
      seq: 1,
      values: Object.fromEntries(type.metrics.slice(0, maxValues).map((m) => [m.key, sampleValue(m)])),
    },
    null,
    2,
  );

/** Spec 02 §3 latlng 'lat,lng' from the picked point, '' when none. */
export const latLngText = (lat: number | null | undefined, lng: number | null | undefined): string =>
  typeof lat === 'number' && typeof lng === 'number' ? `${lat},${lng}` : '';
