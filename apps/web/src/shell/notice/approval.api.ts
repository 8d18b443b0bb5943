import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@tilth/contracts/common.types';
import type {
  ActionResult,
  AddSignerBody,
  ApprovalCounts,
  ApprovalTaskItem,
  ApprovalUser,
  ApproveBody,
  BusinessData,
  Delegation,
  DelegationCreateBody,
  ProcessActionBody,
  ProcessDetail,
  RejectBody,
  TransferBody,
} from '@tilth/contracts/workflow.types';
import { api } from '../../shared/api/client';
import { type ApprovalView, approvalListRequest } from './approvalModel';
import { UNREAD_REFRESH_MS } from './noticeModel';

// The approval centre's calls (spec 01 §7; docs/api.md 'Approvals'). Kept in the shell: shell/ may import
// no modules/ file. Errors of the actions are shown by the caller (globalErrors: false), so a failed
// approve says 'review failed: <server message>' once, not twice.

const base = (tenantId: number) => `/wfpf/v1/${tenantId}`;
const quiet = { globalErrors: false } as const;

export const approvalApi = {
  list: (tenantId: number, view: ApprovalView, current: number, size: number, status: number | undefined) => {
    const { path, query } = approvalListRequest(view, current, size, status);
    return api.get<Page<ApprovalTaskItem>>(`${base(tenantId)}/${path}`, { query });
  },
  /** Polled with the bell: quiet on failure (the badge keeps its last value). */
  counts: (tenantId: number) =>
    api.get<ApprovalCounts>(`${base(tenantId)}/approval-task/query/counts`, quiet),
  detail: (tenantId: number, processId: number) =>
    api.get<ProcessDetail>(`${base(tenantId)}/approval-process/${processId}`),
  businessData: (tenantId: number, processId: number) =>
    api.get<BusinessData>(`${base(tenantId)}/approval-task/query/business/data`, {
      query: { processId },
      ...quiet,
    }),
  approve: (tenantId: number, taskId: number, body: ApproveBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-task/approve/${taskId}`, { json: body, ...quiet }),
  reject: (tenantId: number, taskId: number, body: RejectBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-task/reject/${taskId}`, { json: body, ...quiet }),
  transfer: (tenantId: number, taskId: number, body: TransferBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-task/transfer/${taskId}`, { json: body, ...quiet }),
  addSigner: (tenantId: number, taskId: number, body: AddSignerBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-task/add-signer/${taskId}`, { json: body, ...quiet }),
  /** A CC task read: quiet, it is a side effect of opening the row. */
  read: (tenantId: number, taskId: number) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-task/read/${taskId}`, { json: {}, ...quiet }),
  withdraw: (tenantId: number, processId: number, body: ProcessActionBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-process/withdraw/${processId}`, {
      json: body,
      ...quiet,
    }),
  remind: (tenantId: number, processId: number, body: ProcessActionBody) =>
    api.put<ActionResult>(`${base(tenantId)}/approval-process/remind/${processId}`, { json: body, ...quiet }),
  delegations: (tenantId: number, page: number, size: number) =>
    api.get<Page<Delegation>>(`${base(tenantId)}/approval-delegations`, { query: { page, size } }),
  createDelegation: (tenantId: number, body: DelegationCreateBody) =>
    api.post<Delegation>(`${base(tenantId)}/approval-delegations`, { json: body, ...quiet }),
  deleteDelegation: (tenantId: number, id: number) =>
    api.delete<{ success: boolean }>(`${base(tenantId)}/approval-delegations/${id}`, quiet),
  /** Colleagues by name or login, for the pickers (any approver may ask; names and logins only). */
  users: (tenantId: number, name: string) =>
    api.get<Page<ApprovalUser>>(`${base(tenantId)}/approval-users`, {
      query: { page: 0, size: 20, name: name.trim() || undefined },
      ...quiet,
    }),
};

/**
 * Under ['notice', tenant, …] like the rest of the notice centre: an action invalidates the lists and the
 * counts (the bell's badge) at once.
 */
export const approvalKeys = {
  all: (tenantId: number) => ['notice', tenantId, 'approval'] as const,
  list: (tenantId: number, view: ApprovalView, current: number, size: number, status: number | undefined) =>
    ['notice', tenantId, 'approval', 'list', { view, current, size, status: status ?? null }] as const,
  counts: (tenantId: number) => ['notice', tenantId, 'approval', 'counts'] as const,
  detail: (tenantId: number, processId: number) =>
    ['notice', tenantId, 'approval', 'detail', processId] as const,
  delegations: (tenantId: number) => ['notice', tenantId, 'approval', 'delegations'] as const,
  users: (tenantId: number, name: string) => ['notice-users', tenantId, name] as const,
};

export const useApprovalList = (
  tenantId: number,
  view: ApprovalView,
  current: number,
  size: number,
  status: number | undefined,
) =>
  useQuery({
    queryKey: approvalKeys.list(tenantId, view, current, size, status),
    queryFn: () => approvalApi.list(tenantId, view, current, size, status),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** My pending approvals and unread CC, refreshed with the bell's polling. */
export const useApprovalCounts = (tenantId: number) =>
  useQuery({
    queryKey: approvalKeys.counts(tenantId),
    queryFn: () => approvalApi.counts(tenantId),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 10_000,
  });

export const useProcessDetail = (tenantId: number, processId: number | null) =>
  useQuery({
    queryKey: approvalKeys.detail(tenantId, processId ?? 0),
    queryFn: () => approvalApi.detail(tenantId, processId ?? 0),
    enabled: processId !== null,
    staleTime: 0,
  });

export const useDelegations = (tenantId: number, enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.delegations(tenantId),
    queryFn: () => approvalApi.delegations(tenantId, 0, 50),
    enabled,
  });

export const useUserOptions = (tenantId: number, name: string, enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.users(tenantId, name),
    queryFn: () => approvalApi.users(tenantId, name),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
