import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// The verifiable ledger (issue 18 item 4): one hash chain per tenant. Blocks and transactions are
// append-only — the migration revokes UPDATE and DELETE from the application role and a trigger refuses
// them for everyone else — so a change can only come from outside the application, and verification finds
// it. Anchoring a block to an external chain is recorded beside it in chain_anchors, which may change.

export const chainBlocks = pgTable(
  'chain_blocks',
  {
    tenantId: tenantIdColumn(),
    /** 1, 2, 3…; block 1's prevHash is 64 zeros. */
    height: bigint('height', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    prevHash: text('prev_hash').notNull(),
    merkleRoot: text('merkle_root').notNull(),
    txCount: integer('tx_count').notNull(),
    /** sha256 | sm3 — fixed per block, so a change of setting never breaks older blocks. */
    algorithm: text('algorithm').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.height] }),
    uniqueIndex('chain_blocks_hash_uq').on(t.tenantId, t.blockHash),
    tenantIsolation(),
  ],
);

export const chainTransactions = pgTable(
  'chain_transactions',
  {
    tenantId: tenantIdColumn(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    /** Position in the block, from 0 (the Merkle tree's leaf order). */
    txIndex: integer('tx_index').notNull(),
    txHash: text('tx_hash').notNull(),
    /** What the transaction records: 'trace.record' (a published trace record). */
    kind: text('kind').notNull(),
    /** The recorded object: trace_records.id for 'trace.record'. */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    /** Hash of the recorded object's canonical JSON. */
    dataHash: text('data_hash').notNull(),
    /** Small facts hashed with the transaction (batch code, version…), shown by the browser. */
    meta: jsonb('meta').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.blockHeight, t.txIndex] }),
    uniqueIndex('chain_transactions_hash_uq').on(t.tenantId, t.txHash),
    index('chain_transactions_ref_idx').on(t.tenantId, t.kind, t.refId),
    tenantIsolation(),
  ],
);

/** A block's anchoring to an external chain (FISCO BCOS…); 'failed' shows 'up-chain failed'. */
export const chainAnchors = pgTable(
  'chain_anchors',
  {
    tenantId: tenantIdColumn(),
    height: bigint('height', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** pending | anchoring (claimed by a process) | anchored | failed */
    status: text('status').notNull().default('pending'),
    /** The external transaction hash / block number once anchored. */
    externalRef: text('external_ref'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.height, t.provider] }),
    index('chain_anchors_status_idx').on(t.status),
    tenantIsolation(),
  ],
);

/**
 * Verification runs (the console's "verify now" and its last result). A run is stepped through in
 * time-bounded slices; nextHeight is the server's own cursor, so a caller cannot skip blocks.
 */
export const chainVerifications = pgTable(
  'chain_verifications',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** running | valid | broken */
    status: text('status').notNull().default('running'),
    fromHeight: bigint('from_height', { mode: 'number' }).notNull(),
    toHeight: bigint('to_height', { mode: 'number' }).notNull(),
    nextHeight: bigint('next_height', { mode: 'number' }).notNull(),
    checkedBlocks: bigint('checked_blocks', { mode: 'number' }).notNull().default(0),
    checkedTransactions: bigint('checked_transactions', { mode: 'number' }).notNull().default(0),
    brokenHeight: bigint('broken_height', { mode: 'number' }),
    reason: text('reason'),
    txIndex: integer('tx_index'),
    expected: text('expected'),
    actual: text('actual'),
    durationMs: integer('duration_ms').notNull().default(0),
    startedBy: bigint('started_by', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);
