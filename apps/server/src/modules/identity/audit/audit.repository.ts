import type { Db } from '../../../platform/db/client.js';
import { auditLog } from './audit.tables.js';

export interface AuditValues {
  tenantId: number;
  actorKind: 'user' | 'application' | 'system';
  actorId: number | null;
  actorName: string;
  ip: string | null;
  userAgent: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  before: unknown;
  after: unknown;
}

export const insertAudit = async (db: Db, v: AuditValues): Promise<void> => {
  await db.insert(auditLog).values(v);
};
