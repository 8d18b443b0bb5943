import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import type { ChainAlgorithm } from '@tilth/contracts/trace-chain.proof';
import { verifyProof } from '@tilth/contracts/trace-chain.proof';
import type { ChainProof } from '@tilth/contracts/trace-chain.types';
import type { TracePublicProof } from '@tilth/contracts/trace-public.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { type PublishedTrace, publishedTraceBatch } from '../catalog/index.js';
import { canonicalHash, chainBlockLinked, chainProof, NODE_HASHES } from '../chain/index.js';
import { recordTraceScan, resolveTraceSerial } from '../code/index.js';
import type { ProofSummary, ScanInfo } from './public.page.js';

// What the signed-out trace page shows, reached by a code's serial or a lot number of ctx's tenant. Only
// a published (or withdrawn) batch's current record is ever answered; an unknown serial, a draft batch or
// another tenant's serial all answer the same 404, so a code reveals nothing else of the tenant.

const gone = () => CommonErrors.notFound();

/** How a visitor reached the page: a code's serial (counted as a scan) or a lot printed on a carton. */
export type TraceKey = { serial: string } | { lot: string };

export interface TraceView {
  published: PublishedTrace;
  scan: ScanInfo;
  /** The counted scan the page may add a coarse place to (serial visits only). */
  place?: { serial: string; scanNo: number; token: string } | undefined;
}

const tenantOf = (ctx: Ctx): number => {
  if (ctx.tenantId === null) throw gone();
  return ctx.tenantId;
};

/** The published trace a key leads to (no scan recorded), or 404. */
const lookup = async (ctx: Ctx, key: TraceKey): Promise<{ published: PublishedTrace; voided: boolean }> => {
  const tenantId = tenantOf(ctx);
  if ('serial' in key) {
    const code = await resolveTraceSerial(ctx, key.serial);
    if (!code) throw gone();
    const published = await ctx.transact((db) =>
      publishedTraceBatch(db, tenantId, { id: code.traceBatchId }),
    );
    if (!published) throw gone();
    return { published, voided: code.voided };
  }
  const published = await ctx.transact((db) => publishedTraceBatch(db, tenantId, { batchCode: key.lot }));
  if (!published) throw gone();
  return { published, voided: false };
};

/**
 * The server's own check of a stored record against the ledger: the record re-hashed with the block's
 * algorithm is the transaction's dataHash, the proof (transaction, Merkle path, block hash) holds, and the
 * block is linked into the chain (its neighbours' hashes agree).
 */
export const checkRecord = async (
  ctx: Ctx,
  published: PublishedTrace,
): Promise<{ proof: ChainProof | null; verdict: TracePublicProof['verdict']; linked: boolean }> => {
  const tenantId = tenantOf(ctx);
  const proof = await ctx.transact(async (db) =>
    chainProof({ db, tenantId }, { kind: 'trace.record', refId: published.recordId }),
  );
  if (!proof) return { proof: null, verdict: 'unproved', linked: false };
  const hash = NODE_HASHES[proof.algorithm as ChainAlgorithm];
  if (!hash) return { proof, verdict: 'mismatch', linked: false };
  const linked = await ctx.transact((db) => chainBlockLinked({ db, tenantId }, proof.block));
  let rehash: string | null = null;
  try {
    rehash = canonicalHash(published.record, proof.algorithm as ChainAlgorithm);
  } catch {
    rehash = null;
  }
  const ok =
    rehash !== null &&
    rehash === proof.tx.dataHash &&
    rehash === published.recordHash &&
    proof.tx.refId === published.recordId &&
    verifyProof(proof, published.record, hash).valid &&
    linked;
  return { proof, verdict: ok ? 'verified' : 'mismatch', linked };
};

export const proofSummary = (
  published: PublishedTrace,
  check: Awaited<ReturnType<typeof checkRecord>>,
): ProofSummary => ({
  status: check.verdict,
  recordHash: published.recordHash,
  algorithm: check.proof?.algorithm,
  blockHeight: check.proof?.block.height,
  txHash: check.proof?.tx.txHash,
  blockHash: check.proof?.block.blockHash,
  anchors: check.proof?.anchor
    ? [
        {
          provider: check.proof.anchor.provider,
          status: check.proof.anchor.status,
          externalRef: check.proof.anchor.externalRef,
        },
      ]
    : [],
});

export class TracePublicService {
  /**
   * The page's content; a serial's visit is recorded as a scan (without any location) unless `count` is
   * false (a HEAD, which link previewers send: it shows nothing, so it is no scan).
   */
  async view(ctx: Ctx, key: TraceKey, count = true): Promise<TraceView> {
    requireAccess(ctx, 'public');
    const { published, voided } = await lookup(ctx, key);
    if (!('serial' in key)) return { published, scan: { kind: 'lot' } };
    if (!count) return { published, scan: voided ? { kind: 'void' } : { kind: 'lot' } };
    const scan = await recordTraceScan(ctx, {
      serial: key.serial,
      userAgent: ctx.origin?.userAgent ?? null,
      clientIp: ctx.origin?.ip ?? null,
    });
    if (!scan) throw gone();
    if (voided || scan.voided) return { published, scan: { kind: 'void' } };
    return {
      published,
      place: { serial: key.serial, scanNo: scan.scanNo, token: scan.placeToken },
      scan:
        scan.scanNo <= 1
          ? { kind: 'first' }
          : {
              kind: 'repeat',
              count: scan.scanNo,
              firstAt: scan.firstScanAt.toISOString(),
              suspicious: scan.suspicious,
            },
    };
  }

  /** The proof JSON the page's script re-checks: the record as stored, its proof and the server's verdict. */
  async proof(ctx: Ctx, key: TraceKey): Promise<TracePublicProof> {
    requireAccess(ctx, 'public');
    const { published } = await lookup(ctx, key);
    const check = await checkRecord(ctx, published);
    return {
      record: published.record,
      recordHash: published.recordHash,
      proof: check.proof,
      verdict: check.verdict,
      linked: check.linked,
    };
  }

  /** Picture `index` of the current record, when `version` is the current one: its stored file URL. */
  async imageUrl(ctx: Ctx, key: TraceKey, version: number, index: number): Promise<string> {
    requireAccess(ctx, 'public');
    const { published } = await lookup(ctx, key);
    if (published.record.version !== version) throw gone();
    const img = published.record.images[index];
    if (!img) throw gone();
    return img.url;
  }

  /** The asset key of the current record's promo video, when `version` is the current one. */
  async videoKey(ctx: Ctx, key: TraceKey, version: number): Promise<string> {
    requireAccess(ctx, 'public');
    const { published } = await lookup(ctx, key);
    if (published.record.version !== version) throw gone();
    const v = published.record.promoVideo;
    if (!v) throw gone();
    return v.assetKey;
  }
}

export type { TracePublicRecord };
