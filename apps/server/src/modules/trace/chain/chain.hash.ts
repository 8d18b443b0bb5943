import { createHash, hash as oneShot } from 'node:crypto';
import {
  type ChainAlgorithm,
  canonicalHashWith,
  type HashFn,
  toHex,
  utf8,
} from '@tilth/contracts/trace-chain.proof';
import { chainSettings } from './chain.config.js';

// Node's hash functions for the ledger's rules (trace-chain.proof.ts); OpenSSL provides SM3.

// crypto.hash (one shot) is about twice as fast as createHash; verification hashes each transaction three times.
const nodeHash =
  typeof oneShot === 'function'
    ? (alg: string): HashFn =>
        (b) =>
          oneShot(alg, b, 'buffer')
    : (alg: string): HashFn =>
        (b) =>
          createHash(alg).update(b).digest();
export const NODE_HASHES: Readonly<Record<ChainAlgorithm, HashFn>> = {
  sha256: nodeHash('sha256'),
  sm3: nodeHash('sm3'),
};

export const hashFnOf = (algorithm: ChainAlgorithm = chainSettings().algorithm): HashFn =>
  NODE_HASHES[algorithm];

/** Hex hash of bytes or UTF-8 text with the current algorithm (TILTH_CHAIN_HASH) or the one given. */
export const chainHash = (data: Uint8Array | string, algorithm?: ChainAlgorithm): string =>
  toHex(hashFnOf(algorithm)(typeof data === 'string' ? utf8(data) : data));

/** Hex hash of a value's canonical JSON: a trace record's dataHash, as verifyProof recomputes it. */
export const canonicalHash = (value: unknown, algorithm?: ChainAlgorithm): string =>
  canonicalHashWith(hashFnOf(algorithm), value);
