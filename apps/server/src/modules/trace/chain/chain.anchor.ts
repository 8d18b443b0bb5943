import type { ChainSettings, FiscoSettings } from './chain.config.js';

// Anchoring: a sealed block's hash written to an external chain, so that even whoever controls this
// database cannot rewrite the ledger unnoticed. Selected by TILTH_CHAIN_ANCHOR; 'none' anchors nothing.

export interface ChainAnchorProvider {
  readonly name: string;
  /** Writes the block hash outside; answers the external reference (transaction hash, block number). */
  anchor(blockHash: string, height: number, tenantId: number): Promise<string>;
}

export class AnchorFailed extends Error {}

/**
 * The contract method called: anchor(string key, string blockHash), key = "tilth:{tenant}:{height}". Any
 * contract with that method will do (docs/adr/0016-trace-ledger.md shows one).
 */
export const FISCO_ANCHOR_ABI = [
  {
    constant: false,
    inputs: [
      { name: 'key', type: 'string' },
      { name: 'blockHash', type: 'string' },
    ],
    name: 'anchor',
    outputs: [],
    payable: false,
    stateMutability: 'nonpayable',
    type: 'function',
  },
];

/** Bounds what is read of an answer (a misbehaving endpoint cannot fill memory). */
const MAX_ANSWER = 64 * 1024;

/**
 * FISCO BCOS through WeBASE-Front's transaction API (POST /WeBASE-Front/trans/handle, signed by the
 * front's local key of `user`). A non-constant call answers the receipt: transactionHash, blockNumber and
 * status "0x0" when it succeeded; a refusal answers {code, errorMessage}.
 */
export const fiscoProvider = (s: FiscoSettings, fetchFn: typeof fetch = fetch): ChainAnchorProvider => ({
  name: 'fisco',
  async anchor(blockHash, height, tenantId) {
    let res: Response;
    try {
      res = await fetchFn(`${s.url}/WeBASE-Front/trans/handle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          groupId: s.groupId,
          user: s.user,
          contractName: s.contractName,
          contractAddress: s.contractAddress,
          funcName: 'anchor',
          funcParam: [`tilth:${tenantId}:${height}`, blockHash],
          contractAbi: FISCO_ANCHOR_ABI,
          useCns: false,
        }),
        signal: AbortSignal.timeout(s.timeoutMs),
      });
    } catch (err) {
      throw new AnchorFailed(`WeBASE-Front unreachable: ${(err as Error).message}`);
    }
    const text = (await res.text()).slice(0, MAX_ANSWER);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new AnchorFailed(`WeBASE-Front answered HTTP ${res.status} without JSON`);
    }
    if (!res.ok || (typeof body.code === 'number' && body.code !== 0 && !body.transactionHash)) {
      const why = body.errorMessage ?? body.message ?? `HTTP ${res.status}`;
      throw new AnchorFailed(`WeBASE-Front refused: ${String(why).slice(0, 300)}`);
    }
    const txHash = typeof body.transactionHash === 'string' ? body.transactionHash : '';
    const status = body.status === undefined ? '0x0' : String(body.status);
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash))
      throw new AnchorFailed('WeBASE-Front answered no transaction hash');
    if (status !== '0x0' && status !== '0') {
      const why = body.statusMsg ?? body.message ?? status;
      throw new AnchorFailed(`transaction failed on chain: ${String(why).slice(0, 300)}`);
    }
    const block = body.blockNumber === undefined ? '' : `@${Number(body.blockNumber)}`;
    return `${txHash}${block}`;
  },
});

export const anchorProviderOf = (s: ChainSettings): ChainAnchorProvider | null =>
  s.anchor === 'fisco' && s.fisco ? fiscoProvider(s.fisco) : null;
