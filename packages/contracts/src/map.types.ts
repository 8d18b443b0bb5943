import { z } from 'zod';
import { blankAsUnset, queryId as id } from './common.types.js';

// The farm map (spec 01 §2.2 farm/map, farm/map-digital; §9: zoom max 20, native max 18, three satellite
// layers with WGS84 / GCJ-02 / BD-09 conversion). Stored coordinates are WGS84; a provider's `crs` tells
// the browser which datum its tiles are drawn in, so overlays are shifted for display and drawn shapes
// shifted back before saving.

export const MAP_CRS = ['WGS84', 'GCJ02', 'BD09'] as const;
export type MapCrs = (typeof MAP_CRS)[number];
export const MAP_LAYER_KINDS = ['satellite', 'street'] as const;
export type MapLayerKind = (typeof MAP_LAYER_KINDS)[number];

/** Spec 01 §9. */
export const MAP_MAX_ZOOM = 20;
export const MAP_MAX_NATIVE_ZOOM = 18;
/** Panyu, Guangzhou: the demo farms' region, used when no base has a centre. */
export const MAP_DEFAULT_CENTER: readonly [number, number] = [22.96, 113.34];
export const MAP_DEFAULT_ZOOM = 13;

export const mapProvider = z.object({
  /** Stable id, e.g. 'amap-satellite'; the layer switcher remembers it. */
  id: z.string(),
  kind: z.enum(MAP_LAYER_KINDS),
  /** Datum the tiles are drawn in. */
  crs: z.enum(MAP_CRS),
  /** Leaflet tile URL template ({s}, {x}, {y}, {z}); keys already filled in. */
  url: z.string(),
  subdomains: z.array(z.string()),
  /** Road and place-name tiles drawn over the imagery, when the provider has them. */
  labelUrl: z.string().nullable(),
  attribution: z.string(),
  maxNativeZoom: z.number().int(),
});
export type MapProvider = z.infer<typeof mapProvider>;

/**
 * Worldwide WGS84 layers the console shows when the map settings cannot be fetched (no permission,
 * server unreachable); the server's Content-Security-Policy allows their tile hosts too.
 */
export const MAP_FALLBACK_PROVIDERS: readonly MapProvider[] = [
  {
    id: 'esri-imagery',
    kind: 'satellite',
    crs: 'WGS84',
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    subdomains: [],
    labelUrl: null,
    attribution: '© Esri',
    maxNativeZoom: MAP_MAX_NATIVE_ZOOM,
  },
  {
    id: 'osm-street',
    kind: 'street',
    crs: 'WGS84',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    subdomains: [],
    labelUrl: null,
    attribution: '© OpenStreetMap contributors',
    maxNativeZoom: MAP_MAX_NATIVE_ZOOM,
  },
];

/** GET /wfpf/v1/{t}/map/config. */
export const mapConfig = z.object({
  providers: z.array(mapProvider),
  /** Id of the layer shown first. */
  defaultProvider: z.string(),
  /** [lat, lng] WGS84. */
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number().int(),
  maxZoom: z.number().int(),
  maxNativeZoom: z.number().int(),
});
export type MapConfig = z.infer<typeof mapConfig>;

/** GET /wfpf/v1/{t}/map/features: all bases and plots of the tenant, or of one base. */
export const mapFeaturesQuery = z.object({ areaId: blankAsUnset(id) });
export type MapFeaturesQuery = z.infer<typeof mapFeaturesQuery>;

export const mapBase = z.object({
  areaId: z.number().int(),
  areaName: z.string(),
  areaNum: z.string().nullable(),
  /** 'lat,lng' WGS84, or null when not set. */
  areaCenter: z.string().nullable(),
  areaUsage: z.string(),
  landCount: z.number().int(),
  /** Sum of the plots' areas in mu. */
  areaMu: z.number(),
});
export type MapBase = z.infer<typeof mapBase>;

export const mapPlot = z.object({
  landId: z.number().int(),
  landName: z.string(),
  landNum: z.string().nullable(),
  areaId: z.number().int(),
  /** GeoJSON Polygon coordinates, [lng, lat] WGS84; null for plots not drawn yet. */
  boundary: z.array(z.array(z.tuple([z.number(), z.number()]))).nullable(),
  landCenter: z.string().nullable(),
  areaM2: z.number().nullable(),
  areaMu: z.number().nullable(),
  landUsage: z.string(),
  enabledFlag: z.number().int(),
  /** The growing batch, if any. */
  batchId: z.number().int().nullable(),
  batchName: z.string().nullable(),
  cropName: z.string().nullable(),
});
export type MapPlot = z.infer<typeof mapPlot>;

export const mapFeatures = z.object({ bases: z.array(mapBase), plots: z.array(mapPlot) });
export type MapFeatures = z.infer<typeof mapFeatures>;

const slice = z.object({ name: z.string(), value: z.number() });
export type MapSlice = z.infer<typeof slice>;

/** GET /wfpf/v1/{t}/map/digital: the big-screen overview. */
export const mapDigital = z.object({
  baseCount: z.number().int(),
  plotCount: z.number().int(),
  /** Mu, all plots. */
  totalAreaMu: z.number(),
  growingBatchCount: z.number().int(),
  /** Tasks whose period covers today and that are not finished, closed or canceled. */
  tasksToday: z.number().int(),
  /** Mu under each crop of the growing batches; plots with nothing growing are not counted. */
  areaByCrop: z.array(slice),
  /** Plot count per base. */
  plotsByBase: z.array(slice),
  /** Batches started per month over the last 12 months, 'YYYY-MM', oldest first, months without any too. */
  batchesByMonth: z.array(slice),
  /** Plots with / without a growing batch. */
  plotsInUse: z.number().int(),
});
export type MapDigital = z.infer<typeof mapDigital>;
