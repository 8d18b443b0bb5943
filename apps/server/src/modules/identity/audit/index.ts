// The public surface of audit: every domain records through recordAudit (issue 13 §7).
export { auditLog } from './audit.tables.js';
export { type AuditEntry, codeChanges, recordAudit } from './audit.service.js';
export { seedAuditLog } from './audit.demo.js';
