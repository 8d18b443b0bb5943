import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.js';
import { CommonErrors } from '../errors.js';
import type { AuthUser } from '../http/context.js';
import { type ClientEntry, clientCache, clientSessionId } from './access-cache.js';
import type { KeyRing } from './keys.js';
import type { ClientRow, SessionStore } from './session-store.js';

// Tokens of applications (OAuth client-credentials grant, issue 13 item 6). A token names the application
// (`sub` = its client id), its tenant (`tid`) and the secret generation it was issued for (`gen`); it has
// no session. Each request re-reads the application (through a short-lived cache that every change to it
// forgets) so disabling, deleting, rotating or an expiry takes effect at once.

const CLIENT_TYPE = 'client';

export interface ClientClaims {
  appId: string;
  tenantId: number;
  generation: number;
}

export const signClientToken = async (ring: KeyRing, c: ClientClaims, ttlSeconds: number): Promise<string> =>
  new SignJWT({ typ: CLIENT_TYPE, tid: c.tenantId, gen: c.generation })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(c.appId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setIssuer('tilth')
    .sign(ring.jwtSecret);

/** Whether a bearer token says it is an application's (unverified: only picks the check that follows). */
export const isClientToken = (token: string): boolean => {
  try {
    return decodeJwt(token).typ === CLIENT_TYPE;
  } catch {
    return false;
  }
};

/** An address as the allow-list compares it: an IPv4-mapped IPv6 address as IPv4. */
const plainAddress = (ip: string): string => {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m?.[1] ?? ip;
};

/** The allow-list as a matcher (undefined: an empty list, any address). Entries are canonical already. */
export const compileAllowList = (entries: readonly string[]): BlockList | undefined => {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const e of entries) {
    const [addr = '', prefix] = e.split('/');
    const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return list;
};

/** Whether a caller at `ip` may use an application with this (compiled) allow-list. */
export const addressAllowed = (allow: BlockList | undefined, ip: string): boolean => {
  if (!allow) return true;
  const a = plainAddress(ip);
  if (isIPv4(a)) return allow.check(a, 'ipv4');
  if (isIPv6(a)) return allow.check(a, 'ipv6');
  return false;
};

/** Whether an application may get or use a token now: enabled and not expired. */
export const clientUsable = (row: ClientRow, now = Date.now()): boolean =>
  row.enabled && (row.expiresAt === null || row.expiresAt.getTime() > now);

const entryOf = (row: ClientRow): ClientEntry => ({ row, allow: compileAllowList(row.ipAllowList) });

/** The application of a client id, through the cache (read in its tenant's transaction on a miss). */
export const findClientEntry = async (
  database: Database,
  sessions: Pick<SessionStore, 'findClient'>,
  tenantId: number,
  appId: string,
): Promise<ClientEntry | undefined> => {
  const hit = clientCache.get(appId);
  if (hit) return hit;
  const row = await database.withTenant(tenantId, (db) => sessions.findClient(db, appId));
  if (!row) return undefined;
  const entry = entryOf(row);
  clientCache.set(appId, entry);
  return entry;
};

/**
 * The application of a client token, admitted for `tenantId` from `address` (omitted when a live stream
 * re-checks: its address was checked when it opened, and an allow-list change ends it). A token that is
 * not valid now (revoked by a change, expired, another generation, an address outside the list) is 401;
 * a valid one outside its tenant (or outside any tenant) is 403.
 */
export const authenticateClient = async (
  ring: KeyRing,
  sessions: Pick<SessionStore, 'findClient'>,
  database: Database,
  token: string,
  tenantId: number | undefined,
  address: string | undefined,
): Promise<AuthUser> => {
  let claims: ClientClaims;
  try {
    const { payload } = await jwtVerify(token, ring.jwtSecret, { issuer: 'tilth', algorithms: ['HS256'] });
    const { sub, tid, gen, typ } = payload;
    if (
      typ !== CLIENT_TYPE ||
      typeof sub !== 'string' ||
      !Number.isSafeInteger(tid) ||
      !Number.isSafeInteger(gen)
    )
      throw CommonErrors.tokenInvalid();
    claims = { appId: sub, tenantId: tid as number, generation: gen as number };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw CommonErrors.tokenExpired();
    throw CommonErrors.tokenInvalid();
  }
  const entry = await findClientEntry(database, sessions, claims.tenantId, claims.appId);
  const row = entry?.row;
  if (
    !entry ||
    !row ||
    row.tenantId !== claims.tenantId ||
    row.secretGeneration !== claims.generation ||
    !clientUsable(row) ||
    (address !== undefined && !addressAllowed(entry.allow, address))
  )
    throw CommonErrors.tokenInvalid();
  if (tenantId !== claims.tenantId) throw CommonErrors.forbidden();
  return {
    // Negative: never a person's id, so nothing keyed by user id (caches, "my" lists) mistakes it for one.
    id: -row.id,
    loginName: row.appId,
    realName: row.name,
    platformAdmin: false,
    sessionId: clientSessionId(row.appId),
    clientId: row.appId,
    scopes: new Set(row.scopes),
  };
};
