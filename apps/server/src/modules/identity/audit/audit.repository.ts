import { and, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
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
  /** Only the demo back-dates an entry; everything else is stamped by the database. */
  at?: Date;
}

export const insertAudit = async (db: Db, v: AuditValues): Promise<void> => {
  await db.insert(auditLog).values(v);
};

/** A list filter, already resolved: instants for the day range, the actor split into id or text. */
export interface AuditListFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  actorId?: number | undefined;
  actorText?: string | undefined;
  actionPrefix?: string | undefined;
  targetType?: string | undefined;
  target?: string | undefined;
  ipPrefix?: string | undefined;
}

/** The last row of a page: its instant to the microsecond (a JS Date keeps only milliseconds) and id. */
export interface AuditCursor {
  micros: string;
  id: number;
}

const AT_MICROS = sql<string>`(extract(epoch from ${auditLog.at}) * 1000000)::bigint::text`;

const where = (tenantId: number, f: AuditListFilter, cursor?: AuditCursor): SQL => {
  const c: (SQL | undefined)[] = [eq(auditLog.tenantId, tenantId)];
  if (f.from) c.push(sql`${auditLog.at} >= ${f.from}`);
  if (f.to) c.push(sql`${auditLog.at} < ${f.to}`);
  if (f.actorText !== undefined) {
    const byName = ilike(auditLog.actorName, `%${escapeLike(f.actorText)}%`);
    c.push(f.actorId === undefined ? byName : or(eq(auditLog.actorId, f.actorId), byName));
  }
  if (f.actionPrefix) c.push(like(auditLog.action, `${escapeLike(f.actionPrefix)}%`));
  if (f.targetType) c.push(eq(auditLog.targetType, f.targetType));
  if (f.target) {
    c.push(or(ilike(auditLog.targetName, `%${escapeLike(f.target)}%`), eq(auditLog.targetId, f.target)));
  }
  if (f.ipPrefix) c.push(like(auditLog.ip, `${escapeLike(f.ipPrefix)}%`));
  // Keyset: strictly older than the previous page's last row, in the (at, id) order of the index.
  if (cursor) {
    const at = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
    // The plain bound lets the (tenant_id, at) index start at the cursor; the row comparison breaks ties.
    c.push(sql`${auditLog.at} <= ${at}`, sql`(${auditLog.at}, ${auditLog.id}) < (${at}, ${cursor.id})`);
  }
  return and(...c) as SQL;
};

/**
 * Newest first, `limit` rows after the cursor. Served by the (tenant_id, at) index (or the actor's or
 * action's, which also end in at), so a page costs the same at row 1 and row 1,000,000.
 */
export const listAudit = (
  db: Db,
  tenantId: number,
  f: AuditListFilter,
  limit: number,
  cursor?: AuditCursor,
) =>
  db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atMicros: AT_MICROS,
      actorKind: auditLog.actorKind,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: auditLog.targetName,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(where(tenantId, f, cursor))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>[number];
