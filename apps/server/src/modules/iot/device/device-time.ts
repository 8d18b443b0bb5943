import { parseLocalTime } from '../../../platform/time/zone.js';

// History times of the device calls (spec 02 §5): 'YYYY-MM-DD HH:mm:ss' in the tenant's time zone
// (ctx.timeZone, ADR 0010), a bare 'YYYY-MM-DD', or an ISO-8601 instant.

// The spec's two forms only (a typed 'HH:mm' is refused here); the conversion is platform/time's.
const SPEC_FORM = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?$/;

/**
 * The instant a history time stands for, or undefined when it is not a real time. A bare day is its
 * first second as a start and its last second as an end, so '2025-05-01'…'2025-05-01' is that whole day.
 */
export const parseHistoryTime = (text: string, edge: 'start' | 'end', tz: string): Date | undefined => {
  if (SPEC_FORM.test(text)) {
    return parseLocalTime(text.length === 10 && edge === 'end' ? `${text} 23:59:59` : text, tz);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
};
