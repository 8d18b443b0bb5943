import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Quality } from './provider.types.js';

// Signed, short-lived stream URLs (issue 16 item 5): the claims (tenant, camera, what to play, expiry and,
// when known, the viewer's user and session) are signed with an HMAC key derived from the server secret,
// so a copied URL stops working when it expires and cannot be pointed at another tenant or camera.

export interface StreamClaims {
  /** Tenant and camera. */
  t: number;
  c: number;
  q: Quality;
  /** live, or playback from `f` to `u` (epoch ms) at speed `s`. */
  k: 'live' | 'pb';
  f?: number;
  u?: number;
  s?: 1 | 2 | 4;
  /** Expiry, epoch seconds. */
  exp: number;
  /** The user and session it was issued to, so a revoked session ends the video too. */
  uid?: number;
  sid?: string;
  /** The viewer's tenant (differs from `t` for a camera shared to another tenant). */
  vt?: number;
  /** The camera's provider when not the demo one (its settings are known only to the process that signed). */
  p?: string;
}

/** The stream key: derived from the server secret, never the secret itself. */
export const streamKey = (serverSecret: Uint8Array): Buffer =>
  createHmac('sha256', Buffer.from(serverSecret)).update('tilth camera stream v1').digest();

const mac = (key: Buffer, body: string): Buffer => createHmac('sha256', key).update(body).digest();

export const signStream = (key: Buffer, claims: StreamClaims): string => {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
};

/** The claims of a valid, unexpired token; undefined for anything else (bad form, signature, expiry). */
export const verifyStream = (key: Buffer, token: string, nowMs = Date.now()): StreamClaims | undefined => {
  if (token.length > 2048) return undefined;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const want = mac(key, body);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString()) as StreamClaims;
    if (!Number.isSafeInteger(c.t) || !Number.isSafeInteger(c.c) || typeof c.exp !== 'number')
      return undefined;
    if (c.q !== 'hd' && c.q !== 'sd') return undefined;
    if (c.k !== 'live' && c.k !== 'pb') return undefined;
    if (c.exp * 1000 <= nowMs) return undefined;
    return c;
  } catch {
    return undefined;
  }
};
