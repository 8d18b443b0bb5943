import {
  MAP_CRS,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FALLBACK_PROVIDERS,
  MAP_LAYER_KINDS,
  MAP_MAX_NATIVE_ZOOM,
  MAP_MAX_ZOOM,
  type MapConfig,
  type MapCrs,
  type MapLayerKind,
  type MapProvider,
} from '@tilth/contracts/map.types';
import { originsOfTemplate } from '../../../platform/http/security-headers.js';

// Tile providers of the farm map, chosen by env (documented in README.md, "Settings"). Keys go into the
// tile URLs the browser fetches: Tianditu browser keys are meant to be public and are bound to a domain
// in the Tianditu console.

export const KNOWN_PROVIDERS = [
  'amap-satellite',
  'tianditu-image',
  'esri-imagery',
  'google-satellite',
  'amap-street',
  'tianditu-street',
  'osm-street',
  'custom',
] as const;
export type ProviderId = (typeof KNOWN_PROVIDERS)[number];

/**
 * Three satellite layers and one street layer (spec 01 §9). Tianditu needs a key; without one Google's
 * imagery takes its place, so a fresh install still offers three.
 */
export const DEFAULT_PROVIDERS: readonly ProviderId[] = [
  'amap-satellite',
  'tianditu-image',
  'esri-imagery',
  'amap-street',
];
const KEYLESS_THIRD: ProviderId = 'google-satellite';

const AMAP = ['1', '2', '3', '4'];
const TDT = ['0', '1', '2', '3', '4', '5', '6', '7'];
const tdt = (layer: string, key: string) =>
  `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
  `&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`;

const isCrs = (v: string): v is MapCrs => (MAP_CRS as readonly string[]).includes(v);
const isKind = (v: string): v is MapLayerKind => (MAP_LAYER_KINDS as readonly string[]).includes(v);
const isProvider = (v: string): v is ProviderId => (KNOWN_PROVIDERS as readonly string[]).includes(v);

type Env = Record<string, string | undefined>;

const provider = (id: ProviderId, env: Env): MapProvider | null => {
  const key = env.TILTH_MAP_TIANDITU_KEY?.trim() ?? '';
  const base = { id, maxNativeZoom: MAP_MAX_NATIVE_ZOOM, labelUrl: null, subdomains: [] as string[] };
  switch (id) {
    case 'amap-satellite':
      return {
        ...base,
        kind: 'satellite',
        crs: 'GCJ02',
        url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
        labelUrl: 'https://webst0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
        subdomains: AMAP,
        attribution: '© AutoNavi',
      };
    case 'amap-street':
      return {
        ...base,
        kind: 'street',
        crs: 'GCJ02',
        url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
        subdomains: AMAP,
        attribution: '© AutoNavi',
      };
    case 'tianditu-image':
      return key
        ? {
            ...base,
            kind: 'satellite',
            crs: 'WGS84',
            url: tdt('img', key),
            labelUrl: tdt('cia', key),
            subdomains: TDT,
            attribution: '© 天地图 Tianditu',
          }
        : null;
    case 'tianditu-street':
      return key
        ? {
            ...base,
            kind: 'street',
            crs: 'WGS84',
            url: tdt('vec', key),
            labelUrl: tdt('cva', key),
            subdomains: TDT,
            attribution: '© 天地图 Tianditu',
          }
        : null;
    case 'esri-imagery':
      return {
        ...base,
        kind: 'satellite',
        crs: 'WGS84',
        url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
        attribution: '© Esri, Maxar, Earthstar Geographics',
      };
    case 'google-satellite':
      // Google's imagery itself is not offset in China (only its road overlay is GCJ-02), so WGS84.
      return {
        ...base,
        kind: 'satellite',
        crs: 'WGS84',
        url: 'https://mt{s}.google.com/vt/lyrs=s&x={x}&y={y}&z={z}',
        subdomains: ['0', '1', '2', '3'],
        attribution: '© Google',
      };
    case 'osm-street':
      return {
        ...base,
        kind: 'street',
        crs: 'WGS84',
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        maxNativeZoom: 19,
        attribution: '© OpenStreetMap contributors',
      };
    case 'custom': {
      // A self-hosted tile server (intranet or offline deployments).
      const url = env.TILTH_MAP_CUSTOM_URL?.trim();
      if (!url) return null;
      const crs = (env.TILTH_MAP_CUSTOM_CRS ?? 'WGS84').trim().toUpperCase();
      const kind = (env.TILTH_MAP_CUSTOM_KIND ?? 'satellite').trim();
      if (!isCrs(crs))
        throw new Error(`TILTH_MAP_CUSTOM_CRS must be one of ${MAP_CRS.join(', ')}, got "${crs}"`);
      if (!isKind(kind)) {
        throw new Error(`TILTH_MAP_CUSTOM_KIND must be one of ${MAP_LAYER_KINDS.join(', ')}, got "${kind}"`);
      }
      return { ...base, kind, crs, url, attribution: env.TILTH_MAP_CUSTOM_ATTRIBUTION?.trim() ?? '' };
    }
  }
};

const parseCenter = (text: string | undefined): [number, number] => {
  if (!text?.trim()) return [MAP_DEFAULT_CENTER[0], MAP_DEFAULT_CENTER[1]];
  const [lat, lng, ...rest] = text.split(',').map((p) => Number(p.trim()));
  if (
    rest.length > 0 ||
    lat === undefined ||
    lng === undefined ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    throw new Error(`TILTH_MAP_CENTER must be "lat,lng", got "${text}"`);
  }
  return [lat, lng];
};

/**
 * The map settings (Config.map, from env): TILTH_MAP_PROVIDERS (ids in switcher order), TILTH_MAP_TIANDITU_KEY,
 * TILTH_MAP_DEFAULT, TILTH_MAP_CENTER, TILTH_MAP_CUSTOM_*. Throws on a setting it cannot use, so a
 * typo stops the server at start instead of showing a blank map.
 */
export const loadMapConfig = (env: Env): MapConfig => {
  const listed = env.TILTH_MAP_PROVIDERS?.trim();
  const ids = listed
    ? listed
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [
        ...DEFAULT_PROVIDERS.map((id) =>
          id === 'tianditu-image' && !env.TILTH_MAP_TIANDITU_KEY?.trim() ? KEYLESS_THIRD : id,
        ),
        ...(env.TILTH_MAP_CUSTOM_URL?.trim() ? ['custom'] : []),
      ];
  const providers: MapProvider[] = [];
  for (const id of ids) {
    if (!isProvider(id)) {
      throw new Error(`TILTH_MAP_PROVIDERS: unknown provider "${id}" (known: ${KNOWN_PROVIDERS.join(', ')})`);
    }
    const p = provider(id, env);
    if (p && !providers.some((q) => q.id === p.id)) providers.push(p);
  }
  if (providers.length === 0) {
    throw new Error('TILTH_MAP_PROVIDERS: no usable provider (Tianditu needs TILTH_MAP_TIANDITU_KEY)');
  }
  const wanted = env.TILTH_MAP_DEFAULT?.trim();
  if (wanted && !providers.some((p) => p.id === wanted)) {
    throw new Error(`TILTH_MAP_DEFAULT: "${wanted}" is not among the offered providers`);
  }
  const first = providers.find((p) => p.kind === 'satellite') ?? providers[0];
  return {
    providers,
    defaultProvider: wanted || (first?.id ?? ''),
    center: parseCenter(env.TILTH_MAP_CENTER),
    zoom: MAP_DEFAULT_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    maxNativeZoom: MAP_MAX_NATIVE_ZOOM,
  };
};

/** Origins the browser loads tiles from: the offered layers, their label overlays and the console's fallback. */
export const mapTileOrigins = (config: MapConfig): string[] => {
  const out = new Set<string>();
  for (const p of [...config.providers, ...MAP_FALLBACK_PROVIDERS]) {
    for (const url of [p.url, p.labelUrl]) {
      if (url) for (const o of originsOfTemplate(url, p.subdomains)) out.add(o);
    }
  }
  return [...out];
};
