import { useQuery } from '@tanstack/react-query';
import type { Page, selfResponse, successResponse, tenantSummary } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import { api } from '../../../shared/api/client';
import type { Infer } from '../../../shared/api/types';

// The signed-in user's own calls (spec 01 §7 "Authentication and identity").

export type Self = Infer<typeof selfResponse>;
export type TenantSummary = Infer<typeof tenantSummary>;

export const accountApi = {
  self: () => api.get<Self>('/iam/stong/v1/users/self'),
  tenantsPage: (query: { page: number; size: number; tenantName?: string }) =>
    api.get<Page<TenantSummary>>('/iam/stong/v1/users/self-tenants/page', { query }),
  switchTenant: (tenantId: number) => api.put<Self>('/iam/v1/users/tenant-id', { query: { tenantId } }),
  setDefaultTenant: (tenantId: number) =>
    api.put<Self>('/iam/stong/v1/users/default-tenant', { query: { tenantId } }),
  setRealName: (realName: string) => api.put<Self>('/iam/stong/v1/users/real-name', { query: { realName } }),
  changePassword: (body: { password: string; originalPassword: string }) =>
    api.put<Infer<typeof successResponse>>('/iam/stong/v1/users/password', { json: body }),
  setAvatar: (avatar: string) => api.put<Self>('/iam/stong/v1/users/avatar', { query: { avatar } }),
  upload: (tenantId: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
  },
};

export const SELF_QUERY_KEY = ['self'] as const;

/** The signed-in user: name, avatar, current tenant (-1 when none) and tenants. */
export const useSelf = () =>
  useQuery({ queryKey: SELF_QUERY_KEY, queryFn: accountApi.self, staleTime: 5 * 60_000 });

/** The current tenant's summary from the user info. */
export const currentTenantOf = (self: Self | undefined): TenantSummary | undefined =>
  self?.tenants.find((t) => t.tenantId === self.tenantId);
