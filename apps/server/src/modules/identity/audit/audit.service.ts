import {
  AUDIT_EXPORT_MAX,
  type AuditLogEntry,
  type AuditLogFilter,
  type AuditLogPage,
  type AuditLogQuery,
} from '@tilth/contracts/audit.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { dayEnd, dayStart } from '../../../platform/time/zone.js';
import {
  type AuditCursor,
  type AuditListFilter,
  type AuditListRow,
  insertAudit,
  listAudit,
} from './audit.repository.js';

export interface AuditEntry {
  /** Dotted action code: '<entity>.<verb>' ('user.disable', 'role.update', 'unit.delete'…). */
  action: string;
  targetType?: string;
  targetId?: number | string;
  targetName?: string;
  /** The entity as it was and as it became; omit what a create or delete does not have. */
  before?: unknown;
  after?: unknown;
  /** Defaults to ctx.tenantId; platform actions outside a tenant pass PLATFORM_TENANT_ID (0). */
  tenantId?: number;
  /** Who acted, when ctx.user does not say (a sign-in: the person signing in, or the name typed). */
  actor?: { id: number | null; name: string };
}

// Secrets never reach the log, whatever a caller hands in.
const SECRET_KEYS = /^(password|.*secret.*|.*token.*|passwordHash|salt)$/i;
const scrub = (v: unknown): unknown => {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(scrub);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>))
      out[k] = SECRET_KEYS.test(k) ? '***' : scrub(x);
    return out;
  }
  return v;
};

/**
 * Records one audit entry in the caller's transaction: it is kept exactly when the change it describes
 * commits. Who and from where come from ctx.
 */
export const recordAudit = async (ctx: Ctx, e: AuditEntry): Promise<void> => {
  const tenantId = e.tenantId ?? ctx.tenantId;
  if (tenantId === null || tenantId === undefined) throw new Error('recordAudit needs a tenant');
  await insertAudit(ctx.db, {
    tenantId,
    actorKind: e.actor ? 'user' : ctx.user ? (ctx.user.clientId ? 'application' : 'user') : 'system',
    actorId: e.actor ? e.actor.id : (ctx.user?.id ?? null),
    actorName: (e.actor ? e.actor.name : ctx.user ? ctx.user.realName || ctx.user.loginName : '').slice(
      0,
      100,
    ),
    ip: ctx.origin?.ip ?? null,
    userAgent: ctx.origin?.userAgent?.slice(0, 300) ?? null,
    action: e.action,
    targetType: e.targetType ?? null,
    targetId: e.targetId === undefined ? null : String(e.targetId),
    targetName: e.targetName?.slice(0, 200) ?? null,
    before: scrub(e.before),
    after: scrub(e.after),
  });
};

/** What a list of codes gained and lost: a role's permission change is logged as these, not two whole lists. */
export const codeChanges = (
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } => {
  const b = new Set(before);
  const a = new Set(after);
  return { added: [...a].filter((c) => !b.has(c)).sort(), removed: [...b].filter((c) => !a.has(c)).sort() };
};

export const AUDIT_VIEW: PermissionCode = 'wfpf.company.system.audit-log';

/** The query's days cut in the tenant's zone; an all-digit actor may be a user id as well as a name. */
const resolveFilter = (ctx: TenantCtx, f: AuditLogFilter): AuditListFilter => ({
  from: f.from ? dayStart(f.from, ctx.timeZone) : undefined,
  to: f.to ? dayEnd(f.to, ctx.timeZone) : undefined,
  actorText: f.actor || undefined,
  actorId: f.actor && /^\d{1,15}$/.test(f.actor) ? Number(f.actor) : undefined,
  actionPrefix: f.action || undefined,
  targetType: f.targetType || undefined,
  target: f.target || undefined,
  ipPrefix: f.ip || undefined,
});

const parseCursor = (c: string | undefined): AuditCursor | undefined => {
  if (!c) return undefined;
  const [micros = '0', id = '0'] = c.split('_');
  return { micros, id: Number(id) };
};

const toEntry = (r: AuditListRow): AuditLogEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actorKind: r.actorKind,
  actorId: r.actorId,
  actorName: r.actorName,
  ip: r.ip,
  userAgent: r.userAgent,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  targetName: r.targetName,
  before: r.before,
  after: r.after,
});

/** The tenant administrator's view of the log: newest first, filtered, paged by cursor, exported. */
export class AuditService {
  async list(ctx: Ctx, q: AuditLogQuery): Promise<AuditLogPage> {
    requireAccess(ctx, AUDIT_VIEW);
    requireTenant(ctx);
    const { size, cursor, ...filter } = q;
    // One row more than asked says whether there is a next page, without counting a million rows.
    const rows = await listAudit(
      ctx.db,
      ctx.tenantId,
      resolveFilter(ctx, filter),
      size + 1,
      parseCursor(cursor),
    );
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      content: page.map(toEntry),
      next: rows.length > size && last ? `${last.atMicros}_${last.id}` : null,
    };
  }

  /** The filtered rows for the export, newest first, at most AUDIT_EXPORT_MAX. */
  async exportRows(ctx: Ctx, f: AuditLogFilter): Promise<AuditListRow[]> {
    requireAccess(ctx, AUDIT_VIEW);
    requireTenant(ctx);
    return listAudit(ctx.db, ctx.tenantId, resolveFilter(ctx, f), AUDIT_EXPORT_MAX);
  }
}
