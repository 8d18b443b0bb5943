import { describe, expect, it } from 'vitest';

// The console's days are the tenant's (ADR 0010): a page that formats with `dayjs(x)` or `toLocale…`
// shows the browser's zone instead (the user list's "last sign-in" did, in New York, a day behind).
// Every page goes through shared/format/time.ts; calendar arithmetic on a bare 'YYYY-MM' is zone-free.
const sources = import.meta.glob<string>('../../**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Keys as the glob names them (relative to this folder).
const ZONE_FREE = new Set(['./time.ts', '../../modules/report/weather/reportFormat.ts']);
const BROWSER_ZONE = /\bdayjs\([^)]|\.toLocale(?:Date|Time)?String\(/;

describe('dates on the console', () => {
  it('are formatted in the tenant zone through shared/format/time, never with the browser zone', () => {
    const offences = Object.entries(sources)
      .filter(([file]) => !/\.test\.tsx?$/.test(file) && !ZONE_FREE.has(file))
      .flatMap(([file, src]) =>
        src
          .split('\n')
          .flatMap((line, i) => (BROWSER_ZONE.test(line) ? [`${file}:${i + 1} ${line.trim()}`] : [])),
      );
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(offences).toEqual([]);
  });
});
