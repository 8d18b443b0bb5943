// The sign-in password travels RSA-OAEP (SHA-256) encrypted with the server's SPKI key (ARCHITECTURE §5).
// WebCrypto does it where the browser offers it: secure contexts (https, localhost). A console opened over
// plain http on a LAN address has no crypto.subtle, so a small pure implementation is loaded there instead.

export const pemToDer = (pem: string): Uint8Array<ArrayBuffer> => {
  const body = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const raw = atob(body);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
};

export const toBase64 = (bytes: Uint8Array): string => {
  let raw = '';
  for (const b of bytes) raw += String.fromCharCode(b);
  return btoa(raw);
};

export const encryptPassword = async (publicKeyPem: string, plain: string): Promise<string> => {
  const der = pemToDer(publicKeyPem);
  const message = new TextEncoder().encode(plain);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    return toBase64(new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, message)));
  }
  const { oaepEncrypt } = await import('./rsaOaep');
  return toBase64(oaepEncrypt(der, message));
};
