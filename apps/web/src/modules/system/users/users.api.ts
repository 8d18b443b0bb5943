import type { Page } from '@tilth/contracts';
import type { ImportAnswer, TenantUserView } from '@tilth/contracts/users.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../../equipment/device/api/download';

export type { ImportAnswer, TenantUserView } from '@tilth/contracts/users.types';

export const USER_CODES = {
  view: 'wfpf.company.system.user-manage',
  create: 'wfpf.company.system.user-manage.ps.create',
  edit: 'wfpf.company.system.user-manage.ps.edit',
  delete: 'wfpf.company.system.user-manage.ps.delete',
  assign: 'wfpf.company.system.role.ps.assign',
} as const;

export const userKeys = {
  list: (tenantId: number) => ['system', tenantId, 'users'] as const,
};

const base = (tenantId: number) => `/iam/v1/${tenantId}/users`;

export interface UserCreateInput {
  realName: string;
  phone: string;
  password?: string;
  invite: boolean;
  roleIds: number[];
}

export const usersApi = {
  page: (tenantId: number, query: Query) => api.get<Page<TenantUserView>>(base(tenantId), { query }),
  create: (tenantId: number, body: UserCreateInput) =>
    api.post<TenantUserView & { invited: boolean }>(base(tenantId), { json: body }),
  addExisting: (tenantId: number, body: { phone: string; roleIds: number[] }) =>
    api.post<TenantUserView>(`${base(tenantId)}/existing`, { json: body }),
  update: (
    tenantId: number,
    body: { id: number; realName: string; phone: string; objectVersionNumber: number },
  ) => api.put<TenantUserView>(base(tenantId), { json: body }),
  setEnabled: (tenantId: number, userId: number, enabled: boolean) =>
    api.put<TenantUserView>(`${base(tenantId)}/${userId}/enabled`, { json: { enabled } }),
  setRoles: (tenantId: number, userId: number, roleIds: number[]) =>
    api.put<unknown>(`/iam/v1/${tenantId}/members/${userId}/roles`, { json: { roleIds } }),
  resetPassword: (tenantId: number, userId: number, mode: 'temporary' | 'sms') =>
    api.post<{ mode: string; temporaryPassword?: string }>(`${base(tenantId)}/${userId}/password-reset`, {
      json: { mode },
    }),
  remove: (tenantId: number, userId: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/${userId}`),
  importFile: (tenantId: number, file: File) => {
    const multipart = new FormData();
    multipart.append('file', file);
    return api.post<ImportAnswer>(`${base(tenantId)}/import`, { multipart });
  },
  template: (tenantId: number) =>
    downloadFile(`${base(tenantId)}/import-template`, {}, 'users-template.xlsx'),
  exportList: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/export`, query, 'users.xlsx'),
};
