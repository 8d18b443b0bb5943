import type { AuditLogPage } from '@tilth/contracts/audit.types';
import { api, type Query } from '../../../shared/api/client';
import { downloadFile } from '../../equipment/device/api/download';

export type { AuditLogEntry, AuditLogPage } from '@tilth/contracts/audit.types';

export const AUDIT_LOG_VIEW = 'wfpf.company.system.audit-log';

export const auditLogKeys = {
  page: (tenantId: number, filters: Query, cursor: string) =>
    ['system', tenantId, 'audit-log', filters, cursor] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/audit-log`;

export const auditLogApi = {
  page: (tenantId: number, query: Query) => api.get<AuditLogPage>(base(tenantId), { query }),
  exportList: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/export`, query, 'audit-log.xlsx'),
};
