import type { Page } from '@tilth/contracts';
import type { FarmLog, FarmLogCreateBody, FarmLogUpdateBody } from '@tilth/contracts/farm-log.types';
import type { FileView } from '@tilth/contracts/file.types';
import type { Land } from '@tilth/contracts/land.types';
import { api, type Query } from '../../../../shared/api/client';

export type { FarmLog } from '@tilth/contracts/farm-log.types';

/** What the console sends: the contract's input (defaults filled by the server). */
export type FarmLogCreateInput = Partial<FarmLogCreateBody> & { title: string };
export type FarmLogUpdateInput = Omit<FarmLogUpdateBody, 'level' | 'pictures'> &
  Partial<Pick<FarmLogUpdateBody, 'level' | 'pictures'>>;

export const farmLogKeys = {
  all: (tenantId: number) => ['farm', 'log', tenantId] as const,
  lands: (tenantId: number) => ['farm', 'log', tenantId, 'lands'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/log`;

export const farmLogApi = {
  page: (tenantId: number, query: Query & { page: number; size: number }) =>
    api.get<Page<FarmLog>>(base(tenantId), { query }),
  get: (tenantId: number, logId: number) => api.get<FarmLog>(`${base(tenantId)}/${logId}`),
  create: (tenantId: number, body: FarmLogCreateInput) => api.post<FarmLog>(base(tenantId), { json: body }),
  update: (tenantId: number, body: FarmLogUpdateInput) => api.put<FarmLog>(base(tenantId), { json: body }),
  remove: (tenantId: number, log: Pick<FarmLog, 'logId' | 'objectVersionNumber'>) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/${log.logId}`, {
      query: { objectVersionNumber: log.objectVersionNumber },
    }),
  /** Every plot of the tenant (the filter and the form narrow them by base in the browser). */
  lands: (tenantId: number) =>
    api
      .get<Page<Land>>(`/wfpf/v1/${tenantId}/land`, { query: { page: 0, size: 0 }, globalErrors: false })
      .then((p) => p.content),
  upload: (tenantId: number, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<FileView>(`/hfle/v1/${tenantId}/files/multipart`, { multipart: body });
  },
};
