import type { DocAuditState, ProcessDetail } from '@tilth/contracts';
import { api } from '../../../shared/api/client';

export type { DocAuditState, ProcessDetail } from '@tilth/contracts';
export { DOC_AUDIT_STATES } from '@tilth/contracts';

// A farm document's approval as its pages show it (issue 14): the process timeline, read-only here; the
// decisions are made in the approval centre.

export const approvalKeys = {
  process: (tenantId: number, processId: number) => ['approval-process', tenantId, processId] as const,
};

export const approvalApi = {
  process: (tenantId: number, processId: number) =>
    api.get<ProcessDetail>(`/wfpf/v1/${tenantId}/approval-process/${processId}`),
};

export const AUDIT_STATE_COLORS: Record<DocAuditState, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};
