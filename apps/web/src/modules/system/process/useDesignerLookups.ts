import { useQuery } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import { api } from '../../../shared/api/client';
import type { Role } from '../roles/roles.api';
import type { TenantUserView } from '../users/users.api';

// What the designer's pickers choose from, over the existing APIs: users and roles (assignees), units
// (unit conditions), bases (base conditions). Warehouses come with inventory (issue 15): ids are typed.
// Quiet: a designer without the users or roles page's right gets empty pickers, not an error toast.

export interface Option {
  value: number;
  label: string;
}

const flatten = (nodes: readonly OrgTreeNode[], depth = 0): Option[] =>
  nodes.flatMap((n) => [
    { value: n.id, label: `${'\u3000'.repeat(depth)}${n.name}` },
    ...flatten(n.children, depth + 1),
  ]);

export const useDesignerLookups = (tenantId: number) => {
  const users = useQuery({
    queryKey: ['approval-designer', tenantId, 'users'],
    queryFn: async () =>
      (
        await api.get<Page<TenantUserView>>(`/iam/v1/${tenantId}/users`, {
          query: { page: 0, size: 0 },
          globalErrors: false,
        })
      ).content.map((u) => ({
        value: u.id,
        label: u.realName || u.loginName,
      })),
    staleTime: 60_000,
  });
  const roles = useQuery({
    queryKey: ['approval-designer', tenantId, 'roles'],
    queryFn: async () =>
      (await api.get<Role[]>(`/iam/v1/${tenantId}/roles`, { globalErrors: false })).map((r) => ({
        value: r.id,
        label: r.name,
      })),
    staleTime: 60_000,
  });
  const units = useQuery({
    queryKey: ['approval-designer', tenantId, 'units'],
    queryFn: async () =>
      flatten(
        await api.get<OrgTreeNode[]>(`/wfpf/v1/${tenantId}/organization/tree`, { globalErrors: false }),
      ),
    staleTime: 60_000,
  });
  const areas = useQuery({
    queryKey: ['approval-designer', tenantId, 'areas'],
    queryFn: async () =>
      (
        await api.get<Page<Area>>(`/wfpf/v2/${tenantId}/area`, {
          query: { page: 0, size: 0, organizationType: 'area' },
          globalErrors: false,
        })
      ).content.map((a) => ({ value: a.areaId, label: a.areaName })),
    staleTime: 60_000,
  });
  return {
    users: users.data ?? [],
    roles: roles.data ?? [],
    units: units.data ?? [],
    areas: areas.data ?? [],
  };
};

export type DesignerLookups = ReturnType<typeof useDesignerLookups>;
