import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { CommonErrors } from '../errors.js';
import type { AuthUser } from '../http/context.js';
import { sessionCache } from './access-cache.js';
import type { KeyRing } from './keys.js';
import type { SessionStore } from './session-store.js';

export const signAccessToken = async (
  ring: KeyRing,
  userId: number,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> =>
  new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setIssuer('tilth')
    .sign(ring.jwtSecret);

/**
 * Tokens whose signature and claims were verified moments ago, so the next request with the same token skips
 * the HMAC and jose's import of the secret (the larger part). Only a verified token enters, for at most
 * VERIFIED_TTL_MS and never past its own expiry; bounded like the access caches (cleared when full).
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 20_000;
const verified = new Map<
  string,
  { ring: KeyRing; sub: string | undefined; sid: unknown; exp: number; until: number }
>();

const verifyAccessToken = async (
  ring: KeyRing,
  token: string,
): Promise<{ sub: string | undefined; sid: unknown }> => {
  const now = Date.now();
  const hit = verified.get(token);
  if (hit && hit.ring === ring && hit.until > now) {
    // jose's rule: expired once the current second reaches exp.
    if (hit.exp <= Math.floor(now / 1000)) {
      verified.delete(token);
      throw CommonErrors.tokenExpired();
    }
    return hit;
  }
  try {
    const { payload } = await jwtVerify(token, ring.jwtSecret, { issuer: 'tilth', algorithms: ['HS256'] });
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, {
        ring,
        sub: payload.sub,
        sid: payload.sid,
        exp: payload.exp,
        until: now + VERIFIED_TTL_MS,
      });
    }
    return { sub: payload.sub, sid: payload.sid };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw CommonErrors.tokenExpired();
    throw CommonErrors.tokenInvalid();
  }
};

/** Verifies a bearer token and that its session is still open; throws the 401 the console reacts to. */
export const authenticate = async (
  ring: KeyRing,
  sessions: Pick<SessionStore, 'findSession'>,
  db: Db,
  token: string,
): Promise<AuthUser> => {
  const { sub, sid } = await verifyAccessToken(ring, token);
  if (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/.test(sid) || !sub) throw CommonErrors.tokenInvalid();
  const cached = sessionCache.get(sid);
  if (cached && String(cached.id) === sub) {
    if (cached.expiresAt < Date.now()) throw CommonErrors.tokenExpired();
    const { expiresAt: _e, ...user } = cached;
    return user;
  }
  const s = await sessions.findSession(db, sid);
  if (!s || s.revokedAt || !s.enabled || String(s.userId) !== sub) throw CommonErrors.tokenInvalid();
  if (s.expiresAt.getTime() < Date.now()) throw CommonErrors.tokenExpired();
  const user: AuthUser = {
    id: s.userId,
    loginName: s.loginName,
    realName: s.realName,
    platformAdmin: s.platformAdmin,
    sessionId: sid,
  };
  sessionCache.set(sid, { ...user, expiresAt: s.expiresAt.getTime() });
  return user;
};

export const bearer = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
};

/** The session id of a token whose signature is ours, expired or not (logout of an expired session). */
export const sessionIdOf = async (ring: KeyRing, token: string): Promise<string | undefined> => {
  try {
    const { payload } = await compactVerify(token, ring.jwtSecret);
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { sid?: unknown };
    return typeof claims.sid === 'string' && /^[0-9a-f-]{36}$/.test(claims.sid) ? claims.sid : undefined;
  } catch {
    return undefined;
  }
};

/** When a token of ours expires (ms since the epoch); undefined for a token that is not ours or has none. */
export const accessTokenExpiry = async (ring: KeyRing, token: string): Promise<number | undefined> => {
  try {
    const { payload } = await compactVerify(token, ring.jwtSecret);
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};
