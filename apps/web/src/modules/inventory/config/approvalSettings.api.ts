import type { BindingBody, BindingItem, DefinitionItem, Page } from '@tilth/contracts';
import { api } from '../../../shared/api/client';

export type { BindingItem, DefinitionItem } from '@tilth/contracts';

export const approvalSettingsKeys = {
  bindings: (tenantId: number) => ['approval-bindings', tenantId] as const,
  flows: (tenantId: number) => ['approval-definitions', tenantId, 'enabled'] as const,
};

export const approvalSettingsApi = {
  bindings: (tenantId: number) => api.get<BindingItem[]>(`/wfpf/v1/${tenantId}/approval-bindings`),
  bind: (tenantId: number, body: BindingBody) =>
    api.put<BindingItem[]>(`/wfpf/v1/${tenantId}/approval-bindings`, { json: body }),
  /** Every enabled flow (a tenant has few); the page picks those of each row's type. */
  enabledFlows: (tenantId: number) =>
    api
      .get<Page<DefinitionItem>>(`/wfpf/v1/${tenantId}/approval-definitions`, {
        query: { page: 0, size: 0, enabledFlag: 1 },
      })
      .then((p) => p.content),
};

export const APPROVAL_SETTINGS_CODE = 'wfpf.inventory.config.audit';
