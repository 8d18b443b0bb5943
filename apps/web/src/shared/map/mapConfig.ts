import { useQuery } from '@tanstack/react-query';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_FALLBACK_PROVIDERS,
  MAP_MAX_NATIVE_ZOOM,
  MAP_MAX_ZOOM,
  type MapConfig,
} from '@tilth/contracts/map.types';
import { api } from '../api/client';

/**
 * Used while the settings load or when they cannot be fetched (no permission, server unreachable): the
 * map still opens, with worldwide WGS84 layers, and overlays and drawing keep working on blank tiles.
 */
export const FALLBACK_MAP_CONFIG: MapConfig = {
  providers: [...MAP_FALLBACK_PROVIDERS],
  defaultProvider: 'esri-imagery',
  center: [MAP_DEFAULT_CENTER[0], MAP_DEFAULT_CENTER[1]],
  zoom: MAP_DEFAULT_ZOOM,
  maxZoom: MAP_MAX_ZOOM,
  maxNativeZoom: MAP_MAX_NATIVE_ZOOM,
};

export const mapConfigApi = {
  get: (tenantId: number) => api.get<MapConfig>(`/wfpf/v1/${tenantId}/map/config`, { globalErrors: false }),
};

/** The tile settings of the tenant (fixed for the server's life, so fetched once per session). */
export const useMapConfig = (tenantId: number): { config: MapConfig | undefined; fallback: boolean } => {
  const q = useQuery({
    queryKey: ['map', 'config', tenantId],
    queryFn: () => mapConfigApi.get(tenantId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (q.data) return { config: q.data, fallback: false };
  if (q.isError) return { config: FALLBACK_MAP_CONFIG, fallback: true };
  return { config: undefined, fallback: false };
};
