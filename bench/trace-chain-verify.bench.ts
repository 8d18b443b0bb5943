// Ledger verification benchmark (issue 18): 1,000,000 transactions in 1,000 blocks, verified from block 1
// to the tip by the same code as POST …/trace/chain/verify (streamed in keyset chunks, every transaction
// hash, Merkle root, block hash and link recomputed). Target: ≤ 30 s.
// Usage: DATABASE_URL=postgres://… npm run bench:trace-chain     (PostgreSQL; the role must CREATE DATABASE)
//        npm run bench:trace-chain                               (PGlite, in memory)
//        BENCH_BLOCKS / BENCH_TXS_PER_BLOCK change the shape (default 1000 × 1000).
// The transactions are written by SQL (generate_series, sha256() over the same canonical JSON the rules
// define), the blocks by Node from the stored transaction hashes — so verification checks real hashes.
import { blockHashOf, GENESIS_PREV_HASH, merkleRootOf } from '@tilth/contracts/trace-chain.proof';
import { sql } from 'drizzle-orm';
import * as schema from '../apps/server/src/app/schema.js';
import { hashFnOf } from '../apps/server/src/modules/trace/chain/chain.hash.js';
import { verifyChain } from '../apps/server/src/modules/trace/chain/index.js';
import { openDatabase, type Schema } from '../apps/server/src/platform/db/client.js';
import { createScratchDatabase } from '../apps/server/src/test/test-database.js';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 1000);
const PER = Number(process.env.BENCH_TXS_PER_BLOCK ?? 1000);
const TENANT = 7;
const CREATED = '2026-04-01T00:00:00.000Z';
const TARGET_S = 30;

const main = async () => {
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch?.url, schema: schema as unknown as Schema });
  const hash = hashFnOf('sha256');
  try {
    const t0 = Date.now();
    // Transactions, 50 blocks per statement; the JSON text is canonical (keys sorted, no spaces).
    for (let from = 1; from <= BLOCKS; from += 50) {
      const to = Math.min(BLOCKS, from + 49);
      await database.withTenant(TENANT, (tx) =>
        tx.execute(sql`
          insert into chain_transactions
            (tenant_id, block_height, tx_index, tx_hash, kind, ref_id, data_hash, meta, created_at)
          select ${TENANT}, h, i,
            encode(sha256(convert_to(
              '{"createdAt":"' || ${CREATED} || '","dataHash":"' || d.dh || '","kind":"trace.record",'
              || '"meta":{"batchCode":"TB-' || h || '-' || i || '","version":1},"refId":' || (h * ${PER} + i)
              || ',"tenantId":' || ${TENANT} || ',"v":1}', 'UTF8')), 'hex'),
            'trace.record', h * ${PER} + i, d.dh,
            jsonb_build_object('batchCode', 'TB-' || h || '-' || i, 'version', 1), ${CREATED}::timestamptz
          from generate_series(${from}::bigint, ${to}::bigint) h
          cross join generate_series(0, ${PER - 1}) i
          cross join lateral (select encode(sha256(convert_to(h || ':' || i, 'UTF8')), 'hex') as dh) d`),
      );
    }
    const t1 = Date.now();
    // Blocks: Merkle root of each block's stored hashes, linked by hash.
    let prev = GENESIS_PREV_HASH;
    for (let from = 1; from <= BLOCKS; from += 20) {
      const to = Math.min(BLOCKS, from + 19);
      await database.withTenant(TENANT, async (tx) => {
        const res = (await tx.execute(sql`select block_height as h, tx_hash as x from chain_transactions
            where tenant_id = ${TENANT} and block_height between ${from} and ${to} order by block_height, tx_index`)) as unknown as {
          rows: { h: string | number; x: string }[];
        };
        const rows = res.rows;
        const byBlock = new Map<number, string[]>();
        for (const r of rows) {
          const list = byBlock.get(Number(r.h)) ?? [];
          list.push(r.x);
          byBlock.set(Number(r.h), list);
        }
        const values = [];
        for (let height = from; height <= to; height++) {
          const hashes = byBlock.get(height) ?? [];
          const header = {
            tenantId: TENANT,
            height,
            prevHash: prev,
            merkleRoot: merkleRootOf(hash, hashes),
            txCount: hashes.length,
            algorithm: 'sha256',
            sealedAt: CREATED,
          };
          const blockHash = blockHashOf(hash, header);
          prev = blockHash;
          values.push({ ...header, blockHash, sealedAt: new Date(CREATED) });
        }
        await tx.insert(schema.chainBlocks).values(values);
      });
    }
    const t2 = Date.now();
    const out = await database.withTenant(TENANT, (tx) => verifyChain({ db: tx, tenantId: TENANT }));
    const t3 = Date.now();
    const seconds = (t3 - t2) / 1000;
    console.log(
      JSON.stringify(
        {
          database: database.kind,
          blocks: out.blocks,
          transactions: out.transactions,
          valid: out.valid,
          broken: out.broken,
          insertTransactionsS: (t1 - t0) / 1000,
          sealBlocksS: (t2 - t1) / 1000,
          verifyS: seconds,
          txPerS: Math.round(out.transactions / seconds),
          targetS: TARGET_S,
        },
        null,
        2,
      ),
    );
    if (!out.valid || out.transactions !== BLOCKS * PER)
      throw new Error('the generated chain does not verify');
    if (BLOCKS * PER >= 1_000_000 && seconds > TARGET_S)
      throw new Error(`verification took ${seconds} s > ${TARGET_S} s`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
