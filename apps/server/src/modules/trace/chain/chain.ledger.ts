import {
  blockHashOf,
  type ChainAlgorithm,
  ChainVerifier,
  GENESIS_PREV_HASH,
  merklePathOf,
  merkleRootOf,
  type StoredBlock,
  type StoredTx,
  txHashOf,
} from '@tilth/contracts/trace-chain.proof';
import type { ChainAnchor, ChainProof, ChainTx } from '@tilth/contracts/trace-chain.types';
import type { Db } from '../../../platform/db/client.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { chainSettings } from './chain.config.js';
import { ChainErrors } from './chain.errors.js';
import { hashFnOf, NODE_HASHES } from './chain.hash.js';
import * as repo from './chain.repository.js';

// Sealing, proving and verifying the ledger (docs/adr/0016-trace-ledger.md). These run inside the caller's
// transaction (ctx.db) and do no access check of their own: appendToChain is called by publishing
// (trace/catalog), whose service checked its permission; the console reaches the rest through
// chain.service.ts, which checks first.

/** Most transactions one block holds (one publication appends one per record). */
export const MAX_BLOCK_TXS = 5000;

export interface ChainItem {
  kind: 'trace.record';
  refId: number;
  dataHash: string;
  meta: Record<string, string | number>;
}

export interface Sealed {
  txHash: string;
  blockHeight: number;
  txIndex: number;
}

const checkItem = (it: ChainItem, i: number): void => {
  const bad = (field: string) => ChainErrors.badItem({ field: `items[${i}].${field}` });
  if (it.kind !== 'trace.record') throw bad('kind');
  if (!Number.isSafeInteger(it.refId) || it.refId < 1) throw bad('refId');
  if (!/^[0-9a-f]{64}$/.test(it.dataHash)) throw bad('dataHash');
  const entries = Object.entries(it.meta ?? {});
  if (entries.length > 20) throw bad('meta');
  for (const [k, v] of entries) {
    if (k.length > 40) throw bad(`meta.${k.slice(0, 40)}`);
    // PostgreSQL's jsonb holds no NUL and no non-finite number.
    const ok =
      typeof v === 'number'
        ? Number.isFinite(v)
        : typeof v === 'string' && v.length <= 200 && !v.includes('\u0000');
    if (!ok) throw bad(`meta.${k}`);
  }
};

/**
 * Seals the items as one new block of the tenant's chain, linked to the previous block's hash. Sealing is
 * serialised per tenant by a transaction-scoped advisory lock, so two publications never fork the chain;
 * the block becomes visible when the caller's transaction commits (and is gone if it rolls back).
 */
export const appendToChain = async (ctx: TenantCtx, items: ChainItem[]): Promise<Sealed[]> => {
  if (items.length === 0) throw ChainErrors.noItems();
  if (items.length > MAX_BLOCK_TXS) throw ChainErrors.tooManyItems({ max: MAX_BLOCK_TXS });
  items.forEach(checkItem);
  const settings = chainSettings();
  const algorithm = settings.algorithm;
  const hash = hashFnOf(algorithm);
  const tenantId = ctx.tenantId;
  const db = ctx.db;
  await repo.lockTenantChain(db, tenantId);
  const tip = await repo.tipBlock(db, tenantId);
  const height = (tip?.height ?? 0) + 1;
  // Never before the previous seal, even if this machine's clock stepped back.
  const sealedAt = new Date(Math.max(Date.now(), tip ? tip.sealedAt.getTime() : 0));
  const createdAt = sealedAt.toISOString();
  const txs = items.map((it, txIndex) => {
    const f = {
      tenantId,
      kind: it.kind,
      refId: it.refId,
      dataHash: it.dataHash,
      meta: it.meta ?? {},
      createdAt,
    };
    return { ...f, txIndex, txHash: txHashOf(hash, f) };
  });
  if (new Set(txs.map((t) => t.txHash)).size !== txs.length)
    throw ChainErrors.badItem({ field: 'items (repeated)' });
  const header = {
    tenantId,
    height,
    prevHash: tip?.blockHash ?? GENESIS_PREV_HASH,
    merkleRoot: merkleRootOf(
      hash,
      txs.map((t) => t.txHash),
    ),
    txCount: txs.length,
    algorithm,
    sealedAt: createdAt,
  };
  const blockHash = blockHashOf(hash, header);
  await repo.insertBlock(db, { ...header, blockHash, sealedAt });
  await repo.insertTransactions(
    db,
    txs.map((t) => ({
      tenantId,
      blockHeight: height,
      txIndex: t.txIndex,
      txHash: t.txHash,
      kind: t.kind,
      refId: t.refId,
      dataHash: t.dataHash,
      meta: t.meta,
      createdAt: sealedAt,
    })),
  );
  if (settings.anchor !== 'none') await repo.insertAnchor(db, tenantId, height, settings.anchor);
  return txs.map((t) => ({ txHash: t.txHash, blockHeight: height, txIndex: t.txIndex }));
};

export const toChainTx = (r: repo.TxRow): ChainTx => ({
  tenantId: r.tenantId,
  blockHeight: r.blockHeight,
  txIndex: r.txIndex,
  txHash: r.txHash,
  kind: r.kind,
  refId: r.refId,
  dataHash: r.dataHash,
  meta: r.meta,
  createdAt: r.createdAt.toISOString(),
});

export const toAnchor = (a: repo.AnchorRow): ChainAnchor => ({
  provider: a.provider,
  status: a.status as ChainAnchor['status'],
  externalRef: a.externalRef,
  error: a.error,
  attempts: a.attempts,
  updatedAt: a.updatedAt.toISOString(),
});

/** The anchor to show for a block: the configured provider's, else the latest of any. */
export const pickAnchor = (rows: repo.AnchorRow[]): repo.AnchorRow | undefined => {
  const provider = chainSettings().anchor;
  return (
    rows.find((a) => a.provider === provider) ??
    [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
  );
};

const headerOf = (b: repo.BlockRow) => ({
  tenantId: b.tenantId,
  height: b.height,
  prevHash: b.prevHash,
  merkleRoot: b.merkleRoot,
  txCount: b.txCount,
  algorithm: b.algorithm,
  sealedAt: b.sealedAt.toISOString(),
  blockHash: b.blockHash,
});

/**
 * The proof of a transaction (by its hash, or the latest recording `kind`/`refId`): the transaction, its
 * Merkle path, the block header and the anchor. Undefined when the tenant's ledger has no such transaction.
 */
export const chainProof = async (
  ctx: Pick<TenantCtx, 'db' | 'tenantId'>,
  by: { txHash: string } | { kind: string; refId: number },
): Promise<ChainProof | undefined> => {
  const tx = await repo.findTx(ctx.db, ctx.tenantId, by);
  if (!tx) return undefined;
  const block = await repo.findBlock(ctx.db, ctx.tenantId, tx.blockHeight);
  if (!block) return undefined;
  const hashes = await repo.txHashesOfBlock(ctx.db, ctx.tenantId, tx.blockHeight);
  const hash = NODE_HASHES[block.algorithm as ChainAlgorithm] ?? hashFnOf();
  const index = hashes.indexOf(tx.txHash);
  const anchor = pickAnchor(await repo.anchorsOf(ctx.db, ctx.tenantId, [block.height]));
  return {
    algorithm: block.algorithm,
    tx: toChainTx(tx),
    merklePath: index < 0 ? [] : merklePathOf(hash, hashes, index),
    block: headerOf(block),
    anchor: anchor ? toAnchor(anchor) : null,
  };
};

const toStoredBlock = (b: repo.BlockRow): StoredBlock => headerOf(b);
const toStoredTx = (t: repo.TxRow): StoredTx => ({
  tenantId: t.tenantId,
  kind: t.kind,
  refId: t.refId,
  dataHash: t.dataHash,
  meta: t.meta,
  createdAt: t.createdAt.toISOString(),
  txIndex: t.txIndex,
  txHash: t.txHash,
});

const BLOCK_CHUNK = 500;
const TX_CHUNK = 5000;
/** A block claiming more rows than this is broken anyway; stop collecting (memory stays bounded). */
const TX_COLLECT_CAP = MAX_BLOCK_TXS * 2;

/**
 * Walks blocks from `from` to `to` (inclusive) in height order with their transactions, streamed in
 * keyset chunks (blocks by height, transactions by (height, index)), so memory holds one block's
 * transactions and one chunk. `until()` true stops early (a time budget).
 */
export const verifyRange = async (
  db: Db,
  tenantId: number,
  from: number,
  to: number,
  until: () => boolean = () => false,
): Promise<ChainVerifier> => {
  const prev = from > 1 ? (await repo.findBlock(db, tenantId, from - 1))?.blockHash : GENESIS_PREV_HASH;
  const v = new ChainVerifier(NODE_HASHES, from, prev ?? GENESIS_PREV_HASH);
  if (from > 1 && !prev) {
    v.broken = { height: from - 1, reason: 'missing-height' };
    return v;
  }
  let blocks: repo.BlockRow[] = [];
  let bi = 0;
  let blockAfter = from - 1;
  let txs: repo.TxRow[] = [];
  let ti = 0;
  let txAfter = { height: from, index: -1 };
  let txDone = false;
  const peekTx = async (): Promise<repo.TxRow | undefined> => {
    if (ti >= txs.length && !txDone) {
      txs = await repo.txsAfter(db, tenantId, txAfter, to, TX_CHUNK);
      ti = 0;
      if (txs.length < TX_CHUNK) txDone = true;
      const last = txs.at(-1);
      if (last) txAfter = { height: last.blockHeight, index: last.txIndex };
    }
    return txs[ti];
  };
  while (!v.broken) {
    if (bi >= blocks.length) {
      blocks = await repo.blocksAfter(db, tenantId, blockAfter, to, BLOCK_CHUNK);
      bi = 0;
      if (blocks.length === 0) break;
      blockAfter = (blocks.at(-1) as repo.BlockRow).height;
    }
    const block = blocks[bi++] as repo.BlockRow;
    const mine: StoredTx[] = [];
    for (let t = await peekTx(); t && t.blockHeight <= block.height; t = await peekTx()) {
      // A transaction of a height with no block row: that height's block is missing, found below.
      if (t.blockHeight === block.height && mine.length < TX_COLLECT_CAP) mine.push(toStoredTx(t));
      ti++;
    }
    v.push(toStoredBlock(block), mine);
    if (until()) break;
  }
  // Blocks up to `to` were asked for; a shorter chain ends where its tip is (the tip has no successor to
  // vouch for it — anchoring covers that).
  return v;
};

/** Verifies the tenant's whole chain (or a height range) to the end, with no time bound. */
export const verifyChain = async (
  ctx: Pick<TenantCtx, 'db' | 'tenantId'>,
  range: { fromHeight?: number; toHeight?: number } = {},
) => {
  const tip = await repo.tipBlock(ctx.db, ctx.tenantId);
  const to = Math.min(range.toHeight ?? Number.MAX_SAFE_INTEGER, tip?.height ?? 0);
  const v = await verifyRange(ctx.db, ctx.tenantId, range.fromHeight ?? 1, to);
  return {
    valid: v.broken === null,
    blocks: v.blocks,
    transactions: v.transactions,
    broken: v.broken,
    tipHeight: tip?.height ?? 0,
  };
};
