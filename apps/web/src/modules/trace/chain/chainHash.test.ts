import { createHash } from 'node:crypto';
import {
  blockHashOf,
  canonicalHashWith,
  merklePathOf,
  merkleRootOf,
  txHashOf,
  verifyProof,
} from '@tilth/contracts/trace-chain.proof';
import { describe, expect, it } from 'vitest';
import { BROWSER_HASHES } from './chainHash';

// The browser's SHA-256 and SM3 agree with the server's (Node / OpenSSL), so a proof sealed by the server
// checks in the console and on the public page.

const node = (alg: 'sha256' | 'sm3') => (b: Uint8Array) => new Uint8Array(createHash(alg).update(b).digest());

describe('browser hashes', () => {
  it('SHA-256 and SM3 match Node on ASCII, Chinese text and empty input', () => {
    for (const alg of ['sha256', 'sm3'] as const) {
      for (const text of ['', 'abc', '西湖龙井 2026 春茶', 'x'.repeat(1000)]) {
        const bytes = new TextEncoder().encode(text);
        expect(Buffer.from(BROWSER_HASHES[alg](bytes)).toString('hex'), `${alg} ${text.slice(0, 8)}`).toBe(
          Buffer.from(node(alg)(bytes)).toString('hex'),
        );
      }
    }
    // GB/T 32905 test vector: SM3("abc").
    expect(Buffer.from(BROWSER_HASHES.sm3(new TextEncoder().encode('abc'))).toString('hex')).toBe(
      '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0',
    );
  });

  it('a proof sealed with Node hashes verifies in the browser, and fails when a byte changes', () => {
    for (const alg of ['sha256', 'sm3'] as const) {
      const h = node(alg);
      const record = { product: '龙井', lot: 'TB-1' };
      const txs = [0, 1, 2].map((i) => {
        const f = {
          tenantId: 1,
          kind: 'trace.record',
          refId: i + 1,
          dataHash: canonicalHashWith(h, i === 1 ? record : { i }),
          meta: { v: 1 },
          createdAt: '2026-04-01T00:00:00.000Z',
        };
        return { ...f, txHash: txHashOf(h, f), blockHeight: 1, txIndex: i };
      });
      const hashes = txs.map((t) => t.txHash);
      const header = {
        tenantId: 1,
        height: 1,
        prevHash: '0'.repeat(64),
        merkleRoot: merkleRootOf(h, hashes),
        txCount: 3,
        algorithm: alg,
        sealedAt: '2026-04-01T00:00:00.001Z',
      };
      const proof = {
        algorithm: alg,
        tx: txs[1] as (typeof txs)[number],
        merklePath: merklePathOf(h, hashes, 1),
        block: { ...header, blockHash: blockHashOf(h, header) },
      };
      expect(verifyProof(proof, record, BROWSER_HASHES[alg]).valid).toBe(true);
      expect(verifyProof(proof, { ...record, lot: 'TB-2' }, BROWSER_HASHES[alg]).failed).toBe('data');
    }
  });
});
