import type { TenantSettings, TenantSettingsBody } from '@tilth/contracts/tenant.types';
import { api } from '../../../shared/api/client';

export type { TenantSettings } from '@tilth/contracts/tenant.types';

export const TENANT_SETTINGS_EDIT = 'wfpf.company.system.tenant-settings.ps.edit';

export const tenantSettingsKeys = {
  one: (tenantId: number) => ['tenant-settings', tenantId] as const,
};

const path = (tenantId: number) => `/wfpf/v1/${tenantId}/tenant/settings`;

export const tenantSettingsApi = {
  get: (tenantId: number) => api.get<TenantSettings>(path(tenantId)),
  // The page shows its own text for a stale version (409).
  save: (tenantId: number, body: TenantSettingsBody) =>
    api.put<TenantSettings>(path(tenantId), { json: body, globalErrors: false }),
};
