import type { Page } from '@tilth/contracts';
import type {
  Corporation,
  CorporationCreateBody,
  CorporationUpdateBody,
} from '@tilth/contracts/corporation.types';
import type {
  OrgMember,
  OrgTreeNode,
  OrgUnitCreateBody,
  OrgUnitMoveBody,
  OrgUnitUpdateBody,
  UserUnit,
} from '@tilth/contracts/organization.types';
import { api, type Query } from '../../../shared/api/client';

export type { Corporation } from '@tilth/contracts/corporation.types';
export type { OrgMember, OrgTreeNode } from '@tilth/contracts/organization.types';

/** Query keys: the tree, its staff lists and the companies refresh together after a change. */
export const orgKeys = {
  all: (tenantId: number) => ['organization', tenantId] as const,
  tree: (tenantId: number) => ['organization', tenantId, 'tree'] as const,
  candidates: (tenantId: number) => ['organization', tenantId, 'candidates'] as const,
  members: (tenantId: number, unitId: number) => ['organization', tenantId, 'members', unitId] as const,
  userUnits: (tenantId: number, userId: number) => ['organization', tenantId, 'user-units', userId] as const,
  corporations: (tenantId: number) => ['organization', tenantId, 'corporation'] as const,
};

const org = (tenantId: number) => `/wfpf/v1/${tenantId}/organization`;
const corp = (tenantId: number) => `/wfpf/v1/${tenantId}/corporation`;

export const organizationApi = {
  tree: (tenantId: number) => api.get<OrgTreeNode[]>(`${org(tenantId)}/tree`),
  candidates: (tenantId: number) => api.get<OrgMember[]>(`${org(tenantId)}/candidates`),
  create: (tenantId: number, body: OrgUnitCreateBody) => api.post<OrgTreeNode>(org(tenantId), { json: body }),
  update: (tenantId: number, body: OrgUnitUpdateBody) => api.put<OrgTreeNode>(org(tenantId), { json: body }),
  move: (tenantId: number, body: OrgUnitMoveBody) =>
    api.post<OrgTreeNode>(`${org(tenantId)}/move`, { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${org(tenantId)}/${id}`),
  members: (tenantId: number, id: number) => api.get<OrgMember[]>(`${org(tenantId)}/${id}/members`),
  setMembers: (tenantId: number, id: number, userIds: number[]) =>
    api.put<OrgMember[]>(`${org(tenantId)}/${id}/members`, { json: { userIds } }),
  userUnits: (tenantId: number, userId: number) =>
    api.get<UserUnit[]>(`${org(tenantId)}/user-units/${userId}`),
  setUserUnits: (tenantId: number, userId: number, unitIds: number[]) =>
    api.put<UserUnit[]>(`${org(tenantId)}/user-units/${userId}`, { json: { unitIds } }),
};

export const corporationApi = {
  page: (tenantId: number, query: Query) => api.get<Page<Corporation>>(corp(tenantId), { query }),
  create: (tenantId: number, body: CorporationCreateBody) =>
    api.post<Corporation>(corp(tenantId), { json: body }),
  update: (tenantId: number, body: CorporationUpdateBody) =>
    api.put<Corporation>(corp(tenantId), { json: body }),
  remove: (tenantId: number, id: number) => api.delete<{ success: boolean }>(`${corp(tenantId)}/${id}`),
};
