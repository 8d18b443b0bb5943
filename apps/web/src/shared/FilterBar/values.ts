import type { Dayjs } from 'dayjs';
import type { FilterField, FilterValues } from './types';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

const isDayjs = (v: unknown): v is Dayjs =>
  typeof v === 'object' && v !== null && typeof Reflect.get(v, 'format') === 'function';

/** Form values → what the search sends: dates as text, ranges split, blanks dropped. */
export const toFilterValues = (
  fields: readonly FilterField[],
  raw: Record<string, unknown>,
): FilterValues => {
  const out: FilterValues = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined || value === null || value === '') continue;
    switch (field.type) {
      case 'date':
        if (isDayjs(value)) out[field.name] = value.format(field.format ?? DEFAULT_DATE_FORMAT);
        break;
      case 'dateRange': {
        if (!Array.isArray(value)) break;
        const [start, end] = value as unknown[];
        if (!isDayjs(start) || !isDayjs(end)) break;
        const format = field.format ?? DEFAULT_DATE_FORMAT;
        const pair: [string, string] = [start.format(format), end.format(format)];
        if (field.names) {
          out[field.names[0]] = pair[0];
          out[field.names[1]] = pair[1];
        } else out[field.name] = pair;
        break;
      }
      case 'text': {
        const text = typeof value === 'string' ? value.trim() : String(value);
        if (text) out[field.name] = text;
        break;
      }
      case 'inputSelect':
        if (typeof value === 'object' && value !== null && 'value' in value) {
          const picked: unknown = Reflect.get(value, 'value');
          if (typeof picked === 'string' || typeof picked === 'number') out[field.name] = picked;
        }
        break;
      default:
        if (typeof value === 'string' || typeof value === 'number' || Array.isArray(value)) {
          out[field.name] = value as FilterValues[string];
        }
    }
  }
  return out;
};
