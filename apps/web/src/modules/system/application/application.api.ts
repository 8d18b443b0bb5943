import type { Page } from '@tilth/contracts';
import type { Application, ApplicationWithSecret } from '@tilth/contracts/application.types';
import { api, type Query } from '../../../shared/api/client';

export type { Application, ApplicationWithSecret } from '@tilth/contracts/application.types';

export const APPLICATION_CODES = {
  view: 'wfpf.company.system.application',
  create: 'wfpf.company.system.application.ps.create',
  edit: 'wfpf.company.system.application.ps.edit',
  delete: 'wfpf.company.system.application.ps.delete',
} as const;

export const applicationKeys = {
  list: (tenantId: number) => ['system', tenantId, 'applications'] as const,
};

export interface ApplicationInput {
  name: string;
  description: string | null;
  scopes: string[];
  expiresAt: string | null;
  ipAllowList: string[];
}

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/application`;

export const applicationsApi = {
  page: (tenantId: number, query: Query) => api.get<Page<Application>>(base(tenantId), { query }),
  create: (tenantId: number, body: ApplicationInput) =>
    api.post<ApplicationWithSecret>(base(tenantId), { json: body }),
  update: (tenantId: number, body: ApplicationInput & { id: number; objectVersionNumber: number }) =>
    api.put<Application>(base(tenantId), { json: body }),
  setEnabled: (tenantId: number, a: Application, enabled: boolean) =>
    api.post<Application>(`${base(tenantId)}/${a.id}/enabled`, {
      json: { enabled, objectVersionNumber: a.objectVersionNumber },
    }),
  rotate: (tenantId: number, a: Application) =>
    api.post<ApplicationWithSecret>(`${base(tenantId)}/${a.id}/rotate`, {
      json: { objectVersionNumber: a.objectVersionNumber },
    }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${base(tenantId)}/${id}`),
};
