import type { MapDigital, MapFeatures } from '@tilth/contracts/map.types';
import { api } from '../../../../shared/api/client';

export type { MapBase, MapDigital, MapFeatures, MapPlot } from '@tilth/contracts/map.types';

export const mapApi = {
  /** Every base and plot of the tenant (or of one base) in one answer. */
  features: (tenantId: number, areaId?: number) =>
    api.get<MapFeatures>(`/wfpf/v1/${tenantId}/map/features`, { query: { areaId } }),
  digital: (tenantId: number) => api.get<MapDigital>(`/wfpf/v1/${tenantId}/map/digital`),
};
