import { PTZ_DIRECTIONS } from '@tilth/contracts/camera.types';
import { describe, expect, it } from 'vitest';
import {
  captureFormError,
  cellsOf,
  mmss,
  PTZ_PAD,
  PTZ_STOP,
  pickInstant,
  spanBars,
  splitColumns,
  ZOOM_IN,
  ZOOM_OUT,
} from './cameraFormat';

describe('camera screen rules', () => {
  it('times a recording as mm:ss, minutes counting past the hour', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(9.7)).toBe('00:09');
    expect(mmss(75)).toBe('01:15');
    expect(mmss(3725)).toBe('62:05');
    expect(mmss(-3)).toBe('00:00');
  });

  it('lays the pad out with the spec 02 §4 directions, stop and zoom apart', () => {
    const dirs = PTZ_PAD.flatMap((c) => (c ? [c[0]] : []));
    expect(dirs.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Up is above the centre, left beside it, right-bottom in the corner.
    expect(PTZ_PAD[1]?.[0]).toBe(0);
    expect(PTZ_PAD[3]?.[0]).toBe(2);
    expect(PTZ_PAD[8]?.[0]).toBe(7);
    expect(PTZ_PAD[4]).toBeNull();
    expect([PTZ_STOP, ZOOM_IN, ZOOM_OUT]).toEqual([-1, 8, 9]);
    for (const d of [...dirs, PTZ_STOP, ZOOM_IN, ZOOM_OUT]) expect(PTZ_DIRECTIONS).toContain(d);
  });

  it('places recorded spans on the timeline, clipped to its window', () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const to = from + 100_000;
    const bars = spanBars(
      [
        { from: '2025-12-31T23:59:00Z', to: '2026-01-01T00:00:10Z' },
        { from: '2026-01-01T00:00:50Z', to: '2026-01-01T00:01:00Z' },
        { from: '2026-01-01T01:00:00Z', to: '2026-01-01T02:00:00Z' },
      ],
      from,
      to,
    );
    expect(bars.map((b) => [Math.round(b.left), Math.round(b.width)])).toEqual([
      [0, 10],
      [50, 10],
    ]);
    expect(spanBars([], from, from)).toEqual([]);
    // Two minutes of a day still show: at least 0.3 % wide, ending where the recording ends.
    const day = spanBars(
      [{ from: '2026-01-01T23:58:00Z', to: '2026-01-02T00:00:00Z' }],
      Date.parse('2026-01-01T00:00:00Z'),
      Date.parse('2026-01-02T00:00:00Z'),
    );
    expect(day.map((b) => [Number(b.left.toFixed(2)), b.width])).toEqual([[99.7, 0.3]]);
    expect(pickInstant(0.5, from, to)).toBe(from + 50_000);
    expect(pickInstant(1.4, from, to)).toBe(to);
    expect(pickInstant(-1, from, to)).toBe(from);
  });

  it('splits 1, 4, 9 or 16 cells in a square, keeping the picked cameras', () => {
    expect([1, 4, 9, 16].map(splitColumns)).toEqual([1, 2, 3, 4]);
    const cells = [
      { index: 0, cameraId: 5 },
      { index: 3, cameraId: 8 },
      { index: 9, cameraId: 2 },
    ];
    expect(cellsOf(4, cells)).toEqual([5, null, null, 8]);
    expect(cellsOf(1, cells)).toEqual([5]);
    expect(cellsOf(16, cells).filter((c) => c !== null)).toEqual([5, 8, 2]);
  });

  it('checks the capture upload form as spec 02 §5 says', () => {
    expect(captureFormError({ logLevel: 'info' })).toBe('capture.titleRequired');
    expect(captureFormError({ logTitle: '   ', logLevel: 'info' })).toBe('capture.titleRequired');
    expect(captureFormError({ logTitle: 'Field A' })).toBe('capture.levelRequired');
    expect(captureFormError({ logTitle: 'Field A', logLevel: 'warn', description: 'x'.repeat(181) })).toBe(
      'capture.descriptionTooLong',
    );
    expect(
      captureFormError({ logTitle: 'Field A', logLevel: 'error', description: 'x'.repeat(180) }),
    ).toBeNull();
  });
});
