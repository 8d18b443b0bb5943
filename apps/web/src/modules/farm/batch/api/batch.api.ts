import type { Page } from '@tilth/contracts';
import type {
  Batch,
  BatchCreateBody,
  BatchHarvestBody,
  BatchPlanItem,
  BatchUpdateBody,
} from '@tilth/contracts/batch.types';
import type { Crop, Variety } from '@tilth/contracts/crop.types';
import type { Land } from '@tilth/contracts/land.types';
import { api, type Query } from '../../../../shared/api/client';

export type { Batch, BatchPlanItem } from '@tilth/contracts/batch.types';
export type { Crop, Variety } from '@tilth/contracts/crop.types';
export type { Land } from '@tilth/contracts/land.types';

export const batchKeys = {
  all: (tenantId: number) => ['farm', 'batch', tenantId] as const,
  plan: (tenantId: number, q: Query) => ['farm', 'batch', tenantId, 'plan', q] as const,
  lands: (tenantId: number, areaId: number | undefined) =>
    ['farm', 'batch', tenantId, 'lands', areaId] as const,
  crops: (tenantId: number) => ['farm', 'batch', tenantId, 'crops'] as const,
  varieties: (tenantId: number, cropId: number | undefined) =>
    ['farm', 'batch', tenantId, 'varieties', cropId] as const,
};

const v1 = (tenantId: number) => `/wfpf/v1/${tenantId}`;

export const batchApi = {
  page: (tenantId: number, query: Query & { page: number; size: number }) =>
    api.get<Page<Batch>>(`${v1(tenantId)}/batch`, { query }),
  plan: (tenantId: number, query: { startDate: string; endDate: string; areaId?: number; landId?: number }) =>
    api.get<BatchPlanItem[]>(`${v1(tenantId)}/batch/plan`, { query }),
  create: (tenantId: number, body: BatchCreateBody) =>
    api.post<Batch>(`${v1(tenantId)}/batch`, { json: body }),
  update: (tenantId: number, body: BatchUpdateBody) =>
    api.put<Batch>(`${v1(tenantId)}/batch`, { json: body }),
  harvest: (tenantId: number, body: BatchHarvestBody) =>
    api.post<Batch>(`${v1(tenantId)}/batch/harvest`, { json: body }),
  remove: (tenantId: number, b: Pick<Batch, 'batchId' | 'objectVersionNumber'>) =>
    api.delete<unknown>(`${v1(tenantId)}/batch`, {
      json: { batchId: b.batchId, objectVersionNumber: b.objectVersionNumber },
    }),
  /**
   * Plots of a base (all of them when no base), enabled only. Quiet on failure: a user may manage batches
   * without the plot page's permission, and then simply gets no plot choices.
   */
  lands: (tenantId: number, areaId?: number) =>
    api
      .get<Page<Land>>(`${v1(tenantId)}/land`, {
        query: { page: 0, size: 0, areaId, enabledFlag: 1 },
        globalErrors: false,
      })
      .then((p) => p.content),
  crops: (tenantId: number) =>
    api
      .get<Page<Crop>>(`${v1(tenantId)}/crop/page`, { query: { page: 0, size: 0, enabledFlag: 1 } })
      .then((p) => p.content),
  varieties: (tenantId: number, cropId: number) =>
    api
      .get<Page<Variety>>(`${v1(tenantId)}/variety/page`, {
        query: { page: 0, size: 0, cropId, enabledFlag: 1 },
      })
      .then((p) => p.content),
};
