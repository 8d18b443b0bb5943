// The hashing rules of the verifiable ledger (issue 18 item 4; docs/adr/0016-trace-ledger.md). Pure and
// synchronous: the server seals and verifies with them, the browser (console and public trace page) checks
// a proof with them. The hash function is a parameter — SHA-256 or SM3, as recorded on each block.
//
// - Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and numbers written
//   as JSON.stringify writes them; non-finite numbers, bigint, functions and symbols are refused; a key
//   whose value is undefined is left out (as JSON does). Hashed as UTF-8.
// - Transaction hash: H(canonical {v, tenantId, kind, refId, dataHash, meta, createdAt}). Height and index
//   are not in it: the Merkle tree (index) and the block header (height) bind them.
// - Merkle tree (RFC 6962 hashing): leaf = H(0x00 ‖ txHash bytes), node = H(0x01 ‖ left ‖ right). Built
//   level by level from the leaves in index order; an odd last node is promoted unchanged to the next
//   level (not duplicated — duplicating would let two different lists share a root). This gives the same
//   root as RFC 6962's split at the largest power of two.
// - Block hash: H(canonical {v, tenantId, height, prevHash, merkleRoot, txCount, algorithm, sealedAt});
//   block 1's prevHash is 64 zeros.
// All hashes are lower-case hex.

export type HashFn = (bytes: Uint8Array) => Uint8Array;
export const CHAIN_ALGORITHMS = ['sha256', 'sm3'] as const;
export type ChainAlgorithm = (typeof CHAIN_ALGORITHMS)[number];
export const GENESIS_PREV_HASH = '0'.repeat(64);
/** Version of these rules, hashed into every transaction and block. */
export const CHAIN_RULES_VERSION = 1;

export class CanonicalJsonError extends Error {}

const encoder = new TextEncoder();
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

const write = (v: unknown, path: string): string => {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return JSON.stringify(v);
    case 'number':
      if (!Number.isFinite(v)) throw new CanonicalJsonError(`not a finite number at ${path || '$'}`);
      return JSON.stringify(v);
    case 'object': {
      if (Array.isArray(v)) {
        return `[${v.map((x, i) => (x === undefined ? 'null' : write(x, `${path}[${i}]`))).join(',')}]`;
      }
      if (v instanceof Date) return JSON.stringify(v.toISOString());
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(o[k], `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`cannot hash a ${typeof v} at ${path || '$'}`);
  }
};

/** The canonical JSON text of a value (see the rules above). */
export const canonicalJson = (value: unknown): string => write(value, '');

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
export const toHex = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX[b[i] as number];
  return s;
};
// Hex digit values by char code (-1: not a lower-case hex digit); a table, as verification reads 1M+.
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
export const fromHex = (h: string): Uint8Array => {
  if (h.length % 2 !== 0) throw new Error('not lower-case hex');
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = NIBBLE[h.charCodeAt(i * 2)] ?? -1;
    const lo = NIBBLE[h.charCodeAt(i * 2 + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new Error('not lower-case hex');
    out[i] = (hi << 4) | lo;
  }
  return out;
};

/** Hex hash of a value's canonical JSON (a trace record's dataHash). */
export const canonicalHashWith = (hash: HashFn, value: unknown): string =>
  toHex(hash(utf8(canonicalJson(value))));

export interface ChainTxFields {
  tenantId: number;
  kind: string;
  refId: number;
  dataHash: string;
  meta: Record<string, string | number>;
  /** ISO 8601 with milliseconds. */
  createdAt: string;
}

export interface ChainBlockHeader {
  tenantId: number;
  height: number;
  prevHash: string;
  merkleRoot: string;
  txCount: number;
  algorithm: string;
  /** ISO 8601 with milliseconds. */
  sealedAt: string;
}

const num = (n: number, what: string): string => {
  if (!Number.isFinite(n)) throw new CanonicalJsonError(`not a finite number at ${what}`);
  return JSON.stringify(n);
};

/**
 * The canonical JSON of a transaction's hashed fields, written directly in sorted key order (createdAt,
 * dataHash, kind, meta, refId, tenantId, v) — the same text canonicalJson gives (a test holds them equal),
 * without its general sort, as verification writes it a million times.
 */
export const txCanonical = (tx: ChainTxFields): string =>
  `{"createdAt":${JSON.stringify(tx.createdAt)},"dataHash":${JSON.stringify(tx.dataHash)},"kind":${JSON.stringify(tx.kind)},"meta":${canonicalJson(tx.meta)},"refId":${num(tx.refId, '.refId')},"tenantId":${num(tx.tenantId, '.tenantId')},"v":${CHAIN_RULES_VERSION}}`;

export const txHashOf = (hash: HashFn, tx: ChainTxFields): string => toHex(hash(utf8(txCanonical(tx))));

export const blockHashOf = (hash: HashFn, b: ChainBlockHeader): string =>
  canonicalHashWith(hash, {
    v: CHAIN_RULES_VERSION,
    tenantId: b.tenantId,
    height: b.height,
    prevHash: b.prevHash,
    merkleRoot: b.merkleRoot,
    txCount: b.txCount,
    algorithm: b.algorithm,
    sealedAt: b.sealedAt,
  });

const leafOf = (hash: HashFn, txHash: string) => {
  const bytes = fromHex(txHash);
  const buf = new Uint8Array(1 + bytes.length);
  buf[0] = 0x00;
  buf.set(bytes, 1);
  return hash(buf);
};
const nodeOf = (hash: HashFn, l: Uint8Array, r: Uint8Array) => {
  const buf = new Uint8Array(1 + l.length + r.length);
  buf[0] = 0x01;
  buf.set(l, 1);
  buf.set(r, 1 + l.length);
  return hash(buf);
};

/** The Merkle root of transaction hashes in index order (hex); at least one is required. */
export const merkleRootOf = (hash: HashFn, txHashes: readonly string[]): string => {
  if (txHashes.length === 0) throw new Error('a block has at least one transaction');
  let level = txHashes.map((h) => leafOf(hash, h));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const l = level[i] as Uint8Array;
      const r = level[i + 1];
      next.push(r ? nodeOf(hash, l, r) : l);
    }
    level = next;
  }
  return toHex(level[0] as Uint8Array);
};

/** The audit path of leaf `index`: sibling hashes bottom-up; a promoted level has no sibling. */
export const merklePathOf = (hash: HashFn, txHashes: readonly string[], index: number): string[] => {
  if (index < 0 || index >= txHashes.length) throw new Error('index outside the block');
  let level = txHashes.map((h) => leafOf(hash, h));
  let i = index;
  const path: string[] = [];
  while (level.length > 1) {
    const sib = i % 2 === 1 ? i - 1 : i + 1;
    if (sib < level.length) path.push(toHex(level[sib] as Uint8Array));
    const next: Uint8Array[] = [];
    for (let j = 0; j < level.length; j += 2) {
      const l = level[j] as Uint8Array;
      const r = level[j + 1];
      next.push(r ? nodeOf(hash, l, r) : l);
    }
    level = next;
    i = Math.floor(i / 2);
  }
  return path;
};

/** The root a leaf and its path lead to; the sides come from index and count. null when the path's length is wrong. */
export const rootFromPath = (
  hash: HashFn,
  txHash: string,
  index: number,
  count: number,
  path: readonly string[],
): string | null => {
  if (!Number.isInteger(index) || index < 0 || index >= count) return null;
  let node = leafOf(hash, txHash);
  let i = index;
  let n = count;
  let used = 0;
  while (n > 1) {
    if (i % 2 === 1) {
      const s = path[used++];
      if (s === undefined) return null;
      node = nodeOf(hash, fromHex(s), node);
    } else if (i + 1 < n) {
      const s = path[used++];
      if (s === undefined) return null;
      node = nodeOf(hash, node, fromHex(s));
    }
    i = Math.floor(i / 2);
    n = Math.ceil(n / 2);
  }
  return used === path.length ? toHex(node) : null;
};

/** What the proof endpoint answers and a browser checks (ChainProof in trace-chain.types.ts is its schema). */
export interface ChainProofData {
  algorithm: string;
  tx: ChainTxFields & { txHash: string; blockHeight: number; txIndex: number };
  merklePath: string[];
  block: ChainBlockHeader & { blockHash: string };
}

export type ProofCheck = 'data' | 'tx' | 'merkle' | 'block';
export interface ProofResult {
  valid: boolean;
  /** The first check that failed, or null. */
  failed: ProofCheck | null;
  checks: Record<ProofCheck, boolean>;
}

/**
 * Checks a proof: the record hashes to the transaction's dataHash, the transaction to its txHash, the
 * Merkle path to the block's root, the header to the block hash. `record` undefined skips the data check
 * (a proof of the ledger only). `hash` must be the proof's algorithm (proof.algorithm).
 */
export const verifyProof = (proof: ChainProofData, record: unknown, hash: HashFn): ProofResult => {
  const { tx, block } = proof;
  let data = true;
  if (record !== undefined) {
    try {
      data = canonicalHashWith(hash, record) === tx.dataHash;
    } catch {
      data = false;
    }
  }
  const txOk = txHashOf(hash, tx) === tx.txHash;
  let merkle = false;
  try {
    merkle =
      tx.blockHeight === block.height &&
      tx.tenantId === block.tenantId &&
      rootFromPath(hash, tx.txHash, tx.txIndex, block.txCount, proof.merklePath) === block.merkleRoot;
  } catch {
    merkle = false;
  }
  const blockOk = block.algorithm === proof.algorithm && blockHashOf(hash, block) === block.blockHash;
  const checks = { data, tx: txOk, merkle, block: blockOk };
  const failed = (['data', 'tx', 'merkle', 'block'] as const).find((k) => !checks[k]) ?? null;
  return { valid: failed === null, failed, checks };
};

// ---- Whole-chain verification (server, in height order; unit tests on in-memory chains) ----

export type ChainBreak =
  | 'missing-height'
  | 'algorithm'
  | 'tx-count'
  | 'tx-order'
  | 'tx-hash'
  | 'merkle-root'
  | 'block-hash'
  | 'prev-link';

export interface ChainBreakInfo {
  height: number;
  reason: ChainBreak;
  /** The transaction concerned (tx-hash, tx-order). */
  txIndex?: number;
  expected?: string;
  actual?: string;
}

export interface StoredTx extends ChainTxFields {
  txIndex: number;
  txHash: string;
}
export interface StoredBlock extends ChainBlockHeader {
  blockHash: string;
}

/**
 * Walks blocks in height order and stops at the first break. Start it at height `from` with the stored
 * hash of block from-1 (GENESIS_PREV_HASH at 1): a previous run that verified block from-1 vouches for it.
 */
export class ChainVerifier {
  private nextHeight: number;
  private prevHash: string;
  blocks = 0;
  transactions = 0;
  broken: ChainBreakInfo | null = null;

  constructor(
    private readonly hashes: Readonly<Record<string, HashFn>>,
    from = 1,
    prevHash = GENESIS_PREV_HASH,
  ) {
    this.nextHeight = from;
    this.prevHash = prevHash;
  }

  /** Checks one block with its transactions (any order; sorted here); false once broken. */
  push(block: StoredBlock, txs: readonly StoredTx[]): boolean {
    if (this.broken) return false;
    const fail = (b: Omit<ChainBreakInfo, 'height'>) => {
      this.broken = { height: b.reason === 'missing-height' ? this.nextHeight : block.height, ...b };
      return false;
    };
    if (block.height !== this.nextHeight)
      return fail({
        reason: 'missing-height',
        expected: String(this.nextHeight),
        actual: String(block.height),
      });
    const hash = this.hashes[block.algorithm];
    if (!hash) return fail({ reason: 'algorithm', actual: block.algorithm });
    const sorted = [...txs].sort((a, b) => a.txIndex - b.txIndex);
    if (sorted.length !== block.txCount || sorted.length === 0)
      return fail({ reason: 'tx-count', expected: String(block.txCount), actual: String(sorted.length) });
    for (let i = 0; i < sorted.length; i++) {
      const t = sorted[i] as StoredTx;
      if (t.txIndex !== i) return fail({ reason: 'tx-order', txIndex: i, actual: String(t.txIndex) });
      if (t.tenantId !== block.tenantId) return fail({ reason: 'tx-hash', txIndex: i });
      const h = txHashOf(hash, t);
      if (h !== t.txHash) return fail({ reason: 'tx-hash', txIndex: i, expected: t.txHash, actual: h });
    }
    const root = merkleRootOf(
      hash,
      sorted.map((t) => t.txHash),
    );
    if (root !== block.merkleRoot)
      return fail({ reason: 'merkle-root', expected: block.merkleRoot, actual: root });
    const bh = blockHashOf(hash, block);
    if (bh !== block.blockHash) return fail({ reason: 'block-hash', expected: block.blockHash, actual: bh });
    if (block.prevHash !== this.prevHash)
      return fail({ reason: 'prev-link', expected: this.prevHash, actual: block.prevHash });
    this.prevHash = block.blockHash;
    this.nextHeight++;
    this.blocks++;
    this.transactions += sorted.length;
    return true;
  }

  /** The height the next push must have. */
  get expectedHeight(): number {
    return this.nextHeight;
  }
}
