import type { Page } from '@tilth/contracts/common.types';
import { merklePathOf } from '@tilth/contracts/trace-chain.proof';
import type {
  ChainBlock,
  ChainBlockDetail,
  ChainProof,
  ChainReportRow,
  ChainSummary,
  ChainVerification,
  chainBlockListQuery,
  chainProofQuery,
  chainReportQuery,
  chainVerifyBody,
} from '@tilth/contracts/trace-chain.types';
import type { z } from 'zod';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { dayEnd, dayStart } from '../../../platform/time/zone.js';
import { CHAIN_ACCESS } from './chain.access.js';
import { type ChainSettings, parseChainSettings } from './chain.config.js';
import { ChainErrors } from './chain.errors.js';
import { hashFnOf } from './chain.hash.js';
import { chainProof, pickAnchor, toAnchor, toChainTx, verifyRange } from './chain.ledger.js';
import * as repo from './chain.repository.js';

// The ledger's console (issue 18 item 4): summary, block and transaction browser, the per-record report,
// verification in time-bounded slices, and the retry of failed anchoring.

type BlockQuery = z.output<typeof chainBlockListQuery>;
type ReportQuery = z.output<typeof chainReportQuery>;
type ProofQuery = z.output<typeof chainProofQuery>;
type VerifyBody = z.output<typeof chainVerifyBody>;

const HEX = /^[0-9a-f]+$/;

const toVerification = (r: repo.VerificationRow): ChainVerification => ({
  id: r.id,
  status: r.status as ChainVerification['status'],
  fromHeight: r.fromHeight,
  toHeight: r.toHeight,
  nextHeight: r.nextHeight,
  checkedBlocks: r.checkedBlocks,
  checkedTransactions: r.checkedTransactions,
  brokenHeight: r.brokenHeight,
  reason: r.reason as ChainVerification['reason'],
  txIndex: r.txIndex,
  expected: r.expected,
  actual: r.actual,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  durationMs: r.durationMs,
  startedBy: r.startedBy === null ? null : String(r.startedBy),
});

export class ChainService {
  private readonly settings: ChainSettings;

  constructor(platform: Platform) {
    this.settings = parseChainSettings(platform.config.chain);
  }

  async summary(ctx: Ctx): Promise<ChainSummary> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.view);
    const provider = this.settings.anchor;
    // One after the other: the request's transaction is one connection.
    const totals = await repo.ledgerTotals(ctx.db, ctx.tenantId);
    const counts = await repo.anchorCounts(ctx.db, ctx.tenantId, provider);
    const last = await repo.lastVerification(ctx.db, ctx.tenantId);
    const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
    return {
      height: totals.height,
      transactions: totals.transactions,
      lastSealedAt: totals.lastSealedAt?.toISOString() ?? null,
      algorithm: this.settings.algorithm,
      anchorProvider: provider,
      anchors: {
        pending: n('pending'),
        anchoring: n('anchoring'),
        anchored: n('anchored'),
        failed: n('failed'),
      },
      lastVerification: last ? toVerification(last) : null,
    };
  }

  private async withAnchors(ctx: Ctx & { tenantId: number }, rows: repo.BlockRow[]): Promise<ChainBlock[]> {
    const anchors = await repo.anchorsOf(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.height),
    );
    return rows.map((b) => {
      const a = pickAnchor(anchors.filter((x) => x.height === b.height));
      return {
        height: b.height,
        blockHash: b.blockHash,
        prevHash: b.prevHash,
        merkleRoot: b.merkleRoot,
        txCount: b.txCount,
        algorithm: b.algorithm,
        sealedAt: b.sealedAt.toISOString(),
        anchor: a ? toAnchor(a) : null,
      };
    });
  }

  async blocks(ctx: Ctx, q: BlockQuery): Promise<Page<ChainBlock>> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.view);
    const f: Parameters<typeof repo.listBlocks>[2] = { provider: this.settings.anchor };
    if (q.anchorStatus) f.anchorStatus = q.anchorStatus;
    const text = q.q?.toLowerCase();
    if (text) {
      if (/^\d{1,15}$/.test(text)) f.height = Number(text);
      else if (HEX.test(text) && text.length >= 8) {
        // A block hash, or the hash of a transaction in the block (whole or its first digits).
        const byBlock = await repo.blockHeightByHash(ctx.db, ctx.tenantId, text);
        const byTx = await repo.findTx(
          ctx.db,
          ctx.tenantId,
          text.length === 64 ? { txHash: text } : { txHashPrefix: text },
        );
        f.heightIn = [byBlock, byTx?.blockHeight].filter((h): h is number => h !== undefined);
      } else f.heightIn = [];
    }
    const { rows, total } = await repo.listBlocks(ctx.db, ctx.tenantId, f, q.size, q.page * q.size);
    return pageAnswer(await this.withAnchors(ctx, rows), total, q);
  }

  async block(ctx: Ctx, height: number): Promise<ChainBlockDetail> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.view);
    const b = await repo.findBlock(ctx.db, ctx.tenantId, height);
    if (!b) throw ChainErrors.blockNotFound();
    const txs = await repo.txsOfBlock(ctx.db, ctx.tenantId, height);
    const [shown] = await this.withAnchors(ctx, [b]);
    const next = await repo.findBlock(ctx.db, ctx.tenantId, height + 1);
    const hashes = txs.map((t) => t.txHash);
    const hash = hashFnOf(b.algorithm === 'sm3' ? 'sm3' : 'sha256');
    // Path lengths of a promoted-odd-node tree differ by leaf; compute them from the tree itself.
    const lengths =
      txs.length <= 1 ? txs.map(() => 0) : txs.map((_, i) => merklePathOf(hash, hashes, i).length);
    return {
      ...(shown as ChainBlock),
      tenantId: b.tenantId,
      transactions: txs.map((t, i) => ({ ...toChainTx(t), pathLength: lengths[i] ?? 0 })),
      nextHeight: next ? next.height : null,
    };
  }

  async proof(ctx: Ctx, q: ProofQuery): Promise<ChainProof> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.view);
    const by =
      q.txHash !== undefined ? { txHash: q.txHash } : { kind: q.kind as string, refId: q.refId as number };
    const p = await chainProof(ctx, by);
    if (!p) throw ChainErrors.txNotFound();
    return p;
  }

  async search(ctx: Ctx, text: string) {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.view);
    const q = text.trim().toLowerCase();
    const none = { kind: 'none' as const, height: null, txHash: null };
    if (/^\d{1,15}$/.test(q)) {
      const b = await repo.findBlock(ctx.db, ctx.tenantId, Number(q));
      if (b) return { kind: 'block' as const, height: b.height, txHash: null };
      // All digits may also be a hash prefix (about 1 in 110 ten-character prefixes is): look there too.
      if (q.length < 8) return none;
    }
    if (!HEX.test(q) || q.length < 8) return none;
    const byBlock = await repo.blockHeightByHash(ctx.db, ctx.tenantId, q);
    if (byBlock !== undefined) return { kind: 'block' as const, height: byBlock, txHash: null };
    const tx = await repo.findTx(ctx.db, ctx.tenantId, q.length === 64 ? { txHash: q } : { txHashPrefix: q });
    return tx ? { kind: 'tx' as const, height: tx.blockHeight, txHash: tx.txHash } : none;
  }

  async report(ctx: Ctx, q: ReportQuery): Promise<Page<ChainReportRow>> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.report);
    const { rows, total } = await repo.listReport(
      ctx.db,
      ctx.tenantId,
      {
        keyword: q.keyword || undefined,
        traceBatchId: q.traceBatchId,
        from: q.from ? dayStart(q.from, ctx.timeZone) : undefined,
        to: q.to ? dayEnd(q.to, ctx.timeZone) : undefined,
        anchorStatus: q.anchorStatus,
        provider: this.settings.anchor,
      },
      q.size,
      q.page * q.size,
    );
    const anchors = await repo.anchorsOf(ctx.db, ctx.tenantId, [...new Set(rows.map((r) => r.blockHeight))]);
    const num = (v: unknown) =>
      typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
    const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
    const content = rows.map((r) => {
      const a = pickAnchor(anchors.filter((x) => x.height === r.blockHeight));
      return {
        txHash: r.txHash,
        blockHeight: r.blockHeight,
        txIndex: r.txIndex,
        refId: r.refId,
        traceBatchId: num(r.meta.traceBatchId),
        batchCode: str(r.meta.batchCode),
        productName: str(r.meta.productName),
        version: num(r.meta.version),
        dataHash: r.dataHash,
        createdAt: r.createdAt.toISOString(),
        anchor: a ? toAnchor(a) : null,
      };
    });
    return pageAnswer(content, total, q);
  }

  /**
   * One slice of a verification run (a new run when no runId): checks blocks for at most
   * TILTH_CHAIN_VERIFY_SLICE_MS and answers the run; the console calls again while it is running and shows
   * nextHeight / toHeight as progress. The cursor is the server's, so no block can be skipped.
   */
  async verify(ctx: Ctx, b: VerifyBody): Promise<ChainVerification> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.verify);
    const started = Date.now();
    let run: repo.VerificationRow | undefined;
    if (b.runId !== undefined) {
      run = await repo.findVerification(ctx.db, ctx.tenantId, b.runId, true);
      if (!run) throw ChainErrors.runNotFound();
      if (run.status !== 'running') throw ChainErrors.runFinished();
    } else {
      const tip = (await repo.tipBlock(ctx.db, ctx.tenantId))?.height ?? 0;
      const from = b.fromHeight ?? 1;
      const to = Math.min(b.toHeight ?? tip, tip);
      run = await repo.insertVerification(ctx.db, {
        tenantId: ctx.tenantId,
        fromHeight: from,
        toHeight: to,
        nextHeight: from,
        startedBy: ctx.user.id,
      });
    }
    const deadline = started + this.settings.verifySliceMs;
    let timedOut = false;
    const v =
      run.nextHeight <= run.toHeight
        ? await verifyRange(ctx.db, ctx.tenantId, run.nextHeight, run.toHeight, () => {
            timedOut = Date.now() >= deadline;
            return timedOut;
          })
        : null;
    const nextHeight = v ? v.expectedHeight : run.nextHeight;
    const broken = v?.broken ?? null;
    // Out of blocks before the end of the asked range: the heights left are missing.
    const done = broken !== null || nextHeight > run.toHeight || !timedOut;
    const gapAtEnd = !broken && done && nextHeight <= run.toHeight;
    const finished = done ? new Date() : null;
    const updated = await repo.updateVerification(ctx.db, ctx.tenantId, run.id, {
      nextHeight,
      checkedBlocks: run.checkedBlocks + (v?.blocks ?? 0),
      checkedTransactions: run.checkedTransactions + (v?.transactions ?? 0),
      durationMs: run.durationMs + (Date.now() - started),
      status: !done ? 'running' : broken || gapAtEnd ? 'broken' : 'valid',
      brokenHeight: broken?.height ?? (gapAtEnd ? nextHeight : null),
      reason: broken?.reason ?? (gapAtEnd ? 'missing-height' : null),
      txIndex: broken?.txIndex ?? null,
      expected: broken?.expected ?? null,
      actual: broken?.actual ?? null,
      finishedAt: finished,
    });
    return toVerification(updated);
  }

  async retryAnchors(ctx: Ctx, height?: number): Promise<{ retried: number }> {
    requireTenant(ctx);
    requireAccess(ctx, CHAIN_ACCESS.anchor);
    if (height !== undefined && !(await repo.findBlock(ctx.db, ctx.tenantId, height)))
      throw ChainErrors.blockNotFound();
    if (this.settings.anchor === 'none') throw ChainErrors.anchorOff();
    const retried = await repo.retryAnchors(ctx.db, ctx.tenantId, this.settings.anchor, height);
    if (height !== undefined && retried === 0) throw ChainErrors.anchorNotFailed({ height });
    return { retried };
  }
}
