import { and, asc, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { chainAnchors, chainBlocks, chainTransactions, chainVerifications } from './chain.tables.js';

// Only this file touches the ledger's tables. Blocks and transactions are only ever inserted (the
// migration's trigger refuses anything else); anchors and verification runs change.

export type BlockRow = typeof chainBlocks.$inferSelect;
export type TxRow = typeof chainTransactions.$inferSelect;
export type AnchorRow = typeof chainAnchors.$inferSelect;
export type VerificationRow = typeof chainVerifications.$inferSelect;

// One key space for the ledger's advisory locks; the second key is the tenant.
const LOCK_SPACE = 0x7c4a_1e01;

/** Serialises sealing per tenant until the transaction ends (two publishes never fork the chain). */
export const lockTenantChain = async (db: Db, tenantId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${tenantId}::int)`);
};

export const tipBlock = async (db: Db, tenantId: number): Promise<BlockRow | undefined> => {
  const [row] = await db
    .select()
    .from(chainBlocks)
    .where(eq(chainBlocks.tenantId, tenantId))
    .orderBy(desc(chainBlocks.height))
    .limit(1);
  return row;
};

export const insertBlock = async (db: Db, row: typeof chainBlocks.$inferInsert): Promise<void> => {
  await db.insert(chainBlocks).values(row);
};

export const insertTransactions = async (db: Db, rows: (typeof chainTransactions.$inferInsert)[]) => {
  // Bounded statements: a parameter list has a limit (65535), and each row has 9.
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(chainTransactions).values(rows.slice(i, i + 1000));
};

export const insertAnchor = async (db: Db, tenantId: number, height: number, provider: string) => {
  await db
    .insert(chainAnchors)
    .values({ tenantId, height, provider, status: 'pending' })
    .onConflictDoNothing();
};

export const findBlock = async (db: Db, tenantId: number, height: number): Promise<BlockRow | undefined> => {
  const [row] = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.tenantId, tenantId), eq(chainBlocks.height, height)));
  return row;
};

export const blockHeightByHash = async (db: Db, tenantId: number, hashOrPrefix: string) => {
  const cond =
    hashOrPrefix.length === 64
      ? eq(chainBlocks.blockHash, hashOrPrefix)
      : sql`${chainBlocks.blockHash} like ${`${escapeLike(hashOrPrefix)}%`}`;
  const [row] = await db
    .select({ height: chainBlocks.height })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.tenantId, tenantId), cond))
    .orderBy(asc(chainBlocks.height))
    .limit(1);
  return row?.height;
};

export const txsOfBlock = (db: Db, tenantId: number, height: number): Promise<TxRow[]> =>
  db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.tenantId, tenantId), eq(chainTransactions.blockHeight, height)))
    .orderBy(asc(chainTransactions.txIndex));

export const txHashesOfBlock = async (db: Db, tenantId: number, height: number): Promise<string[]> =>
  (
    await db
      .select({ h: chainTransactions.txHash })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.tenantId, tenantId), eq(chainTransactions.blockHeight, height)))
      .orderBy(asc(chainTransactions.txIndex))
  ).map((r) => r.h);

export const findTx = async (
  db: Db,
  tenantId: number,
  by: { txHash: string } | { txHashPrefix: string } | { kind: string; refId: number },
): Promise<TxRow | undefined> => {
  const t = chainTransactions;
  const cond =
    'txHash' in by
      ? eq(t.txHash, by.txHash)
      : 'txHashPrefix' in by
        ? sql`${t.txHash} like ${`${escapeLike(by.txHashPrefix)}%`}`
        : and(eq(t.kind, by.kind), eq(t.refId, by.refId));
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), cond))
    // The latest transaction recording the object (a republished record has several).
    .orderBy(desc(t.blockHeight), desc(t.txIndex))
    .limit(1);
  return row;
};

export const ledgerTotals = async (db: Db, tenantId: number) => {
  const [row] = await db
    .select({
      height: sql<number>`coalesce(max(${chainBlocks.height}), 0)::bigint`.mapWith(Number),
      transactions: sql<number>`coalesce(sum(${chainBlocks.txCount}), 0)::bigint`.mapWith(Number),
      lastSealedAt: sql<Date | null>`max(${chainBlocks.sealedAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(chainBlocks)
    .where(eq(chainBlocks.tenantId, tenantId));
  return row ?? { height: 0, transactions: 0, lastSealedAt: null };
};

export const anchorCounts = async (db: Db, tenantId: number, provider: string) =>
  db
    .select({ status: chainAnchors.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chainAnchors)
    .where(and(eq(chainAnchors.tenantId, tenantId), eq(chainAnchors.provider, provider)))
    .groupBy(chainAnchors.status);

export const anchorsOf = (db: Db, tenantId: number, heights: number[]): Promise<AnchorRow[]> =>
  heights.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(chainAnchors)
        .where(and(eq(chainAnchors.tenantId, tenantId), inArray(chainAnchors.height, heights)));

/** Blocks newest first, optionally of one anchor status (of `provider`) or one height. */
export const listBlocks = async (
  db: Db,
  tenantId: number,
  f: { height?: number; heightIn?: number[]; anchorStatus?: string; provider: string },
  limit: number,
  offset: number,
) => {
  const conds: SQL[] = [eq(chainBlocks.tenantId, tenantId)];
  if (f.height !== undefined) conds.push(eq(chainBlocks.height, f.height));
  if (f.heightIn) conds.push(f.heightIn.length ? inArray(chainBlocks.height, f.heightIn) : sql`false`);
  if (f.anchorStatus)
    conds.push(sql`exists (select 1 from ${chainAnchors} a where a.tenant_id = ${chainBlocks.tenantId}
      and a.height = ${chainBlocks.height} and a.provider = ${f.provider} and a.status = ${f.anchorStatus})`);
  const where = and(...conds);
  // One after the other: db is a transaction, one connection (pg refuses two queries at once on it).
  const rows = await db
    .select()
    .from(chainBlocks)
    .where(where)
    .orderBy(desc(chainBlocks.height))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chainBlocks)
    .where(where);
  return { rows, total: count?.n ?? 0 };
};

/** Published trace records on the ledger (kind trace.record), newest first, filtered by their meta. */
export const listReport = async (
  db: Db,
  tenantId: number,
  f: {
    keyword?: string | undefined;
    traceBatchId?: number | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
    anchorStatus?: string | undefined;
    provider: string;
  },
  limit: number,
  offset: number,
) => {
  const t = chainTransactions;
  const conds: SQL[] = [eq(t.tenantId, tenantId), eq(t.kind, 'trace.record')];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(sql`(${t.meta}->>'batchCode' ilike ${like} or ${t.meta}->>'productName' ilike ${like})`);
  }
  if (f.traceBatchId !== undefined) conds.push(sql`${t.meta}->>'traceBatchId' = ${String(f.traceBatchId)}`);
  if (f.from) conds.push(gte(t.createdAt, f.from));
  if (f.to) conds.push(sql`${t.createdAt} < ${f.to}`);
  if (f.anchorStatus === 'none')
    conds.push(sql`not exists (select 1 from ${chainAnchors} a where a.tenant_id = ${t.tenantId}
      and a.height = ${t.blockHeight} and a.provider = ${f.provider})`);
  else if (f.anchorStatus)
    conds.push(sql`exists (select 1 from ${chainAnchors} a where a.tenant_id = ${t.tenantId}
      and a.height = ${t.blockHeight} and a.provider = ${f.provider} and a.status = ${f.anchorStatus})`);
  const where = and(...conds);
  // One after the other, as above.
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.blockHeight), asc(t.txIndex))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(t)
    .where(where);
  return { rows, total: count?.n ?? 0 };
};

// ---- Streaming for verification (keyset, never the whole ledger at once) ----

export const blocksAfter = (db: Db, tenantId: number, after: number, to: number, limit: number) =>
  db
    .select()
    .from(chainBlocks)
    .where(
      and(eq(chainBlocks.tenantId, tenantId), gt(chainBlocks.height, after), lte(chainBlocks.height, to)),
    )
    .orderBy(asc(chainBlocks.height))
    .limit(limit);

export const txsAfter = (
  db: Db,
  tenantId: number,
  after: { height: number; index: number },
  to: number,
  limit: number,
) => {
  const t = chainTransactions;
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        sql`(${t.blockHeight}, ${t.txIndex}) > (${after.height}::bigint, ${after.index}::int)`,
        lte(t.blockHeight, to),
      ),
    )
    .orderBy(asc(t.blockHeight), asc(t.txIndex))
    .limit(limit);
};

// ---- Anchoring ----

/** The oldest block waiting for `provider` (or one whose anchoring process went silent), claimed. */
export const claimAnchor = async (
  db: Db,
  tenantId: number,
  provider: string,
  staleBefore: Date,
): Promise<AnchorRow | undefined> => {
  const a = chainAnchors;
  const [row] = await db
    .select()
    .from(a)
    .where(
      and(
        eq(a.tenantId, tenantId),
        eq(a.provider, provider),
        sql`(${a.status} = 'pending' or (${a.status} = 'anchoring' and ${a.updatedAt} < ${staleBefore}))`,
      ),
    )
    .orderBy(asc(a.height))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return undefined;
  const [claimed] = await db
    .update(a)
    .set({ status: 'anchoring', attempts: sql`${a.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(a.tenantId, tenantId), eq(a.height, row.height), eq(a.provider, provider)))
    .returning();
  return claimed;
};

export const settleAnchor = async (
  db: Db,
  tenantId: number,
  height: number,
  provider: string,
  v: { status: 'anchored' | 'failed'; externalRef?: string | null; error?: string | null },
) => {
  await db
    .update(chainAnchors)
    .set({
      status: v.status,
      externalRef: v.externalRef ?? null,
      error: v.error ?? null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(chainAnchors.tenantId, tenantId),
        eq(chainAnchors.height, height),
        eq(chainAnchors.provider, provider),
      ),
    );
};

/** Failed anchors back to pending (one height, or all failed ones); answers how many. */
export const retryAnchors = async (db: Db, tenantId: number, provider: string, height?: number) => {
  const a = chainAnchors;
  const rows = await db
    .update(a)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(a.tenantId, tenantId),
        eq(a.provider, provider),
        eq(a.status, 'failed'),
        height === undefined ? undefined : eq(a.height, height),
      ),
    )
    .returning({ h: a.height });
  return rows.length;
};

/** Blocks sealed without an anchor row for `provider` (the provider was configured later): queue them. */
export const queueUnanchored = async (db: Db, tenantId: number, provider: string): Promise<number> => {
  const res = await db.execute(sql`
    insert into chain_anchors (tenant_id, height, provider, status)
    select b.tenant_id, b.height, ${provider}, 'pending' from chain_blocks b
    where b.tenant_id = ${tenantId}
      and not exists (select 1 from chain_anchors a where a.tenant_id = b.tenant_id and a.height = b.height
                      and a.provider = ${provider})
    on conflict do nothing`);
  return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
};

// ---- Verification runs ----

export const insertVerification = async (db: Db, row: typeof chainVerifications.$inferInsert) => {
  const [made] = await db.insert(chainVerifications).values(row).returning();
  return made as VerificationRow;
};

export const findVerification = async (db: Db, tenantId: number, id: number, lock = false) => {
  const q = db
    .select()
    .from(chainVerifications)
    .where(and(eq(chainVerifications.tenantId, tenantId), eq(chainVerifications.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const lastVerification = async (db: Db, tenantId: number) => {
  const [row] = await db
    .select()
    .from(chainVerifications)
    .where(eq(chainVerifications.tenantId, tenantId))
    .orderBy(desc(chainVerifications.id))
    .limit(1);
  return row;
};

export const updateVerification = async (
  db: Db,
  tenantId: number,
  id: number,
  v: Partial<typeof chainVerifications.$inferInsert>,
) => {
  const [row] = await db
    .update(chainVerifications)
    .set(v)
    .where(and(eq(chainVerifications.tenantId, tenantId), eq(chainVerifications.id, id)))
    .returning();
  return row as VerificationRow;
};
