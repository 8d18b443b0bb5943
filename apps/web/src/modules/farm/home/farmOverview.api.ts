import type { FarmOverview } from '@tilth/contracts/farm-home.types';
import { api } from '../../../shared/api/client';

export type { FarmOverview, FarmOverviewTask } from '@tilth/contracts/farm-home.types';

export const FARM_HOME_CODE = 'wfpf.farm.farm.home';

export const farmOverviewKeys = {
  one: (tenantId: number, areaId: number | null) => ['farm', 'home', tenantId, 'overview', areaId] as const,
};

export const farmOverviewApi = {
  /** GET /wfpf/v1/{t}/farm/overview: the dashboard of one base (null: all bases). */
  get: (tenantId: number, areaId: number | null) =>
    api.get<FarmOverview>(`/wfpf/v1/${tenantId}/farm/overview`, { query: { areaId: areaId ?? undefined } }),
};
