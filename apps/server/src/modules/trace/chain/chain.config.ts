import { CHAIN_ALGORITHMS, type ChainAlgorithm } from '@tilth/contracts/trace-chain.proof';

// The ledger's settings (TILTH_CHAIN_*, documented in docs/adr/0016-trace-ledger.md):
// - TILTH_CHAIN_HASH = sha256 (default) | sm3 — the algorithm new blocks are sealed with;
// - TILTH_CHAIN_ANCHOR = none (default) | fisco — where sealed block hashes are anchored;
// - TILTH_CHAIN_FISCO_URL (WeBASE-Front base, e.g. http://127.0.0.1:5002), _GROUP (default 1), _USER (the
//   signing user's address in WeBASE-Front), _CONTRACT_NAME (default TilthAnchor), _CONTRACT_ADDRESS,
//   _TIMEOUT_MS (default 10000);
// - TILTH_CHAIN_VERIFY_SLICE_MS (default 2000): how long one verification call may work;
// - TILTH_CHAIN_ANCHOR_TICK_MS (default 15000, 0 = no sweep): how often sealed blocks are anchored.

export const ANCHOR_PROVIDERS = ['none', 'fisco'] as const;
export type AnchorProviderName = (typeof ANCHOR_PROVIDERS)[number];

export interface FiscoSettings {
  url: string;
  groupId: string;
  user: string;
  contractName: string;
  contractAddress: string;
  timeoutMs: number;
}

export interface ChainSettings {
  algorithm: ChainAlgorithm;
  anchor: AnchorProviderName;
  fisco: FiscoSettings | null;
  verifySliceMs: number;
  anchorTickMs: number;
}

export class ChainConfigError extends Error {}

const positive = (v: string | undefined, dflt: number, name: string, min = 0): number => {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new ChainConfigError(`${name} must be an integer ≥ ${min}`);
  return n;
};

export const parseChainSettings = (env: Record<string, string | undefined>): ChainSettings => {
  const algorithm = (env.TILTH_CHAIN_HASH || 'sha256').toLowerCase();
  if (!(CHAIN_ALGORITHMS as readonly string[]).includes(algorithm))
    throw new ChainConfigError(`TILTH_CHAIN_HASH must be one of ${CHAIN_ALGORITHMS.join(', ')}`);
  const anchor = (env.TILTH_CHAIN_ANCHOR || 'none').toLowerCase();
  if (!(ANCHOR_PROVIDERS as readonly string[]).includes(anchor))
    throw new ChainConfigError(`TILTH_CHAIN_ANCHOR must be one of ${ANCHOR_PROVIDERS.join(', ')}`);
  let fisco: FiscoSettings | null = null;
  if (anchor === 'fisco') {
    const url = env.TILTH_CHAIN_FISCO_URL ?? '';
    if (!/^https?:\/\/[^/]+/.test(url))
      throw new ChainConfigError('TILTH_CHAIN_FISCO_URL must be an http(s) URL');
    const user = env.TILTH_CHAIN_FISCO_USER ?? '';
    const contractAddress = env.TILTH_CHAIN_FISCO_CONTRACT_ADDRESS ?? '';
    if (!user || !contractAddress)
      throw new ChainConfigError(
        'TILTH_CHAIN_FISCO_USER and TILTH_CHAIN_FISCO_CONTRACT_ADDRESS are required',
      );
    fisco = {
      url: url.replace(/\/+$/, ''),
      groupId: env.TILTH_CHAIN_FISCO_GROUP || '1',
      user,
      contractName: env.TILTH_CHAIN_FISCO_CONTRACT_NAME || 'TilthAnchor',
      contractAddress,
      timeoutMs: positive(env.TILTH_CHAIN_FISCO_TIMEOUT_MS, 10_000, 'TILTH_CHAIN_FISCO_TIMEOUT_MS', 100),
    };
  }
  return {
    algorithm: algorithm as ChainAlgorithm,
    anchor: anchor as AnchorProviderName,
    fisco,
    verifySliceMs: positive(env.TILTH_CHAIN_VERIFY_SLICE_MS, 2000, 'TILTH_CHAIN_VERIFY_SLICE_MS', 1),
    anchorTickMs: positive(env.TILTH_CHAIN_ANCHOR_TICK_MS, 15_000, 'TILTH_CHAIN_ANCHOR_TICK_MS'),
  };
};

// The settings of the server that registered the ledger last (one per process outside tests). Publishing
// (trace/catalog) hashes records with chainHash / canonicalHash, which read the algorithm from here.
let current: ChainSettings = parseChainSettings({});

export const useChainSettings = (s: ChainSettings): void => {
  current = s;
};
export const chainSettings = (): ChainSettings => current;
