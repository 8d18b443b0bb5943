import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeviceAddress } from './iot.js';

// Device broker credentials. The secret is 32 random bytes, so a single SHA-256 is enough to store it
// (no dictionary to guard against) and a broker connect costs one hash, not an argon2 run.

export const newDeviceSecret = (): string => randomBytes(32).toString('base64url');

export const hashDeviceSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const secretMatches = (secret: string, hash: string): boolean => {
  const a = Buffer.from(hashDeviceSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The MQTT username (and recommended client id) of a device: {tenantId}/{typeKey}/{eui}. */
export const deviceUsername = (a: DeviceAddress): string => `${a.tenantId}/${a.typeKey}/${a.eui}`;

export const parseDeviceUsername = (username: string): DeviceAddress | undefined => {
  const m = /^(\d{1,10})\/([a-z][a-z0-9-]{1,39})\/([A-Za-z0-9_-]{4,64})$/.exec(username);
  if (!m) return undefined;
  return { tenantId: Number(m[1]), typeKey: m[2] as string, eui: m[3] as string };
};

/** The topic prefix a device may use: tilth/{tenantId}/{typeKey}/{eui}/ */
export const deviceTopicPrefix = (a: DeviceAddress): string => `tilth/${a.tenantId}/${a.typeKey}/${a.eui}/`;
