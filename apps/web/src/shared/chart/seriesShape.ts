// Issue 12 item 6: the batches line was smoothed, so integer counts bulged between months (a curve through
// 2 and 3 that reads 3.4 between them). One place decides a line's shape by what the series counts.

/**
 * What a line series holds: `count` integers (batches, pests), `state` enumerated values (closed / open),
 * `measure` continuous readings (temperature, price).
 */
export type SeriesKind = 'count' | 'state' | 'measure';

export interface LineShape {
  smooth: boolean | number;
  step?: 'end';
}

/**
 * The line's shape: counts are straight segments between points, states hold until the next reading (a
 * step), measures may curve gently — but not across gaps, where a curve would invent values.
 */
export function seriesShape(kind: SeriesKind, opts: { gaps?: boolean } = {}): LineShape {
  if (kind === 'count') return { smooth: false };
  if (kind === 'state') return { smooth: false, step: 'end' };
  return { smooth: opts.gaps ? false : 0.3 };
}
