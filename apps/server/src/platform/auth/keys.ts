import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import type { Db } from '../db/client.js';
import { putSettingOnce, readSetting } from './keys.repository.js';

export interface KeyRing {
  /** SPKI PEM handed to the browser to encrypt the login password (RSA-OAEP, SHA-256). */
  publicKeyPem: string;
  privateKey: KeyObject;
  jwtSecret: Uint8Array;
}

// Keys live in the database so every server process signs and decrypts alike, and restarts keep sessions.
export const loadKeyRing = async (db: Db, jwtSecretFromEnv?: string): Promise<KeyRing> => {
  let publicKeyPem = await readSetting(db, 'login.rsa.public');
  let privatePem = await readSetting(db, 'login.rsa.private');
  if (!publicKeyPem || !privatePem) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    privatePem = await putSettingOnce(db, 'login.rsa.private', pair.privateKey);
    publicKeyPem = await putSettingOnce(db, 'login.rsa.public', pair.publicKey);
  }
  const secret =
    jwtSecretFromEnv ?? (await putSettingOnce(db, 'jwt.secret', randomBytes(48).toString('base64')));
  return {
    publicKeyPem,
    privateKey: createPrivateKey(privatePem),
    jwtSecret: new TextEncoder().encode(secret),
  };
};

/** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; undefined when it is not one of ours. */
export const decryptPassword = (ring: KeyRing, base64: string): string | undefined => {
  try {
    return privateDecrypt(
      { key: ring.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    ).toString('utf8');
  } catch {
    return undefined;
  }
};
