// RSA-OAEP with SHA-256 and MGF1-SHA-256 (RFC 8017 §7.1.1) over BigInt, for browsers without
// crypto.subtle (plain-http consoles). Random bytes still come from crypto.getRandomValues, which every
// browser offers in any context.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

export const sha256 = (data: Uint8Array): Uint8Array => {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]].map((x) => x ?? 0) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) >>>
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (add[i] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] ?? 0);
  return out;
};

const mgf1 = (seed: Uint8Array, length: number): Uint8Array => {
  const out = new Uint8Array(length);
  const block = new Uint8Array(seed.length + 4);
  block.set(seed);
  for (let counter = 0, filled = 0; filled < length; counter++) {
    new DataView(block.buffer).setUint32(seed.length, counter);
    const digest = sha256(block);
    out.set(digest.subarray(0, Math.min(digest.length, length - filled)), filled);
    filled += digest.length;
  }
  return out;
};

// ---- SPKI (SubjectPublicKeyInfo) → modulus and exponent ----

interface Tlv {
  tag: number;
  start: number;
  end: number;
}

const readTlv = (der: Uint8Array, at: number): Tlv => {
  const tag = der[at] ?? 0;
  let len = der[at + 1] ?? 0;
  let start = at + 2;
  if (len & 0x80) {
    const count = len & 0x7f;
    len = 0;
    for (let i = 0; i < count; i++) len = len * 256 + (der[start + i] ?? 0);
    start += count;
  }
  return { tag, start, end: start + len };
};

const toBigInt = (bytes: Uint8Array): bigint => {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
};

export const parseSpki = (der: Uint8Array): { n: bigint; e: bigint; size: number } => {
  const spki = readTlv(der, 0);
  const algorithm = readTlv(der, spki.start);
  const bitString = readTlv(der, algorithm.end);
  if (bitString.tag !== 0x03) throw new Error('not an RSA public key');
  const rsaKey = readTlv(der, bitString.start + 1); // skip the unused-bits byte
  const modulus = readTlv(der, rsaKey.start);
  const exponent = readTlv(der, modulus.end);
  let nBytes = der.subarray(modulus.start, modulus.end);
  while (nBytes[0] === 0 && nBytes.length > 1) nBytes = nBytes.subarray(1);
  return {
    n: toBigInt(nBytes),
    e: toBigInt(der.subarray(exponent.start, exponent.end)),
    size: nBytes.length,
  };
};

const modPow = (base: bigint, exp: bigint, mod: bigint): bigint => {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
};

export const oaepEncrypt = (
  spkiDer: Uint8Array,
  message: Uint8Array,
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): Uint8Array => {
  const { n, e, size: k } = parseSpki(spkiDer);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('message too long');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = random(hLen);
  const dbMask = mgf1(seed, db.length);
  for (let i = 0; i < db.length; i++) db[i] = (db[i] ?? 0) ^ (dbMask[i] ?? 0);
  const seedMask = mgf1(db, hLen);
  const maskedSeed = seed.map((b, i) => b ^ (seedMask[i] ?? 0));
  const em = new Uint8Array(k);
  em.set(maskedSeed, 1);
  em.set(db, 1 + hLen);
  let c = modPow(toBigInt(em), e, n);
  const out = new Uint8Array(k);
  for (let i = k - 1; i >= 0; i--) {
    out[i] = Number(c & 0xffn);
    c >>= 8n;
  }
  return out;
};
