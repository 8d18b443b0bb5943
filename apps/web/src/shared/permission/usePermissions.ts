import { useQuery } from '@tanstack/react-query';
import { allApproved } from './permissionBatcher';
import { permissionBatcher } from './permissionCache';

/** Whether every code is approved for the signed-in user. Until the answer arrives: not allowed. */
export const usePermissions = (codes: readonly string[]): { allowed: boolean; loading: boolean } => {
  const sorted = [...new Set(codes)].sort();
  const query = useQuery({
    queryKey: ['permissions', ...sorted],
    queryFn: () => permissionBatcher.check(sorted),
    enabled: sorted.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    initialData: () => permissionBatcher.peek(sorted),
  });
  if (sorted.length === 0) return { allowed: true, loading: false };
  return { allowed: query.data ? allApproved(sorted, query.data) : false, loading: query.isPending };
};
