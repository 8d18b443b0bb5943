import { constants, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword, pemToDer, toBase64 } from './rsa';
import { oaepEncrypt, parseSpki, sha256 } from './rsaOaep';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const decrypt = (base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString('utf8');

describe('password encryption (RSA-OAEP, SHA-256)', () => {
  it('WebCrypto: the server can decrypt it', async () => {
    expect(decrypt(await encryptPassword(publicKey, 'demo1234'))).toBe('demo1234');
  });

  it('the pure fallback for plain-http consoles: the server can decrypt it too', () => {
    for (const secret of ['demo1234', 'pässwörd-密码-🌱', '']) {
      const encrypted = toBase64(oaepEncrypt(pemToDer(publicKey), new TextEncoder().encode(secret)));
      expect(decrypt(encrypted)).toBe(secret);
    }
  });

  it('SHA-256 and the key parser agree with Node', () => {
    for (const text of ['', 'abc', 'x'.repeat(1000)]) {
      const ours = Buffer.from(sha256(new TextEncoder().encode(text))).toString('hex');
      expect(ours).toBe(createHash('sha256').update(text).digest('hex'));
    }
    const { e, size } = parseSpki(pemToDer(publicKey));
    expect(e).toBe(65537n);
    expect(size).toBe(256);
  });
});
