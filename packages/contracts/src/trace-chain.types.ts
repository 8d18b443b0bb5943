import { z } from 'zod';
import { pageOf, tenantParam } from './common.types.js';

// The verifiable ledger's API (issue 18 item 4; docs/adr/0016-trace-ledger.md): summary, blocks,
// transactions, proofs, verification and anchoring. The hashing rules are in trace-chain.proof.ts.

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a 64-digit lower-case hex hash');
const height = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Paging of the ledger lists: 0-based page, 1–100 rows (never "everything": a ledger grows without end). */
export const chainPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * What a 'trace.record' transaction's meta should carry (the publisher fills it; the report and browser
 * show it). Any other small facts may be added.
 */
export interface TraceRecordMeta {
  traceBatchId: number;
  batchCode: string;
  productName: string;
  version: number;
  [k: string]: string | number;
}

export const ANCHOR_STATUSES = ['pending', 'anchoring', 'anchored', 'failed'] as const;
export const chainAnchor = z.object({
  provider: z.string(),
  /** pending | anchoring | anchored | failed ('up-chain failed') */
  status: z.enum(ANCHOR_STATUSES),
  externalRef: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type ChainAnchor = z.infer<typeof chainAnchor>;

export const chainBlock = z.object({
  height: z.number().int(),
  blockHash: z.string(),
  prevHash: z.string(),
  merkleRoot: z.string(),
  txCount: z.number().int(),
  algorithm: z.string(),
  sealedAt: z.string(),
  /** Null when no anchoring is configured (or was when the block was sealed). */
  anchor: chainAnchor.nullable(),
});
export type ChainBlock = z.infer<typeof chainBlock>;
export const chainBlockPage = pageOf(chainBlock);

export const chainTx = z.object({
  tenantId: z.number().int(),
  blockHeight: z.number().int(),
  txIndex: z.number().int(),
  txHash: z.string(),
  kind: z.string(),
  refId: z.number().int(),
  dataHash: z.string(),
  meta: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type ChainTx = z.infer<typeof chainTx>;

export const chainBlockDetail = chainBlock.extend({
  tenantId: z.number().int(),
  /** Its transactions in index order, each with the length of its Merkle path. */
  transactions: z.array(chainTx.extend({ pathLength: z.number().int() })),
  /** The next block's height when there is one. */
  nextHeight: z.number().int().nullable(),
});
export type ChainBlockDetail = z.infer<typeof chainBlockDetail>;

/** The proof of one transaction (ChainProofData of trace-chain.proof.ts, plus the anchor). */
export const chainProof = z.object({
  algorithm: z.string(),
  tx: chainTx,
  merklePath: z.array(z.string()),
  block: z.object({
    tenantId: z.number().int(),
    height: z.number().int(),
    prevHash: z.string(),
    merkleRoot: z.string(),
    txCount: z.number().int(),
    algorithm: z.string(),
    sealedAt: z.string(),
    blockHash: z.string(),
  }),
  anchor: chainAnchor.nullable(),
});
export type ChainProof = z.infer<typeof chainProof>;

/** Either txHash, or kind with refId (the latest transaction recording that object). */
export const chainProofQuery = z
  .object({
    txHash: hex64.optional(),
    kind: z.string().min(1).max(40).optional(),
    refId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((q) => q.txHash !== undefined || (q.kind !== undefined && q.refId !== undefined), {
    message: 'give txHash, or kind and refId',
    path: ['txHash'],
  });
export const chainTxParam = tenantParam.extend({ txHash: hex64 });
export const chainHeightParam = tenantParam.extend({ height });

export const chainBlockListQuery = chainPageQuery.extend({
  /** A block height, a block hash or a transaction hash (whole, or a hash's first 8+ digits). */
  q: z.string().trim().max(64).optional(),
  anchorStatus: z.enum(ANCHOR_STATUSES).optional(),
});

export const chainSearchQuery = z.object({ q: z.string().trim().min(1).max(64) });
export const chainSearchAnswer = z.object({
  /** block: open block `height`; tx: open transaction `txHash`; none: nothing of this tenant matches. */
  kind: z.enum(['block', 'tx', 'none']),
  height: z.number().int().nullable(),
  txHash: z.string().nullable(),
});

export const CHAIN_BREAKS = [
  'missing-height',
  'algorithm',
  'tx-count',
  'tx-order',
  'tx-hash',
  'merkle-root',
  'block-hash',
  'prev-link',
] as const;

/** A verification run: the console steps through it one time-bounded slice per call. */
export const chainVerification = z.object({
  id: z.number().int(),
  /** running | valid | broken */
  status: z.enum(['running', 'valid', 'broken']),
  fromHeight: z.number().int(),
  toHeight: z.number().int(),
  /** The next height to check while running. */
  nextHeight: z.number().int(),
  checkedBlocks: z.number().int(),
  checkedTransactions: z.number().int(),
  brokenHeight: z.number().int().nullable(),
  reason: z.enum(CHAIN_BREAKS).nullable(),
  /** The transaction concerned by a tx-hash or tx-order break. */
  txIndex: z.number().int().nullable(),
  /** What the stored value is and what it recomputes to (or the expected link / height). */
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int(),
  startedBy: z.string().nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;

export const chainVerifyBody = z
  .object({
    /** Continue this run (omit to start one). */
    runId: z.number().int().min(1).optional(),
    fromHeight: z.number().int().min(1).optional(),
    toHeight: z.number().int().min(1).optional(),
  })
  .refine((b) => !b.fromHeight || !b.toHeight || b.fromHeight <= b.toHeight, {
    message: 'fromHeight must not exceed toHeight',
    path: ['fromHeight'],
  });

export const chainSummary = z.object({
  height: z.number().int(),
  transactions: z.number().int(),
  lastSealedAt: z.string().nullable(),
  /** The algorithm new blocks are sealed with (TILTH_CHAIN_HASH); each block records its own. */
  algorithm: z.string(),
  /** The configured anchoring: none | fisco… */
  anchorProvider: z.string(),
  anchors: z.object({
    pending: z.number().int(),
    anchoring: z.number().int(),
    anchored: z.number().int(),
    failed: z.number().int(),
  }),
  lastVerification: chainVerification.nullable(),
});
export type ChainSummary = z.infer<typeof chainSummary>;

/** One published trace record as the ledger holds it (the block-chain report). */
export const chainReportRow = z.object({
  txHash: z.string(),
  blockHeight: z.number().int(),
  txIndex: z.number().int(),
  refId: z.number().int(),
  traceBatchId: z.number().int().nullable(),
  batchCode: z.string().nullable(),
  productName: z.string().nullable(),
  version: z.number().int().nullable(),
  dataHash: z.string(),
  createdAt: z.string(),
  anchor: chainAnchor.nullable(),
});
export type ChainReportRow = z.infer<typeof chainReportRow>;
export const chainReportPage = pageOf(chainReportRow);
export const chainReportQuery = chainPageQuery.extend({
  /** Contained in the batch code or the product name. */
  keyword: z.string().trim().max(60).optional(),
  traceBatchId: z.coerce.number().int().min(1).optional(),
  anchorStatus: z.enum([...ANCHOR_STATUSES, 'none']).optional(),
  /** Published from / to (ISO dates, inclusive, the tenant's days). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const chainAnchorRetryAnswer = z.object({ retried: z.number().int() });
