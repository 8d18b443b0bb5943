import dayjs, { type Dayjs } from 'dayjs';

// Activity times are farm time (+08:00): the server reads 'YYYY-MM-DD HH:mm:ss' in it and answers UTC.
// Shown and picked in farm time so a browser elsewhere sees the farm's clock.

const FARM_OFFSET_MS = 8 * 60 * 60 * 1000;

/** ISO moment → a dayjs whose wall-clock fields are the farm's. */
export const toFarmDayjs = (iso: string): Dayjs => {
  const farm = new Date(new Date(iso).getTime() + FARM_OFFSET_MS);
  return dayjs(
    new Date(
      farm.getUTCFullYear(),
      farm.getUTCMonth(),
      farm.getUTCDate(),
      farm.getUTCHours(),
      farm.getUTCMinutes(),
      farm.getUTCSeconds(),
    ),
  );
};

/** A picked wall-clock time (farm time) → what the server takes. */
export const toFarmText = (d: Dayjs): string => d.format('YYYY-MM-DD HH:mm:ss');

/** The farm-time days an activity covers, 'YYYY-MM-DD' each (for the month view). */
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
