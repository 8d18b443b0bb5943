import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import { describe, expect, it } from 'vitest';
import {
  capLevels,
  clampToLimits,
  fovToZoom,
  parseVisual,
  pitchToV,
  tilesPanorama,
  vToPitch,
  yawToH,
  zoomToFov,
} from './viewMath';

const levels = [
  { width: 2048, height: 1024, cols: 4, rows: 2 },
  { width: 4096, height: 2048, cols: 8, rows: 4 },
  { width: 8192, height: 4096, cols: 16, rows: 8 },
  { width: 16384, height: 8192, cols: 32, rows: 16 },
];

describe('view conversions', () => {
  it('maps stored degrees to PSV and back (vlookat positive down, yaw to -180…180)', () => {
    expect(yawToH((3 * Math.PI) / 2)).toBeCloseTo(-90);
    expect(pitchToV(vToPitch(30))).toBeCloseTo(30);
    expect(vToPitch(30)).toBeLessThan(0);
  });

  it('turns a fov into a zoom level inside the range and back', () => {
    expect(fovToZoom(120, 30, 120)).toBe(0);
    expect(fovToZoom(30, 30, 120)).toBe(100);
    expect(zoomToFov(fovToZoom(75, 30, 120), 30, 120)).toBeCloseTo(75);
  });

  it('holds a direction inside the limits, free yaw when the horizontal range is full', () => {
    const limits = { ...VISUAL_DEFAULT, hlookatmin: -60, hlookatmax: 60, vlookatmin: -20, vlookatmax: 30 };
    expect(clampToLimits(90, -50, limits)).toEqual({ h: 60, v: -20 });
    expect(clampToLimits(-170, 40, limits)).toEqual({ h: -60, v: 30 });
    expect(clampToLimits(170, 0, VISUAL_DEFAULT)).toEqual({ h: 170, v: 0 });
  });

  it('keeps phones to levels within their texture limit, and always the smallest', () => {
    expect(capLevels(levels, { maxTextureSize: 4096, smallScreen: true }).map((l) => l.width)).toEqual([
      2048, 4096,
    ]);
    expect(capLevels(levels, { maxTextureSize: 1024, smallScreen: true }).map((l) => l.width)).toEqual([
      2048,
    ]);
    expect(capLevels(levels, { maxTextureSize: 16384, smallScreen: false })).toHaveLength(4);
  });

  it('builds tile URLs under the root, preview first', () => {
    const p = tilesPanorama(
      '/t/pano/5/',
      '/t/pano/5/preview.jpg',
      { tileSize: 512, width: 16384, height: 8192, levels },
      {
        maxTextureSize: 16384,
        smallScreen: false,
      },
    );
    expect(p.baseUrl).toBe('/t/pano/5/preview.jpg');
    expect(p.tileUrl(3, 1, 2)).toBe('/t/pano/5/2/3_1.jpg');
    expect(p.levels[0]).toEqual({ width: 2048, cols: 4, rows: 2 });
  });

  it('reads a stored view, falling back field by field', () => {
    expect(parseVisual('{"fov":70,"hlookat":"x"}', VISUAL_DEFAULT)).toEqual({ ...VISUAL_DEFAULT, fov: 70 });
    expect(parseVisual('not json', VISUAL_DEFAULT)).toEqual(VISUAL_DEFAULT);
  });
});
