import type { Page } from '@tilth/contracts';
import type { Area, AreaCreateBody } from '@tilth/contracts/area.types';
import { api } from '../../../shared/api/client';

export type { Area } from '@tilth/contracts/area.types';

/** Spec 01 §9: the shell's base selector pages by 20. */
export const AREA_PAGE_SIZE = 20;

export const areaApi = {
  page: (tenantId: number, query: { page: number; size: number; areaName?: string }) =>
    api.get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { ...query, organizationType: 'area' } }),
  create: (tenantId: number, body: Partial<AreaCreateBody> & { areaName: string }) =>
    api.post<Area>(`/wfpf/v1/${tenantId}/area`, { json: body }),
};
