import type { Page } from '@tilth/contracts';
import type { Area, AreaCreateBody, AreaUpdateBody } from '@tilth/contracts/area.types';
import { api } from '../../../../shared/api/client';
import { filterByUsage } from '../baseForm';

export type { Area } from '@tilth/contracts/area.types';

/** Query keys: the shell's base selector lists under ['areas', tenantId] too, so both refresh together. */
export const baseKeys = {
  all: (tenantId: number) => ['areas', tenantId] as const,
  list: (tenantId: number) => ['areas', tenantId, 'manage'] as const,
  options: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

export interface BaseListQuery {
  page: number;
  size: number;
  areaName?: string;
  areaUsage?: string;
}

export const baseApi = {
  /**
   * GET /wfpf/v2/{t}/area. The server filters by name only; a usage filter fetches all bases (a tenant
   * has few) and pages them here.
   */
  page: async (tenantId: number, { page, size, areaName, areaUsage }: BaseListQuery): Promise<Page<Area>> => {
    const path = `/wfpf/v2/${tenantId}/area`;
    if (!areaUsage) {
      return api.get<Page<Area>>(path, { query: { page, size, areaName, organizationType: 'area' } });
    }
    const all = await api.get<Page<Area>>(path, {
      query: { page: 0, size: 0, areaName, organizationType: 'area' },
    });
    return filterByUsage(all.content, areaUsage, page, size);
  },
  all: (tenantId: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
  create: (tenantId: number, body: AreaCreateBody) =>
    api.post<Area>(`/wfpf/v1/${tenantId}/area`, { json: body }),
  update: (tenantId: number, body: AreaUpdateBody) =>
    api.put<Area>(`/wfpf/v1/${tenantId}/area`, { json: body }),
  remove: (tenantId: number, area: Pick<Area, 'areaId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`/wfpf/v1/${tenantId}/area`, {
      json: { areaId: area.areaId, objectVersionNumber: area.objectVersionNumber },
    }),
};
