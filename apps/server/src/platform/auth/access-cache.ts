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

/** Application (client id) → what its tokens are checked against; forgotten on every change to it. */
export const clientCache = new TtlMap<ClientEntry>();
/**
 * A forget as it crosses to the other server processes (docs/scaling.md): each process applies it to its
 * own caches and ends its own streams, so a revocation holds everywhere at once, not after TTL_MS.
 */
export type AccessForget =
  | { k: 'session'; v: string }
  | { k: 'user'; v: number }
  | { k: 'tenant'; v: number }
  | { k: 'scopes'; v: number }
  | { k: 'client'; v: string }
  | { k: 'tz'; v: number }
  | { k: 'all' };

let broadcast: ((f: AccessForget) => void) | undefined;
/** Sends every forget made in this process to the others (the broker relay); answers the undo. */
export const broadcastAccessForgets = (fn: (f: AccessForget) => void): (() => void) => {
  broadcast = fn;
  return () => {
    if (broadcast === fn) broadcast = undefined;
  };
};

const apply = (f: AccessForget): void => {
  switch (f.k) {
    case 'session':
      sessionCache.deleteWhere((k) => k === f.v);
      notify({ session: f.v });
      return;
    case 'user':
      sessionCache.deleteWhere((_k, v) => v.id === f.v);
      membershipCache.deleteWhere((k) => k.startsWith(`${f.v}:`));
      permissionCache.deleteWhere((k) => k.startsWith(`${f.v}:`));
      scopeCache.deleteWhere((k) => k.startsWith(`${f.v}:`));
      notify({ user: f.v });
      return;
    case 'tenant':
      permissionCache.deleteWhere((k) => k.endsWith(`:${f.v}`));
      scopeCache.deleteWhere((k) => k.endsWith(`:${f.v}`));
      membershipCache.deleteWhere((k) => k.endsWith(`:${f.v}`));
      // The tenant's applications too (a disabled tenant refuses their tokens at once).
      clientCache.deleteWhere((_k, v) => v.row.tenantId === f.v);
      notify({ tenant: f.v });
      return;
    case 'scopes':
      scopeCache.deleteWhere((k) => k.endsWith(`:${f.v}`));
      // Streams re-open with the new scope.
      notify({ tenant: f.v });
      return;
    case 'client':
      clientCache.deleteWhere((k) => k === f.v);
      notify({ session: clientSessionId(f.v) });
      return;
    case 'tz':
      timeZoneCache.deleteWhere((k) => k === String(f.v));
      return;
    case 'all':
      sessionCache.clear();
      clientCache.clear();
      membershipCache.clear();
      permissionCache.clear();
      scopeCache.clear();
      timeZoneCache.clear();
      notify({ all: true });
      return;
  }
};

const forget = (f: AccessForget): void => {
  apply(f);
  broadcast?.(f);
};

/** Applies a forget another process made (not sent on again). */
export const applyRemoteForget = (f: AccessForget): void => apply(f);

export const forgetSession = (sessionId: string): void => forget({ k: 'session', v: sessionId });
export const forgetUser = (userId: number): void => forget({ k: 'user', v: userId });
export const forgetTenantPermissions = (tenantId: number): void => forget({ k: 'tenant', v: tenantId });
/** The organisation tree or staff changed: 'units' scopes are recomputed on the next request. */
export const forgetTenantScopes = (tenantId: number): void => forget({ k: 'scopes', v: tenantId });
export const forgetTenantTimeZone = (tenantId: number): void => forget({ k: 'tz', v: tenantId });
/** The pseudo session of an application's tokens: live streams it holds end when it is forgotten. */
export const clientSessionId = (appId: string): string => `client:${appId}`;
export const forgetClient = (appId: string): void => forget({ k: 'client', v: appId });
export const forgetAll = (): void => forget({ k: 'all' });
