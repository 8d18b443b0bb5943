import { z } from 'zod';
import { blankAsUnset, trimmedText } from './common.types.js';

// The tenant's audit log (issue 13 item 7): GET /wfpf/v1/{t}/audit-log and its .xlsx export.

/** A tenant calendar day 'YYYY-MM-DD' (the server cuts it in the tenant's time zone). */
const day = z
  .string()
  .max(10)
  .refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1;
  }, 'must be a date YYYY-MM-DD');

/** Where the next page starts: the last row's instant (microseconds since 1970) and id, as the server gave it. */
const cursor = z.string().regex(/^\d{1,17}_\d{1,19}$/, 'not a cursor from the previous page');

const filterFields = z.object({
  /** First and last tenant day of the range, both included. */
  from: blankAsUnset(day),
  to: blankAsUnset(day),
  /** A user id, or text contained in the actor's name. */
  actor: trimmedText(60).optional(),
  /** An action code or its beginning ('user.' for every user change). */
  action: trimmedText(60).optional(),
  targetType: trimmedText(40).optional(),
  /** Text contained in the target's name, or its id. */
  target: trimmedText(60).optional(),
  /** The client address or its beginning. */
  ip: trimmedText(60).optional(),
});
const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const rangeError = { path: ['to'], message: 'must not be before from' };

export const auditLogFilter = filterFields.refine(rangeInOrder, rangeError);
export type AuditLogFilter = z.infer<typeof auditLogFilter>;

/** Newest first, paged by a cursor (keyset): no page number and no total, so page 1 and page 10,000 cost the same. */
export const auditLogQuery = filterFields
  .extend({
    size: z.coerce.number().int().min(1).max(200).default(50),
    cursor: blankAsUnset(cursor),
  })
  .refine(rangeInOrder, rangeError);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number(),
  /** ISO instant; shown in the tenant's time zone. */
  at: z.string(),
  actorKind: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogPage = z.object({
  content: z.array(auditLogEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** The most rows one export holds; narrow the filter for more. */
export const AUDIT_EXPORT_MAX = 50_000;
