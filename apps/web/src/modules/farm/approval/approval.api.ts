import type {
  ApprovalPreview,
  ApprovalPreviewBody,
  ApprovalUser,
  DocAuditState,
  Page,
  ProcessDetail,
} from '@tilth/contracts';
import { api } from '../../../shared/api/client';

export type { DocAuditState, ProcessDetail } from '@tilth/contracts';
export { DOC_AUDIT_STATES } from '@tilth/contracts';

// A farm document's approval as its pages show it (issue 14): the process timeline, read-only here; the
// decisions are made in the approval centre.

export const approvalKeys = {
  process: (tenantId: number, processId: number) => ['approval-process', tenantId, processId] as const,
  preview: (tenantId: number, body: ApprovalPreviewBody) => ['approval-preview', tenantId, body] as const,
  users: (tenantId: number, name: string) => ['approval-users', tenantId, name] as const,
};

export const approvalApi = {
  process: (tenantId: number, processId: number) =>
    api.get<ProcessDetail>(`/wfpf/v1/${tenantId}/approval-process/${processId}`),
  /** Where a document with these condition fields would go if submitted now. */
  preview: (tenantId: number, body: ApprovalPreviewBody, quiet = false) =>
    api.post<ApprovalPreview>(`/wfpf/v1/${tenantId}/approval-process/preview`, {
      json: body,
      // The form's route hint stays silent on failure; the submit path shows the error.
      ...(quiet ? { globalErrors: false } : {}),
    }),
  /** Active colleagues by name or login, for the applicant's choice of approvers. */
  users: (tenantId: number, name: string) =>
    api.get<Page<ApprovalUser>>(`/wfpf/v1/${tenantId}/approval-users`, {
      query: { size: 20, ...(name.trim() ? { name: name.trim() } : {}) },
    }),
};

export const AUDIT_STATE_COLORS: Record<DocAuditState, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};
