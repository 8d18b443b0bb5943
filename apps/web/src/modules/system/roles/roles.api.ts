import type { DataScope } from '@tilth/contracts/access.types';
import { api } from '../../../shared/api/client';

export const ROLE_CODES = {
  view: 'wfpf.company.system.role',
  create: 'wfpf.company.system.role.ps.create',
  edit: 'wfpf.company.system.role.ps.edit',
  delete: 'wfpf.company.system.role.ps.delete',
} as const;

export interface Role {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  name: string;
  builtIn: boolean;
  permissions: string[];
  dataScope: DataScope;
  baseIds: number[];
  holderCount: number;
  objectVersionNumber: number;
}

export interface RoleInput {
  code: string;
  nameZh: string;
  nameEn: string;
  permissions: string[];
  dataScope: DataScope;
  baseIds: number[];
}

export const roleKeys = {
  list: (tenantId: number) => ['system', tenantId, 'roles'] as const,
};

const base = (tenantId: number) => `/iam/v1/${tenantId}/roles`;

export const rolesApi = {
  list: (tenantId: number) => api.get<Role[]>(base(tenantId)),
  create: (tenantId: number, body: RoleInput) => api.post<Role>(base(tenantId), { json: body }),
  copy: (tenantId: number, id: number, body: Pick<RoleInput, 'code' | 'nameZh' | 'nameEn'>) =>
    api.post<Role>(`${base(tenantId)}/${id}/copy`, { json: body }),
  update: (tenantId: number, body: Omit<RoleInput, 'code'> & { id: number; objectVersionNumber: number }) =>
    api.put<Role>(base(tenantId), { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${base(tenantId)}/${id}`),
};
