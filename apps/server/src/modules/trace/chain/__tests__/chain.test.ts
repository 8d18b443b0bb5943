import type { Page } from '@tilth/contracts/common.types';
import { GENESIS_PREV_HASH, verifyProof } from '@tilth/contracts/trace-chain.proof';
import type {
  ChainBlock,
  ChainBlockDetail,
  ChainProof,
  ChainReportRow,
  ChainSummary,
  ChainVerification,
} from '@tilth/contracts/trace-chain.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFnOf } from '../chain.hash.js';
import { verifyChain } from '../chain.ledger.js';
import { type ChainHarness, chainHarness } from './chain-helpers.js';

// The ledger on a real database (PGlite here; PostgreSQL with DATABASE_URL): sealing, links, concurrency,
// append-only, proofs, the console's reads, verification finding a tampered block, tenant isolation.

let h: ChainHarness;
beforeAll(async () => {
  // 1 ms slices: every verification call checks a few blocks, so the run is stepped through.
  h = await chainHarness({ TILTH_CHAIN_VERIFY_SLICE_MS: '1' });
});
afterAll(async () => {
  await h.s.close();
});

/**
 * Runs SQL as the database owner (the login role, for this transaction only: pooled PostgreSQL connections
 * start as the application role, so RESET ROLE would not leave it); answers the error text or 'done'.
 */
const asOwner = (q: ReturnType<typeof sql>[], tenant = h.A) =>
  h.s.platform.database
    .withTenant(tenant, async (tx) => {
      await tx.execute(sql`select set_config('role', session_user, true)`);
      for (const x of q) await tx.execute(x);
      return 'done';
    })
    .catch((err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message);

const asApp = (q: ReturnType<typeof sql>) =>
  h.s.platform.database
    .withTenant(h.A, async (tx) => {
      await tx.execute(q);
      return 'done';
    })
    .catch((err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message);

const runVerification = async (body: Record<string, unknown> = {}) => {
  let run = await h.ok<ChainVerification>('admin', 'POST', 'verify', body);
  let calls = 1;
  while (run.status === 'running') {
    run = await h.ok<ChainVerification>('admin', 'POST', 'verify', { runId: run.id });
    calls++;
    if (calls > 500) throw new Error('verification does not end');
  }
  return { run, calls };
};

describe('sealing', () => {
  it('seals each append as one block linked to the previous one, from 64 zeros', async () => {
    const first = await h.append([h.record(1).item, h.record(2).item, h.record(3).item]);
    expect(first.map((t) => [t.blockHeight, t.txIndex])).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    const second = await h.append([h.record(4).item]);
    expect(second[0]).toMatchObject({ blockHeight: 2, txIndex: 0 });
    const b1 = await h.ok<ChainBlockDetail>('viewer', 'GET', 'blocks/1');
    const b2 = await h.ok<ChainBlockDetail>('viewer', 'GET', 'blocks/2');
    expect(b1.prevHash).toBe(GENESIS_PREV_HASH);
    expect(b2.prevHash).toBe(b1.blockHash);
    expect(b1).toMatchObject({ txCount: 3, algorithm: 'sha256', nextHeight: 2, anchor: null });
    expect(b1.transactions.map((t) => [t.txIndex, t.refId, t.pathLength])).toEqual([
      [0, 1, 2],
      [1, 2, 2],
      [2, 3, 1],
    ]);
    expect(b2.nextHeight).toBeNull();
  });

  it('refuses an empty, oversized or malformed append with a 400 naming the item, sealing nothing', async () => {
    const bad = async (items: Parameters<ChainHarness['append']>[0]) =>
      h.append(items).then(
        () => 'sealed',
        (e: { status?: number; message: string }) => `${e.status} ${e.message}`,
      );
    expect(await bad([])).toMatch(/^400 .*Nothing/);
    expect(await bad([{ ...h.record(9).item, dataHash: 'xyz' }])).toMatch(/^400 .*items\[0\]\.dataHash/);
    expect(await bad([h.record(9).item, { ...h.record(10).item, meta: { n: Number.NaN } }])).toMatch(
      /items\[1\]\.meta\.n/,
    );
    expect(await bad([h.record(9).item, h.record(9).item])).toMatch(/repeated/);
    expect((await h.ok<ChainSummary>('admin', 'GET', 'summary')).height).toBe(2);
  });

  it('concurrent appends queue behind each other and never fork the chain', async () => {
    const sealed = await Promise.all(Array.from({ length: 8 }, (_, i) => h.append([h.record(100 + i).item])));
    const heights = sealed.map((s) => s[0]?.blockHeight).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(heights).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    const out = await h.s.platform.database.withTenant(h.A, (tx) => verifyChain({ db: tx, tenantId: h.A }));
    expect(out).toMatchObject({ valid: true, blocks: 10, transactions: 12, broken: null, tipHeight: 10 });
  });

  it('a rolled-back publication leaves no block', async () => {
    await expect(
      h.s.platform.database.withTenant(h.A, async (tx) => {
        const { appendToChain } = await import('../chain.ledger.js');
        await appendToChain({ db: tx, tenantId: h.A } as never, [h.record(500).item]);
        throw new Error('publish failed later');
      }),
    ).rejects.toThrow(/publish failed/);
    expect((await h.ok<ChainSummary>('admin', 'GET', 'summary')).height).toBe(10);
  });
});

describe('append-only', () => {
  it('the application role may not UPDATE, DELETE or TRUNCATE blocks or transactions', async () => {
    for (const t of ['chain_blocks', 'chain_transactions']) {
      expect(await asApp(sql.raw(`update ${t} set tenant_id = tenant_id`))).toMatch(/permission denied/);
      expect(await asApp(sql.raw(`delete from ${t}`))).toMatch(/permission denied/);
      expect(await asApp(sql.raw(`truncate ${t}`))).toMatch(/permission denied/);
    }
  });

  it('even the owner is refused by the trigger', async () => {
    for (const t of ['chain_blocks', 'chain_transactions']) {
      expect(await asOwner([sql.raw(`update ${t} set tenant_id = tenant_id`)])).toMatch(/append-only/);
      expect(await asOwner([sql.raw(`delete from ${t}`)])).toMatch(/append-only/);
      expect(await asOwner([sql.raw(`truncate ${t}`)])).toMatch(/append-only/);
    }
    expect((await h.ok<ChainSummary>('admin', 'GET', 'summary')).transactions).toBe(12);
  });
});

describe('proofs and the browser', () => {
  it('a proof by record checks in the verifier a browser runs; a changed record does not', async () => {
    const { rec } = h.record(2);
    const p = await h.ok<ChainProof>('viewer', 'GET', 'proof?kind=trace.record&refId=2');
    expect(p).toMatchObject({ algorithm: 'sha256', tx: { blockHeight: 1, txIndex: 1 }, anchor: null });
    expect(verifyProof(p, rec, hashFnOf('sha256')).valid).toBe(true);
    expect(verifyProof(p, { ...rec, refId: 3 }, hashFnOf('sha256')).failed).toBe('data');
    const byTx = await h.ok<ChainProof>('viewer', 'GET', `tx/${p.tx.txHash}`);
    expect(byTx).toEqual(p);
  });

  it('lists blocks newest first, pages, and finds by height, block hash, tx hash and prefix', async () => {
    const page = await h.ok<Page<ChainBlock>>('viewer', 'GET', 'blocks?size=4&page=1');
    expect(page).toMatchObject({ totalElements: 10, totalPages: 3, number: 1, size: 4 });
    expect(page.content.map((b) => b.height)).toEqual([6, 5, 4, 3]);
    const b1 = await h.ok<ChainBlockDetail>('viewer', 'GET', 'blocks/1');
    const tx = b1.transactions[2]?.txHash as string;
    const find = (q: string) => h.ok<Page<ChainBlock>>('viewer', 'GET', `blocks?q=${q}`);
    expect((await find('2')).content.map((b) => b.height)).toEqual([2]);
    expect((await find(b1.blockHash)).content.map((b) => b.height)).toEqual([1]);
    expect((await find(tx)).content.map((b) => b.height)).toEqual([1]);
    expect((await find('nothing')).totalElements).toBe(0);
    expect(await h.ok('viewer', 'GET', `search?q=${tx.slice(0, 10)}`)).toEqual({
      kind: 'tx',
      height: 1,
      txHash: tx,
    });
    expect(await h.ok('viewer', 'GET', `search?q=${b1.blockHash.slice(0, 12)}`)).toMatchObject({
      kind: 'block',
      height: 1,
    });
    expect(await h.ok('viewer', 'GET', 'search?q=999')).toMatchObject({ kind: 'none' });
  });

  it('reports each published record with product, lot, version, tx and block, filtered', async () => {
    const all = await h.ok<Page<ChainReportRow>>('viewer', 'GET', 'report?size=100');
    expect(all.totalElements).toBe(12);
    // Block 10 is whichever of the concurrent appends came last.
    expect(all.content[0]).toMatchObject({
      blockHeight: 10,
      productName: '西湖龙井',
      version: 1,
      anchor: null,
    });
    expect(all.content[0]?.batchCode).toMatch(/^TB-10\d$/);
    const some = await h.ok<Page<ChainReportRow>>('viewer', 'GET', 'report?keyword=tb-10');
    expect(some.totalElements).toBe(8);
    expect(some.content.every((r) => r.batchCode?.startsWith('TB-10'))).toBe(true);
    expect((await h.ok<Page<ChainReportRow>>('viewer', 'GET', 'report?traceBatchId=4')).content).toHaveLength(
      1,
    );
    expect(
      (await h.ok<Page<ChainReportRow>>('viewer', 'GET', 'report?from=2000-01-01&to=2000-01-02'))
        .totalElements,
    ).toBe(0);
  });

  it('refuses malformed input with 400 and unknown ids with 404', async () => {
    expect((await h.refused(400, 'viewer', 'GET', 'tx/not-a-hash')).code).toMatch(/validation/);
    await h.refused(404, 'viewer', 'GET', `tx/${'0'.repeat(64)}`);
    await h.refused(400, 'viewer', 'GET', 'proof?kind=trace.record');
    await h.refused(404, 'viewer', 'GET', 'blocks/99');
    await h.refused(400, 'viewer', 'GET', 'blocks?size=1000');
    await h.refused(400, 'admin', 'POST', 'verify', { fromHeight: 5, toHeight: 2 });
  });
});

describe('another tenant and other roles', () => {
  it("tenant B sees none of A's ledger; A's tx hash is not found there", async () => {
    const b = await h.ok<ChainSummary>('adminB', 'GET', 'summary', undefined, h.B);
    expect(b).toMatchObject({ height: 0, transactions: 0, lastSealedAt: null, lastVerification: null });
    const p = await h.ok<ChainProof>('admin', 'GET', 'proof?kind=trace.record&refId=1');
    const res = await h.call('adminB', 'GET', `tx/${p.tx.txHash}`, undefined, h.B);
    expect(res.statusCode).toBe(404);
    expect((await h.ok<Page<ChainBlock>>('adminB', 'GET', 'blocks', undefined, h.B)).totalElements).toBe(0);
    const cross = await h.call('adminB', 'GET', 'summary');
    expect([403, 404]).toContain(cross.statusCode);
    // B's empty ledger verifies as empty, and B's run is not A's last verification.
    const run = await h.ok<ChainVerification>('adminB', 'POST', 'verify', {}, h.B);
    expect(run).toMatchObject({ status: 'valid', toHeight: 0, checkedBlocks: 0 });
    expect((await h.ok<ChainSummary>('admin', 'GET', 'summary')).lastVerification).toBeNull();
    const other = await h.call('admin', 'POST', 'verify', { runId: run.id });
    expect(other.statusCode).toBe(404);
  });

  it('a viewer may browse but not verify or retry anchoring', async () => {
    await h.refused(403, 'viewer', 'POST', 'verify', {});
    await h.refused(403, 'viewer', 'POST', 'anchors/1/retry');
    // Anchoring is off on this server: a retry says so rather than pretending.
    expect((await h.refused(409, 'admin', 'POST', 'anchors/1/retry')).code).toBe('wfpf.chain.anchorOff');
  });
});

describe('verification', () => {
  it('steps through the whole chain in slices and records the valid result', async () => {
    const { run, calls } = await runVerification();
    expect(run).toMatchObject({
      status: 'valid',
      fromHeight: 1,
      toHeight: 10,
      checkedBlocks: 10,
      checkedTransactions: 12,
      brokenHeight: null,
    });
    expect(calls).toBeGreaterThan(1);
    const s = await h.ok<ChainSummary>('viewer', 'GET', 'summary');
    expect(s.lastVerification).toMatchObject({ id: run.id, status: 'valid' });
    // A finished run cannot be continued.
    expect((await h.refused(409, 'admin', 'POST', 'verify', { runId: run.id })).code).toBe(
      'wfpf.chain.runFinished',
    );
  });

  it('names the first broken block after a superuser changes a transaction behind the trigger', async () => {
    const b6 = await h.ok<ChainBlockDetail>('viewer', 'GET', 'blocks/6');
    const out = await asOwner([
      sql`alter table chain_transactions disable trigger chain_transactions_no_change`,
      sql`update chain_transactions set meta = jsonb_set(meta, '{version}', '2') where tenant_id = ${h.A} and block_height = 6`,
      sql`alter table chain_transactions enable trigger chain_transactions_no_change`,
    ]);
    expect(out).toBe('done');
    const { run } = await runVerification();
    expect(run).toMatchObject({
      status: 'broken',
      brokenHeight: 6,
      reason: 'tx-hash',
      txIndex: 0,
      expected: b6.transactions[0]?.txHash,
      checkedBlocks: 5,
    });
    // A range before the change is still valid.
    expect((await runVerification({ toHeight: 5 })).run.status).toBe('valid');
    // The proof of the changed transaction no longer checks.
    const p = await h.ok<ChainProof>('viewer', 'GET', `tx/${b6.transactions[0]?.txHash}`);
    expect(verifyProof(p, undefined, hashFnOf('sha256')).failed).toBe('tx');
  });

  it('a deleted block is a missing height', async () => {
    const out = await asOwner([
      sql`alter table chain_blocks disable trigger chain_blocks_no_change`,
      sql`delete from chain_blocks where tenant_id = ${h.A} and height = 3`,
      sql`alter table chain_blocks enable trigger chain_blocks_no_change`,
    ]);
    expect(out).toBe('done');
    const { run } = await runVerification();
    expect(run).toMatchObject({ status: 'broken', brokenHeight: 3, reason: 'missing-height' });
  });
});
