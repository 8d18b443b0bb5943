import type { Ctx } from '../../../platform/http/context.js';
import { insertAudit } from './audit.repository.js';

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
