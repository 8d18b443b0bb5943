import { describe, expect, it } from 'vitest';
import { compassOf, insidePolygon, oxygenBand, phBand, soilLayerLabel } from './familyFormat';

describe('family display rules', () => {
  it('wind direction: 8 sectors of 45° centred on the compass names', () => {
    expect([0, 22.4, 22.5, 67.4, 90, 180, 270, 337.4, 337.5, 359.9, 360, -45].map(compassOf)).toEqual([
      'N',
      'N',
      'NE',
      'NE',
      'E',
      'S',
      'W',
      'NW',
      'N',
      'N',
      'N',
      'NW',
    ]);
  });

  it('soil labels shift by one when the first layer is the surface', () => {
    expect(soilLayerLabel(1, 1)).toEqual({ surface: true });
    expect(soilLayerLabel(2, 1)).toEqual({ surface: false, depth: 1 });
    expect(soilLayerLabel(1, 0)).toEqual({ surface: false, depth: 1 });
  });

  it('water quality bands', () => {
    expect(oxygenBand(4.9)).toBe('low');
    expect(oxygenBand(5)).toBe('normal');
    expect(oxygenBand(undefined)).toBe('unknown');
    expect(phBand(6.4)).toBe('low');
    expect(phBand(7)).toBe('normal');
    expect(phBand(8.6)).toBe('high');
    expect(phBand(9, 6, 10)).toBe('normal');
  });

  it('geofence inside / outside', () => {
    const fence = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 10 },
      { lat: 10, lng: 10 },
      { lat: 10, lng: 0 },
    ];
    expect(insidePolygon({ lat: 5, lng: 5 }, fence)).toBe(true);
    expect(insidePolygon({ lat: 11, lng: 5 }, fence)).toBe(false);
    expect(insidePolygon({ lat: 5, lng: 5 }, fence.slice(0, 2))).toBe(false);
  });
});
