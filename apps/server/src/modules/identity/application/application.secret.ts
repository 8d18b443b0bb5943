import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Client ids and secrets. A secret is 32 random bytes, so one SHA-256 is a sufficient hash (no dictionary
// to slow down); it is compared in constant time.

/** `app_<tenant>_<24 hex>`: the tenant routes the grant's lookup, the random part makes it unique. */
const APP_ID = /^app_(\d{1,10})_[0-9a-f]{24}$/;

export const newAppId = (tenantId: number): string => `app_${tenantId}_${randomBytes(12).toString('hex')}`;

/** The tenant a client id belongs to, or undefined for a malformed id. */
export const tenantOfAppId = (appId: string): number | undefined => {
  const m = APP_ID.exec(appId);
  const t = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(t) ? t : undefined;
};

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` hashes to `hash`; the same work whether or not a hash exists. */
export const secretMatches = (hash: string | undefined, secret: string): boolean => {
  const presented = createHash('sha256').update(secret).digest();
  const stored = hash && /^[0-9a-f]{64}$/.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(32);
  return timingSafeEqual(presented, stored) && hash !== undefined;
};
