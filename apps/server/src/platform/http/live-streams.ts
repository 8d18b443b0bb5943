import { type AccessChange, onAccessChange } from '../auth/access-cache.js';
import { accessTokenExpiry } from '../auth/tokens.js';
import { AppError, CommonErrors } from '../errors.js';
import type { Platform } from '../platform.js';
import type { AuthUser } from './context.js';
import { admit, tenantPermissions } from './route.js';

// A long-lived answer (Server-Sent Events) is admitted once, like any request, but must not outlive what
// admitted it (issue 10 item 6). Three ways end it:
// - the access token's expiry: a timer at the token's `exp`;
// - a change made in this process (logout, session revoked, password changed, user disabled, roles or
//   memberships changed): the identity and access code paths forget their cache entries, which notifies
//   the registry below at once;
// - a change made by another server process: each stream re-admits its token every
//   TILTH_STREAM_RECHECK_SEC against the database, through the same short-lived caches requests use, so a
//   stream is never more privileged than a request made at the same moment (the database stays the truth,
//   as in docs/scaling.md). No new broker topic or message is needed for this.

export type StreamEndReason = 'expired' | 'revoked' | 'forbidden' | 'shutdown';

interface Held {
  sessionId: string;
  userId: number;
  tenantId: number;
  end(reason: StreamEndReason): void;
}

const held = new Set<Held>();

/** Whom a stream serves (a camera stream's token may name no session or user). */
type Holder = Partial<Pick<Held, 'sessionId' | 'userId' | 'tenantId'>>;

const affects = (change: AccessChange, h: Holder): boolean =>
  'all' in change ||
  ('session' in change && change.session === h.sessionId) ||
  ('user' in change && change.user === h.userId) ||
  ('tenant' in change && change.tenant === h.tenantId);

// A stream is admitted (the request's auth) a little before it is held (its setup awaits). A change in
// between would reach no stream: the changes of the last RECENT_MS are kept, and a hold checks those made
// since its admission. Past that age (or RECENT_MAX) a change is forgotten, and a hold admitted before it
// ends as if it were affected: the console reconnects, which costs nothing.
const RECENT_MS = 60_000;
const RECENT_MAX = 10_000;
const recent: { at: number; change: AccessChange }[] = [];
let forgottenAt = Number.NEGATIVE_INFINITY;

const remember = (change: AccessChange): void => {
  const at = performance.now();
  recent.push({ at, change });
  while (recent.length > RECENT_MAX || (recent[0] && recent[0].at < at - RECENT_MS))
    forgottenAt = (recent.shift() as { at: number }).at;
};

/**
 * Whether a change since `since` (a `performance.now()` time, at or before the stream's admission) may
 * concern this holder: a stream set up across such a change must end (or be refused).
 */
export const accessChangedSince = (since: number, h: Holder): boolean =>
  since <= forgottenAt || recent.some((e) => e.at >= since && affects(e.change, h));

// Ended rather than re-checked: the change may not be committed yet. The console reconnects at once and is
// admitted (or refused) by the committed state, with the permissions it has now.
onAccessChange((change) => {
  remember(change);
  for (const h of [...held]) if (affects(change, h)) h.end('revoked');
});

/** How many streams are held (tests, diagnostics). */
export const heldCount = (): number => held.size;

// setTimeout's longest delay; a longer-lived token is still ended by the periodic re-check.
const MAX_DELAY_MS = 2_147_483_647;

export interface HoldOptions {
  platform: Platform;
  /** The bearer token the stream was admitted with. */
  token: string;
  user: AuthUser;
  tenantId: number;
  /** When the request was admitted, or earlier (`performance.now()`): changes since then end the stream. */
  admittedAt: number;
  /** Whether the user's permission codes in the tenant still allow the stream as it was opened. */
  allows(permissions: ReadonlySet<string>): boolean;
  /** Ends the answer (called at most once, never after release). */
  end(reason: StreamEndReason): void;
}

/**
 * Ties an open stream to its session, token and permissions; answers `release`, to call when the stream
 * ends by itself (the client went away).
 */
export const holdWhileAdmitted = async (o: HoldOptions): Promise<() => void> => {
  let over = false;
  let expiry: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const release = () => {
    over = true;
    clearTimeout(expiry);
    clearInterval(recheck);
    held.delete(entry);
  };
  const finish = (reason: StreamEndReason) => {
    if (over) return;
    release();
    o.end(reason);
  };
  // Held before anything is awaited, and checked against what changed since admission: no gap to miss.
  const entry: Held = { sessionId: o.user.sessionId, userId: o.user.id, tenantId: o.tenantId, end: finish };
  held.add(entry);
  if (accessChangedSince(o.admittedAt, entry)) {
    finish('revoked');
    return release;
  }
  const expiresAt = (await accessTokenExpiry(o.platform.keys, o.token)) ?? Date.now();
  if (over) return release;
  expiry = setTimeout(() => finish('expired'), Math.min(MAX_DELAY_MS, Math.max(0, expiresAt - Date.now())));
  expiry.unref();
  const check = async () => {
    try {
      const user = await admit(o.platform, o.token, o.tenantId);
      if (!o.allows(await tenantPermissions(o.platform, o.user.id, o.tenantId, user))) finish('forbidden');
    } catch (err) {
      // Fails closed: a database that cannot answer ends the stream too; the console reconnects.
      const expired = err instanceof AppError && err.code === CommonErrors.tokenExpired().code;
      finish(expired ? 'expired' : 'revoked');
    }
  };
  recheck = setInterval(() => void check(), o.platform.config.streamRecheckSeconds * 1000);
  recheck.unref();
  return release;
};
