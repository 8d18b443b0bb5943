import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  blockHashOf,
  type ChainBreak,
  type ChainProofData,
  ChainVerifier,
  canonicalHashWith,
  canonicalJson,
  GENESIS_PREV_HASH,
  type HashFn,
  merklePathOf,
  merkleRootOf,
  rootFromPath,
  type StoredBlock,
  type StoredTx,
  toHex,
  txCanonical,
  txHashOf,
  utf8,
  verifyProof,
} from './trace-chain.proof.js';

const sha256: HashFn = (b) => createHash('sha256').update(b).digest();
const sm3: HashFn = (b) => createHash('sm3').update(b).digest();
const HASHES = { sha256, sm3 };

interface Block {
  block: StoredBlock;
  txs: StoredTx[];
}

/** An in-memory chain of `blocks` blocks with 1–7 transactions each, alternating algorithms. */
const makeChain = (blocks: number, tenantId = 7): Block[] => {
  const out: Block[] = [];
  let prev = GENESIS_PREV_HASH;
  for (let h = 1; h <= blocks; h++) {
    const algorithm = h % 5 === 0 ? 'sm3' : 'sha256';
    const hash = HASHES[algorithm];
    const n = 1 + ((h * 3) % 7);
    const txs: StoredTx[] = Array.from({ length: n }, (_, i) => {
      const f = {
        tenantId,
        kind: 'trace.record',
        refId: h * 100 + i,
        dataHash: canonicalHashWith(hash, { record: h, i, name: '龙井 43' }),
        meta: { batchCode: `TB-${h}-${i}`, version: 1 + (i % 3) },
        createdAt: new Date(Date.UTC(2026, 3, 1) + h * 60_000).toISOString(),
      };
      return { ...f, txIndex: i, txHash: txHashOf(hash, f) };
    });
    const header = {
      tenantId,
      height: h,
      prevHash: prev,
      merkleRoot: merkleRootOf(
        hash,
        txs.map((t) => t.txHash),
      ),
      txCount: n,
      algorithm,
      sealedAt: new Date(Date.UTC(2026, 3, 1) + h * 60_000 + 5).toISOString(),
    };
    const block = { ...header, blockHash: blockHashOf(hash, header) };
    prev = block.blockHash;
    out.push({ block, txs });
  }
  return out;
};

const verify = (chain: Block[]) => {
  const v = new ChainVerifier(HASHES);
  for (const b of chain) if (!v.push(b.block, b.txs)) break;
  return v;
};

const clone = (c: Block[]): Block[] => structuredClone(c);
/** Flips one hex digit (a changed byte). */
const flip = (hex: string, at = 10) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe('canonical JSON', () => {
  it('sorts keys at every depth, writes no whitespace and keeps UTF-8 text as is', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 'é' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":"é","z":1}]},"b":1}',
    );
    expect(canonicalJson({ x: undefined, y: 1.5, s: '龙井\n"' })).toBe('{"s":"龙井\\n\\"","y":1.5}');
    expect(toHex(sha256(utf8(canonicalJson({ a: 1 }))))).toBe(
      createHash('sha256').update('{"a":1}').digest('hex'),
    );
  });

  it('writes a transaction the same way directly as through the general rule', () => {
    const tx = {
      tenantId: 3,
      kind: 'trace.record',
      refId: 42,
      dataHash: 'ab'.repeat(32),
      meta: { version: 2, batchCode: 'TB-"1"\\龙井', w: 1.25 },
      createdAt: '2026-04-01T08:00:00.000Z',
    };
    expect(txCanonical(tx)).toBe(canonicalJson({ v: 1, ...tx }));
    expect(() => txCanonical({ ...tx, refId: Number.NaN })).toThrow(/refId/);
  });

  it('refuses non-finite numbers, bigint and functions, naming where', () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(/\.a\[1\]/);
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow(/finite/);
    expect(() => canonicalJson({ a: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
  });
});

describe('Merkle tree', () => {
  const leaves = (n: number) => Array.from({ length: n }, (_, i) => toHex(sha256(utf8(`tx${i}`))));

  it('matches RFC 6962 (split at the largest power of two) for 1–20 leaves', () => {
    const rfc = (hs: Uint8Array[]): Uint8Array => {
      if (hs.length === 1) return sha256(new Uint8Array([0, ...(hs[0] as Uint8Array)]));
      let k = 1;
      while (k * 2 < hs.length) k *= 2;
      return sha256(new Uint8Array([1, ...rfc(hs.slice(0, k)), ...rfc(hs.slice(k))]));
    };
    for (let n = 1; n <= 20; n++) {
      const l = leaves(n);
      const bytes = l.map((h) => Uint8Array.from(Buffer.from(h, 'hex')));
      expect(merkleRootOf(sha256, l), `n=${n}`).toBe(toHex(rfc(bytes)));
    }
  });

  it('every leaf path leads to the root; a wrong index, sibling or length does not', () => {
    for (const n of [1, 2, 3, 5, 8, 13]) {
      const l = leaves(n);
      const root = merkleRootOf(sha256, l);
      for (let i = 0; i < n; i++) {
        const p = merklePathOf(sha256, l, i);
        expect(rootFromPath(sha256, l[i] as string, i, n, p)).toBe(root);
        if (n > 1) {
          expect(rootFromPath(sha256, l[i] as string, (i + 1) % n, n, p)).not.toBe(root);
          expect(rootFromPath(sha256, l[i] as string, i, n, [...p, p[0] as string])).toBeNull();
          const bad = [...p];
          bad[0] = flip(bad[0] as string);
          expect(rootFromPath(sha256, l[i] as string, i, n, bad)).not.toBe(root);
        }
      }
    }
  });
});

describe('chain verification finds a changed byte, by block', () => {
  const chain = makeChain(300);

  it('an untouched chain of 300 blocks (SHA-256 and SM3) verifies', () => {
    const v = verify(chain);
    expect(v.broken).toBeNull();
    expect(v.blocks).toBe(300);
    expect(v.transactions).toBe(chain.reduce((n, b) => n + b.txs.length, 0));
  });

  const cases: [string, number, ChainBreak, (c: Block[], h: number) => void][] = [
    [
      'a transaction field (refId)',
      17,
      'tx-hash',
      (c, h) => void ((c[h - 1] as Block).txs[0] as StoredTx).refId++,
    ],
    [
      'a meta value',
      42,
      'tx-hash',
      (c, h) => {
        ((c[h - 1] as Block).txs[0] as StoredTx).meta.version = 9;
      },
    ],
    [
      'a dataHash',
      120,
      'tx-hash',
      (c, h) => {
        const t = (c[h - 1] as Block).txs.at(-1) as StoredTx;
        t.dataHash = flip(t.dataHash);
      },
    ],
    [
      'a stored tx hash (recomputed fields no longer match)',
      55,
      'tx-hash',
      (c, h) => {
        const t = (c[h - 1] as Block).txs[0] as StoredTx;
        t.txHash = flip(t.txHash);
      },
    ],
    [
      'the Merkle root',
      200,
      'merkle-root',
      (c, h) => {
        const b = (c[h - 1] as Block).block;
        b.merkleRoot = flip(b.merkleRoot);
      },
    ],
    [
      'the block hash',
      250,
      'block-hash',
      (c, h) => {
        const b = (c[h - 1] as Block).block;
        b.blockHash = flip(b.blockHash);
      },
    ],
    [
      'the sealing time',
      90,
      'block-hash',
      (c, h) => {
        (c[h - 1] as Block).block.sealedAt = '2026-04-01T00:00:00.000Z';
      },
    ],
    [
      'the previous hash, re-hashed to look sealed',
      77,
      'prev-link',
      (c, h) => {
        const b = (c[h - 1] as Block).block;
        b.prevHash = flip(b.prevHash);
        b.blockHash = blockHashOf(HASHES[b.algorithm as 'sha256' | 'sm3'], b);
      },
    ],
    ['a missing transaction', 13, 'tx-count', (c, h) => void (c[h - 1] as Block).txs.pop()],
    [
      'two transactions swapped in order',
      13,
      'merkle-root',
      (c, h) => {
        const ts = (c[h - 1] as Block).txs;
        const [a, b] = [ts[0] as StoredTx, ts[1] as StoredTx];
        [a.txIndex, b.txIndex] = [b.txIndex, a.txIndex];
      },
    ],
    ['a missing block', 150, 'missing-height', (c, h) => void c.splice(h - 1, 1)],
  ];

  for (const [what, height, reason, tamper] of cases) {
    it(`${what} → block ${height}, ${reason}`, () => {
      const c = clone(chain);
      tamper(c, height);
      const v = verify(c);
      expect(v.broken).toMatchObject({ height, reason });
      expect(v.blocks).toBe(height - 1);
    });
  }

  it('a block rebuilt whole (new hash) breaks the link of the next block', () => {
    const c = clone(chain);
    const b = (c[99] as Block).block;
    b.sealedAt = '2026-05-01T00:00:00.000Z';
    b.blockHash = blockHashOf(HASHES[b.algorithm as 'sha256' | 'sm3'], b);
    expect(verify(c).broken).toMatchObject({ height: 101, reason: 'prev-link' });
  });

  it('resumes at a height from the stored hash of the block before it', () => {
    const v = new ChainVerifier(HASHES, 101, (chain[99] as Block).block.blockHash);
    for (const b of chain.slice(100)) v.push(b.block, b.txs);
    expect(v.broken).toBeNull();
    expect(v.blocks).toBe(200);
  });
});

describe('verifyProof', () => {
  const record = { schema: 1, product: { name: '龙井', weight: 2.5 }, batch: 'TB-1' };
  const build = (algorithm: 'sha256' | 'sm3'): ChainProofData => {
    const hash = HASHES[algorithm];
    const txs = Array.from({ length: 5 }, (_, i) => {
      const f = {
        tenantId: 3,
        kind: 'trace.record',
        refId: i + 1,
        dataHash: canonicalHashWith(hash, i === 2 ? record : { other: i }),
        meta: { version: 1 },
        createdAt: '2026-04-01T08:00:00.000Z',
      };
      return { ...f, txHash: txHashOf(hash, f), blockHeight: 4, txIndex: i };
    });
    const hs = txs.map((t) => t.txHash);
    const header = {
      tenantId: 3,
      height: 4,
      prevHash: 'ab'.repeat(32),
      merkleRoot: merkleRootOf(hash, hs),
      txCount: 5,
      algorithm,
      sealedAt: '2026-04-01T08:00:00.010Z',
    };
    return {
      algorithm,
      tx: txs[2] as ChainProofData['tx'],
      merklePath: merklePathOf(hash, hs, 2),
      block: { ...header, blockHash: blockHashOf(hash, header) },
    };
  };

  it('accepts the record it was made for, with SHA-256 and with SM3', () => {
    for (const alg of ['sha256', 'sm3'] as const) {
      const r = verifyProof(build(alg), structuredClone(record), HASHES[alg]);
      expect(r).toEqual({
        valid: true,
        failed: null,
        checks: { data: true, tx: true, merkle: true, block: true },
      });
    }
  });

  it('names what fails: a changed record, tx field, path, header or the wrong hash function', () => {
    const p = build('sha256');
    expect(verifyProof(p, { ...record, batch: 'TB-2' }, sha256).failed).toBe('data');
    expect(verifyProof({ ...p, tx: { ...p.tx, refId: 9 } }, record, sha256).failed).toBe('tx');
    expect(verifyProof({ ...p, tx: { ...p.tx, txIndex: 3 } }, record, sha256).failed).toBe('merkle');
    expect(verifyProof({ ...p, merklePath: p.merklePath.slice(1) }, record, sha256).failed).toBe('merkle');
    expect(
      verifyProof({ ...p, block: { ...p.block, prevHash: '00'.repeat(32) } }, record, sha256).failed,
    ).toBe('block');
    expect(verifyProof(p, record, sm3).valid).toBe(false);
    expect(verifyProof(p, undefined, sha256).valid).toBe(true);
  });
});
