import type { BlockList } from 'node:net';
import type { AuthUser } from '../http/context.js';
import type { ClientRow } from './session-store.js';

/**
 * Short-lived, in-process memory of what the database said about a session, a membership and a user's
 * permission codes, so a request does not ask again for each of them. Everything that changes them in
 * this process forgets the entry at once; other server processes see a change within TTL_MS (see
 * docs/scaling.md). Sessions still expire and are revoked in the database, which stays the truth.
 */
const TTL_MS = 5_000;
const MAX = 20_000;

class TtlMap<V> {
  private readonly m = new Map<string, { v: V; until: number }>();
  get(k: string): V | undefined {
    const e = this.m.get(k);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.m.delete(k);
      return undefined;
    }
    return e.v;
  }
  set(k: string, v: V): void {
    if (this.m.size >= MAX) this.m.clear();
    this.m.set(k, { v, until: Date.now() + TTL_MS });
  }
  deleteWhere(pred: (k: string, v: V) => boolean): void {
    for (const [k, e] of this.m) if (pred(k, e.v)) this.m.delete(k);
  }
  clear(): void {
    this.m.clear();
  }
}

/** An application's row with its allow-list compiled (undefined: any address). */
export interface ClientEntry {
  row: ClientRow;
  allow: BlockList | undefined;
}

export const sessionCache = new TtlMap<AuthUser & { expiresAt: number }>();
export const membershipCache = new TtlMap<boolean>();
export const permissionCache = new TtlMap<ReadonlySet<string>>();
/** `${userId}:${tenantId}` → the bases the member may see; null for all (ADR 0012). */
export const scopeCache = new TtlMap<readonly number[] | null>();
/** Tenant id → its time zone; other processes see a change within TTL_MS. */
export const timeZoneCache = new TtlMap<string>();
export const forgetTenantTimeZone = (tenantId: number): void => {
  timeZoneCache.deleteWhere((k) => k === String(tenantId));
};

/** What changed about who may do what; long-lived answers (live streams) end on it (live-streams.ts). */
export type AccessChange = { session: string } | { user: number } | { tenant: number } | { all: true };
const listeners = new Set<(change: AccessChange) => void>();
export const onAccessChange = (fn: (change: AccessChange) => void): (() => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const notify = (change: AccessChange): void => {
  for (const fn of listeners) fn(change);
};

export const forgetSession = (sessionId: string): void => {
  sessionCache.deleteWhere((k) => k === sessionId);
  notify({ session: sessionId });
};
export const forgetUser = (userId: number): void => {
  sessionCache.deleteWhere((_k, v) => v.id === userId);
  membershipCache.deleteWhere((k) => k.startsWith(`${userId}:`));
  permissionCache.deleteWhere((k) => k.startsWith(`${userId}:`));
  scopeCache.deleteWhere((k) => k.startsWith(`${userId}:`));
  notify({ user: userId });
};
export const forgetTenantPermissions = (tenantId: number): void => {
  permissionCache.deleteWhere((k) => k.endsWith(`:${tenantId}`));
  scopeCache.deleteWhere((k) => k.endsWith(`:${tenantId}`));
  membershipCache.deleteWhere((k) => k.endsWith(`:${tenantId}`));
  // The tenant's applications too (a disabled tenant refuses their tokens at once).
  clientCache.deleteWhere((_k, v) => v.row.tenantId === tenantId);
  notify({ tenant: tenantId });
};
/** The organisation tree or staff changed: 'units' scopes are recomputed on the next request. */
export const forgetTenantScopes = (tenantId: number): void => {
  scopeCache.deleteWhere((k) => k.endsWith(`:${tenantId}`));
  // Streams re-open with the new scope.
  notify({ tenant: tenantId });
};
/** Application (client id) → what its tokens are checked against; forgotten on every change to it. */
export const clientCache = new TtlMap<ClientEntry>();
/** The pseudo session of an application's tokens: live streams it holds end when it is forgotten. */
export const clientSessionId = (appId: string): string => `client:${appId}`;
export const forgetClient = (appId: string): void => {
  clientCache.deleteWhere((k) => k === appId);
  notify({ session: clientSessionId(appId) });
};
export const forgetAll = (): void => {
  sessionCache.clear();
  clientCache.clear();
  membershipCache.clear();
  permissionCache.clear();
  scopeCache.clear();
  timeZoneCache.clear();
  notify({ all: true });
};
