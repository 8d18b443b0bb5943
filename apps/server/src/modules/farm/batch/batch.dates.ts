/**
 * The time zone whose calendar day is "today" for batches (the day of a generated batch code, the end
 * date land/free writes). The farms this console serves keep China time; tenants carry no zone yet.
 */
export const FARM_TIME_ZONE = 'Asia/Shanghai';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: FARM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in FARM_TIME_ZONE as 'YYYY-MM-DD'. */
export const farmToday = (now: Date = new Date()): string => {
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** 'YYYY-MM-DD' plus n days. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
