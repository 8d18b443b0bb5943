import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type {
  CarbonEntry,
  CarbonEntryCreateBody,
  CarbonFactor,
  CarbonMonitor,
  CarbonSettings,
} from '@tilth/contracts/carbon.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../../equipment/device/api/download';

export type {
  CarbonEntry,
  CarbonFactor,
  CarbonLine,
  CarbonMonitor,
  CarbonSettings,
  CarbonStage,
} from '@tilth/contracts/carbon.types';
export {
  CARBON_ACTIVITY_UNITS,
  CARBON_CATEGORIES,
  CARBON_GASES,
  CARBON_GRID_REGIONS,
  CARBON_SOURCES,
  CARBON_STAGES,
  CARBON_YEAR_MAX,
  CARBON_YEAR_MIN,
} from '@tilth/contracts/carbon.types';

/** Query keys: everything under ['carbon', tenantId] so one save refreshes every figure. */
export const carbonKeys = {
  all: (tenantId: number) => ['carbon', tenantId] as const,
  factors: (tenantId: number, q: Query) => ['carbon', tenantId, 'factors', q] as const,
  settings: (tenantId: number) => ['carbon', tenantId, 'settings'] as const,
  monitor: (tenantId: number, q: Query) => ['carbon', tenantId, 'monitor', q] as const,
  dashboard: (tenantId: number, year: number | undefined) => ['carbon', tenantId, 'dashboard', year] as const,
  entries: (tenantId: number, q: Query) => ['carbon', tenantId, 'entries', q] as const,
  bases: (tenantId: number) => ['areas', tenantId, 'options'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/carbon`;

export type FactorBody = Omit<
  CarbonFactor,
  | 'id'
  | 'value'
  | 'uncertaintyPct'
  | 'unit'
  | 'own'
  | 'overrides'
  | 'overriddenBy'
  | 'objectVersionNumber'
  | 'enabledFlag'
> & { value: number; uncertaintyPct: number | null };

export const carbonApi = {
  factors: (tenantId: number, query: Query) =>
    api.get<Page<CarbonFactor>>(`${base(tenantId)}/factors`, { query }),
  createFactor: (tenantId: number, body: FactorBody) =>
    api.post<CarbonFactor>(`${base(tenantId)}/factors`, { json: body }),
  updateFactor: (
    tenantId: number,
    body: FactorBody & { id: number; objectVersionNumber: number; enabledFlag: 0 | 1 },
  ) => api.put<CarbonFactor>(`${base(tenantId)}/factors`, { json: body }),
  deleteFactor: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/factors/${id}`, { query: { objectVersionNumber } }),
  settings: (tenantId: number) => api.get<CarbonSettings>(`${base(tenantId)}/settings`),
  saveSettings: (
    tenantId: number,
    body: { gridRegion: string; dashboardYear: number | null; objectVersionNumber: number },
  ) => api.put<CarbonSettings>(`${base(tenantId)}/settings`, { json: body }),
  monitor: (tenantId: number, query: Query) => api.get<CarbonMonitor>(`${base(tenantId)}/monitor`, { query }),
  dashboard: (tenantId: number, year?: number) =>
    api.get<CarbonMonitor>(`${base(tenantId)}/dashboard`, { query: { year } }),
  exportReport: (tenantId: number, year: number, format: 'xlsx' | 'pdf') =>
    downloadFile(`${base(tenantId)}/dashboard/export`, { year, format }, `carbon-report-${year}.${format}`),
  entries: (tenantId: number, query: Query) =>
    api.get<Page<CarbonEntry>>(`${base(tenantId)}/entries`, { query }),
  createEntry: (tenantId: number, body: CarbonEntryCreateBody) =>
    api.post<CarbonEntry>(`${base(tenantId)}/entries`, { json: body }),
  updateEntry: (
    tenantId: number,
    body: CarbonEntryCreateBody & { id: number; objectVersionNumber: number },
  ) => api.put<CarbonEntry>(`${base(tenantId)}/entries`, { json: body }),
  deleteEntry: (tenantId: number, id: number, objectVersionNumber: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/entries/${id}`, { query: { objectVersionNumber } }),
  bases: (tenantId: number) =>
    api
      .get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, { query: { page: 0, size: 0, organizationType: 'area' } })
      .then((p) => p.content),
};

/** Which factors and records feed each tea life-cycle stage (T/CTSS 90-2024 stages, spec 03 §3). */
export const STAGE_FEEDS: Record<string, readonly string[]> = {
  planting: [
    'fertilizer_n2o_direct',
    'fertilizer_n2o_indirect',
    'fertilizer_manufacture',
    'electricity',
    'fuel',
    'manual',
  ],
  processing: ['manual'],
  storage: ['manual'],
  transport_sales: ['manual'],
  usage: ['manual'],
  scrap: ['manual'],
};

/** Batches for the entry form's select (every batch of the tenant). */
export const batchOptions = (tenantId: number) =>
  api
    .get<Page<{ batchId: number; batchName: string; areaId: number }>>(`/wfpf/v1/${tenantId}/batch`, {
      query: { page: 0, size: 0 },
    })
    .then((p) => p.content);
