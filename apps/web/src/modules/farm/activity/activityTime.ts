import type { Dayjs } from 'dayjs';
import { fromInstant, toWallText } from '../../../shared/format/time';

// Activity times are the tenant's wall time: the server reads 'YYYY-MM-DD HH:mm:ss' in the tenant's zone
// and answers instants. Shown and picked on the tenant's clock so a browser elsewhere sees the farm's.

/** ISO moment → a picker value whose wall-clock fields are the tenant's. */
export const toFarmDayjs = (iso: string): Dayjs => fromInstant(iso);

/** A picked wall-clock time (tenant time) → what the server takes. */
export const toFarmText = (d: Dayjs): string => toWallText(d);

/** The tenant-time days an activity covers, 'YYYY-MM-DD' each (for the month view). */
export const farmDays = (startIso: string, endIso: string): string[] => {
  const out: string[] = [];
  const end = toFarmDayjs(endIso).startOf('day');
  for (
    let d = toFarmDayjs(startIso).startOf('day');
    !d.isAfter(end) && out.length < 400;
    d = d.add(1, 'day')
  ) {
    out.push(d.format('YYYY-MM-DD'));
  }
  return out;
};
