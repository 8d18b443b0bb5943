import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const noviceApi = {
  /** 1 while the tenant still needs its first base (the beginner's guide), else 0. */
  check: (tenantId: number) => api.post<0 | 1>(`/wfpf/v1/${tenantId}/tenant/novice/check`),
  unlock: (tenantId: number) => api.post<0 | 1>(`/wfpf/v1/${tenantId}/tenant/novice/unlock`),
};

export const noviceQueryKey = (tenantId: number | undefined) => ['novice', tenantId] as const;

export const useNoviceCheck = (tenantId: number | undefined) =>
  useQuery({
    queryKey: noviceQueryKey(tenantId),
    queryFn: () => noviceApi.check(tenantId ?? -1),
    enabled: tenantId !== undefined && tenantId >= 0,
    staleTime: 60_000,
  });
