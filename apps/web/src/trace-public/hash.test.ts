import { createHash } from 'node:crypto';
import { blockHashOf, canonicalHashWith, verifyProof } from '@tilth/contracts/trace-chain.proof';
import { describe, expect, it } from 'vitest';
import { hashOf, sha256, sm3 } from './hash.js';

// The page's synchronous hashes must equal Node's (OpenSSL) byte for byte, or a valid proof would fail
// in the buyer's browser; lengths around the 64-byte block boundary are where padding goes wrong.

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const inputs = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000].map((n) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) % 256),
);

describe('the public page’s hashes', () => {
  it('SHA-256 equals Node’s for every length near the block boundary', () => {
    for (const b of inputs)
      expect(hex(sha256(b)), `${b.length} bytes`).toBe(createHash('sha256').update(b).digest('hex'));
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('SM3 equals Node’s (GB/T 32905 test vector "abc" too)', () => {
    for (const b of inputs.slice(0, 11))
      expect(hex(sm3(b)), `${b.length} bytes`).toBe(createHash('sm3').update(b).digest('hex'));
    expect(hex(sm3(new TextEncoder().encode('abc')))).toBe(
      '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0',
    );
  });

  it('picks the proof’s algorithm and knows no other', () => {
    expect(hashOf('sha256')).toBe(sha256);
    expect(hashOf('sm3')).toBe(sm3);
    expect(hashOf('md5')).toBeUndefined();
  });

  it('checks a one-transaction proof and finds a changed record', () => {
    const record = { product: { name: '番茄' }, version: 1 };
    const h = sha256;
    const dataHash = canonicalHashWith(h, record);
    const tx = {
      tenantId: 7,
      kind: 'trace.record',
      refId: 1,
      dataHash,
      meta: { v: 1 },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const txHash = canonicalHashWith(h, { v: 1, ...tx });
    const leaf = h(Uint8Array.from([0, ...Buffer.from(txHash, 'hex')]));
    const header = {
      tenantId: 7,
      height: 1,
      prevHash: '0'.repeat(64),
      merkleRoot: hex(leaf),
      txCount: 1,
      algorithm: 'sha256',
      sealedAt: '2026-01-01T00:00:00.000Z',
    };
    const proof = {
      algorithm: 'sha256',
      tx: { ...tx, txHash, blockHeight: 1, txIndex: 0 },
      merklePath: [],
      block: { ...header, blockHash: blockHashOf(h, header) },
    };
    expect(verifyProof(proof, record, h).valid).toBe(true);
    expect(verifyProof(proof, { ...record, version: 2 }, h)).toMatchObject({ valid: false, failed: 'data' });
  });
});
