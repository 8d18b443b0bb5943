import type { Page } from '@tilth/contracts';
import type { FileView } from '@tilth/contracts/file.types';
import type {
  SeedCreateBody,
  SeedProduct,
  SeedPublicDetail,
  SeedSummary,
  SeedUpdateBody,
} from '@tilth/contracts/seed.types';
import { api, type Query } from '../../../../shared/api/client';

export type { SeedProduct, SeedPublicDetail, SeedSummary } from '@tilth/contracts/seed.types';

export const seedKeys = {
  all: (tenantId: number) => ['farm', 'seed', tenantId] as const,
  one: (tenantId: number, id: number) => ['farm', 'seed', tenantId, 'one', id] as const,
};

const v1 = (tenantId: number) => `/wfpf/v1/${tenantId}`;

export const seedApi = {
  page: (tenantId: number, query: Query & { page: number; size: number }) =>
    api.get<Page<SeedSummary>>(`${v1(tenantId)}/seed/page`, { query }),
  get: (tenantId: number, id: number) => api.get<SeedProduct>(`${v1(tenantId)}/seed/${id}`),
  create: (tenantId: number, body: SeedCreateBody) =>
    api.post<SeedProduct>(`${v1(tenantId)}/seed`, { json: body }),
  update: (tenantId: number, body: SeedUpdateBody) =>
    api.put<SeedProduct>(`${v1(tenantId)}/seed`, { json: body }),
  remove: (tenantId: number, id: number) => api.delete<unknown>(`${v1(tenantId)}/seed/${id}`),
  /** POST /hfle/v1/{t}/files/multipart (bucket 'public'); answers the file's address. */
  upload: (tenantId: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
  },
  /** The public detail (no sign-in): no token, no global error reaction, so nothing sends anyone to /login. */
  publicDetail: (tenantId: number, id: number) =>
    api.get<SeedPublicDetail>(`${v1(tenantId)}/seed/public/${id}`, { auth: false, globalErrors: false }),
};
