import { and, count, desc, eq, gte, ilike, like, lte, or, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { auditLog } from '../audit/index.js';

// The platform administrator's audit list: entries of every tenant. audit_log is tenant-isolated by
// row-level security, and the application role cannot bypass it (platform/db/rls.ts refuses to serve
// otherwise). So this reads the way the jobs read across tenants (telemetry's sweeps, the admin sync in
// demo/seed.helpers): one transaction per tenant with app.tenant_id set to it. No policy is widened for
// the platform, so a mistake here cannot open one tenant's rows to another. Each tenant answers its
// newest (page+1)*size matching rows and its count; the pages are merged by time here. Deep pages cost
// more, so the contract caps page at 1000 and size at 100; the tenant filter reads only that tenant.

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const whereOf = (tenantId: number, f: AuditFilter): SQL | undefined => {
  const conds: (SQL | undefined)[] = [eq(auditLog.tenantId, tenantId)];
  // 'tenant.' lists every tenant action; 'tenant.disable' exactly that one.
  if (f.action)
    conds.push(
      f.action.endsWith('.')
        ? like(auditLog.action, `${escapeLike(f.action)}%`)
        : eq(auditLog.action, f.action),
    );
  if (f.actor) {
    const byName = ilike(auditLog.actorName, `%${escapeLike(f.actor)}%`);
    conds.push(/^\d{1,15}$/.test(f.actor) ? or(byName, eq(auditLog.actorId, Number(f.actor))) : byName);
  }
  if (f.from) conds.push(gte(auditLog.at, f.from));
  if (f.to) conds.push(lte(auditLog.at, f.to));
  return and(...conds);
};

const newestOf = async (tx: Db, tenantId: number, f: AuditFilter, limit: number) => {
  const where = whereOf(tenantId, f);
  const rows = await tx
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const [c] = await tx.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: c?.n ?? 0 };
};

const newerFirst = (a: AuditRow, b: AuditRow): number =>
  b.at.getTime() - a.at.getTime() || b.tenantId - a.tenantId || b.id - a.id;

export const listAuditAcrossTenants = async (
  database: Database,
  tenantIds: readonly number[],
  f: AuditFilter,
  page: number,
  size: number,
): Promise<{ rows: AuditRow[]; total: number }> => {
  const want = (page + 1) * size;
  let merged: AuditRow[] = [];
  let total = 0;
  for (const tenantId of tenantIds) {
    const part = await database.withTenant(tenantId, (tx) => newestOf(tx, tenantId, f, want));
    total += part.total;
    // Only the newest `want` rows overall can reach the asked page.
    merged = [...merged, ...part.rows].sort(newerFirst).slice(0, want);
  }
  return { rows: merged.slice(page * size, want), total };
};
