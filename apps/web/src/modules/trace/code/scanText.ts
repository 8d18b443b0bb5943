import type { TraceScan } from '@tilth/contracts/trace-code.types';
import { formatNumber } from '../../../shared/format/number';

/** A scan's place as the list shows it: the region the client gave and the coarse point (0.1°), N/S E/W. */
export const placeText = (s: Pick<TraceScan, 'lat' | 'lng' | 'region'>, locale: string): string => {
  const point =
    s.lat === null || s.lng === null
      ? null
      : `${formatNumber(Math.abs(s.lat), locale, 1, 1)}°${s.lat >= 0 ? 'N' : 'S'} ${formatNumber(Math.abs(s.lng), locale, 1, 1)}°${s.lng >= 0 ? 'E' : 'W'}`;
  if (s.region && point) return `${s.region} (${point})`;
  return s.region ?? point ?? '—';
};
