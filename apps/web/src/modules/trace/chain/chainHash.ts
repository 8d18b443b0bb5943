import { sha256 } from '@noble/hashes/sha2';
import { type ChainAlgorithm, fromHex, type HashFn } from '@tilth/contracts/trace-chain.proof';
import { sm3 } from 'sm-crypto';

// The browser's hash functions for the ledger's rules: SHA-256 from @noble/hashes, SM3 from sm-crypto
// (which answers hex). Synchronous, as verifyProof needs.
export const BROWSER_HASHES: Readonly<Record<ChainAlgorithm, HashFn>> = {
  sha256: (b) => sha256(b),
  sm3: (b) => fromHex(sm3(b)),
};

export const browserHashOf = (algorithm: string): HashFn | undefined =>
  algorithm === 'sha256' || algorithm === 'sm3' ? BROWSER_HASHES[algorithm] : undefined;
