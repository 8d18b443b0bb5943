import type { Page } from '@tilth/contracts/common.types';
import type {
  TracePublishAnswer,
  TracePublishBody,
  TraceRecordVersion,
} from '@tilth/contracts/trace-public.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { footprintOfFarmBatches } from '../../carbon/footprint/index.js';
import { appendToChain, canonicalHash } from '../chain/index.js';
import { PublishErrors } from './publish.errors.js';
import { type AssembleRefusal, assembleRecord } from './record.assembler.js';
import * as repo from './record.repository.js';

// Publishing a trace batch (issue 18 items 3 and 4): assemble the record from the farm's records, hash it,
// store it as the next version and append its hash to the ledger — all in the request's transaction, so
// a failure anywhere leaves neither a record without a ledger entry nor a ledger entry without a record.

const PUBLISH = 'wfpf.farm.trace.index.ps.publish';
const READ = 'wfpf.farm.trace.index';

const REFUSALS: Record<AssembleRefusal, () => Error> = {
  noProduct: () => PublishErrors.noProduct(),
  noSource: () => PublishErrors.noSource(),
  notHarvested: () => PublishErrors.notHarvested(),
};

const toVersion = (
  r: {
    id: number;
    traceBatchId?: number;
    version: number;
    recordHash: string;
    txHash: string | null;
    publishedAt: Date;
    publishedBy: number | null;
  },
  traceBatchId: number,
): TraceRecordVersion => ({
  recordId: r.id,
  traceBatchId,
  version: r.version,
  recordHash: r.recordHash,
  txHash: r.txHash,
  publishedAt: r.publishedAt.toISOString(),
  publishedBy: r.publishedBy,
});

export class PublishService {
  async publish(ctx: Ctx, id: number, body: TracePublishBody): Promise<TracePublishAnswer> {
    requireTenant(ctx);
    requireAccess(ctx, PUBLISH);
    const batch = await repo.findTraceBatchRow(ctx.db, ctx.tenantId, id);
    if (!batch) throw PublishErrors.batchNotFound();
    // A withdrawn batch may come back: publishing it again makes the next version, live again.
    if (batch.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const version = Math.max(batch.version, await repo.lastRecordVersion(ctx.db, ctx.tenantId, id)) + 1;
    const publishedAt = new Date();
    const record = await assembleRecord(ctx.db, {
      tenantId: ctx.tenantId,
      timeZone: ctx.timeZone,
      batch,
      version,
      publishedAt,
      // The carbon domain's figure, computed in this transaction from the same farm records.
      footprintOf: (ids) => footprintOfFarmBatches(ctx, ids),
    });
    if (typeof record === 'string') throw REFUSALS[record]();
    const recordHash = canonicalHash(record);
    const stored = await repo.insertTraceRecord(ctx.db, {
      tenantId: ctx.tenantId,
      traceBatchId: id,
      version,
      record,
      recordHash,
      publishedAt,
      publishedBy: ctx.user.id,
    });
    const [sealed] = await appendToChain(ctx, [
      {
        kind: 'trace.record',
        refId: stored.id,
        dataHash: recordHash,
        meta: { batchCode: batch.batchCode, version, productName: record.product.name.slice(0, 200) },
      },
    ]);
    if (!sealed) throw new Error('ledger sealed nothing');
    await repo.setRecordTx(ctx.db, ctx.tenantId, stored.id, sealed.txHash);
    const marked = await repo.markPublished(ctx.db, ctx.tenantId, id, {
      expected: body.objectVersionNumber,
      version,
      publishedAt,
      userId: ctx.user.id,
    });
    // A concurrent edit between the read and here: the whole transaction (record, block) rolls back.
    if (!marked) throw CommonErrors.stale();
    return {
      ...toVersion({ ...stored, txHash: sealed.txHash }, id),
      blockHeight: sealed.blockHeight,
      objectVersionNumber: marked.objectVersionNumber,
    };
  }

  /** Every published version of a batch, newest first (older versions stay provable). */
  async records(ctx: Ctx, id: number, q: { page: number; size: number }): Promise<Page<TraceRecordVersion>> {
    requireTenant(ctx);
    requireAccess(ctx, READ);
    const batch = await repo.findTraceBatchRow(ctx.db, ctx.tenantId, id);
    if (!batch) throw PublishErrors.batchNotFound();
    const rows = await repo.recordsOfBatch(ctx.db, ctx.tenantId, id);
    const all = q.size === 0;
    const slice = all ? rows : rows.slice(q.page * q.size, (q.page + 1) * q.size);
    return pageAnswer(
      slice.map((r) => toVersion(r, id)),
      rows.length,
      q,
    );
  }
}
