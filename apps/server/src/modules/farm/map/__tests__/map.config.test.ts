import { describe, expect, it } from 'vitest';
import { loadMapConfig } from '../map.config.js';
import { lastMonths } from '../map.service.js';

describe('map tile settings from env', () => {
  it('offers three satellite layers and AMap street without any key, centred on 22.96,113.34, zoom 20 / native 18', () => {
    const c = loadMapConfig({});
    expect(c.providers.map((p) => p.id)).toEqual([
      'amap-satellite',
      'google-satellite',
      'esri-imagery',
      'amap-street',
    ]);
    expect(c.providers.map((p) => p.crs)).toEqual(['GCJ02', 'WGS84', 'WGS84', 'GCJ02']);
    expect(c.providers.filter((p) => p.kind === 'satellite')).toHaveLength(3);
    expect(c.defaultProvider).toBe('amap-satellite');
    expect(c.center).toEqual([22.96, 113.34]);
    expect(c).toMatchObject({ maxZoom: 20, maxNativeZoom: 18 });
  });

  it('adds Tianditu imagery (WGS84, with labels) when a key is set, the key in its tile URLs', () => {
    const c = loadMapConfig({ TILTH_MAP_TIANDITU_KEY: 'abc123' });
    expect(c.providers.map((p) => p.id)).toEqual([
      'amap-satellite',
      'tianditu-image',
      'esri-imagery',
      'amap-street',
    ]);
    const tdt = c.providers.find((p) => p.id === 'tianditu-image');
    expect(tdt?.crs).toBe('WGS84');
    expect(tdt?.url).toContain('tk=abc123');
    expect(tdt?.labelUrl).toContain('LAYER=cia');
    expect(c.providers.filter((p) => p.kind === 'satellite')).toHaveLength(3);
  });

  it('follows TILTH_MAP_PROVIDERS order, the default and the centre, and adds a custom tile server', () => {
    const c = loadMapConfig({
      TILTH_MAP_PROVIDERS: 'osm-street, esri-imagery, custom',
      TILTH_MAP_DEFAULT: 'osm-street',
      TILTH_MAP_CENTER: ' 30.5 , 114.3 ',
      TILTH_MAP_CUSTOM_URL: 'http://tiles.local/{z}/{x}/{y}.png',
      TILTH_MAP_CUSTOM_CRS: 'gcj02',
    });
    expect(c.providers.map((p) => p.id)).toEqual(['osm-street', 'esri-imagery', 'custom']);
    expect(c.providers[2]).toMatchObject({
      crs: 'GCJ02',
      kind: 'satellite',
      url: 'http://tiles.local/{z}/{x}/{y}.png',
    });
    expect(c.defaultProvider).toBe('osm-street');
    expect(c.center).toEqual([30.5, 114.3]);
  });

  it('refuses settings it cannot use, naming the variable', () => {
    expect(() => loadMapConfig({ TILTH_MAP_PROVIDERS: 'bing' })).toThrow(/TILTH_MAP_PROVIDERS.*bing/);
    expect(() => loadMapConfig({ TILTH_MAP_PROVIDERS: 'tianditu-image' })).toThrow(/TIANDITU_KEY/);
    expect(() => loadMapConfig({ TILTH_MAP_DEFAULT: 'osm-street' })).toThrow(/TILTH_MAP_DEFAULT/);
    expect(() => loadMapConfig({ TILTH_MAP_CENTER: '95,10' })).toThrow(/TILTH_MAP_CENTER/);
    expect(() =>
      loadMapConfig({ TILTH_MAP_CUSTOM_URL: 'http://x/{z}/{x}/{y}', TILTH_MAP_CUSTOM_CRS: 'EPSG3857' }),
    ).toThrow(/TILTH_MAP_CUSTOM_CRS/);
  });
});

describe('months of the batches chart', () => {
  it('lists the last 12 months oldest first, across the new year', () => {
    const m = lastMonths('2026-02-15', 12);
    expect(m).toHaveLength(12);
    expect(m[0]).toBe('2025-03');
    expect(m[11]).toBe('2026-02');
  });
});
