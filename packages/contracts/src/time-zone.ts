// A tenant's time zone: the calendar its "today", day ranges, report buckets and document dates follow,
// on the server and in the console whatever the browser's own zone is (ADR 0010).

/** Where the farms this console was first built for keep their clocks. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const known = new Map<string, boolean>();

/** Whether the runtime's time-zone database knows an IANA name ('UTC' included, offsets refused). */
export const isTimeZone = (name: string): boolean => {
  const hit = known.get(name);
  if (hit !== undefined) return hit;
  let ok = /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(name);
  if (ok) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
    } catch {
      ok = false;
    }
  }
  if (known.size < 1000) known.set(name, ok);
  return ok;
};
