import type { Page } from '@tilth/contracts/common.types';
import type {
  TraceBatch,
  TraceBatchDetail,
  TraceHarvest,
  TraceOverview,
} from '@tilth/contracts/trace-catalog.types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTraceBatchForCodes, traceBatches, traceRecords } from '../index.js';
import { type CatalogHarness, catalogHarness } from './catalog-helpers.js';

let h: CatalogHarness;
let tea = 0;
let productId = 0;
let harvested = 0;
let closed = 0;
let growing = 0;
let otherTenants = 0;
beforeAll(async () => {
  h = await catalogHarness();
  tea = await h.crop('茶叶');
  productId = (await h.product(tea, { productName: '春茶', shelfLifeDays: 365, gtin: '6901234567892' }))
    .traceProductId;
  harvested = await h.farmBatch(tea, 'harvested', h.tA, 500);
  closed = await h.farmBatch(tea, 'closed');
  growing = await h.farmBatch(tea, 'growing');
  otherTenants = await h.farmBatch(await h.crop('茶叶', h.tB), 'harvested', h.tB);
});
afterAll(async () => {
  await h.s.close();
});

const lot = (batchCode: string, extra: Record<string, unknown> = {}) => ({
  traceProductId: productId,
  batchCode,
  sources: [{ farmBatchId: harvested, quantity: 200 }, { farmBatchId: closed }],
  productionDate: '2026-07-05',
  inspections: [
    { name: '农残检测', agency: '安溪质检站', date: '2026-07-04', result: 'pass', items: '62 项' },
  ],
  ...extra,
});

/** Marks the batch published as part D's publish does (status, version, a record). */
const markPublished = (id: number) =>
  h.s.platform.database.withTenant(h.tA, async (tx) => {
    await tx
      .update(traceBatches)
      .set({ status: 'published', version: 1, publishedAt: new Date() })
      .where(and(eq(traceBatches.tenantId, h.tA), eq(traceBatches.id, id)));
    await tx.insert(traceRecords).values({
      tenantId: h.tA,
      traceBatchId: id,
      version: 1,
      record: {} as never,
      recordHash: 'ab'.repeat(32),
      txHash: 'cd'.repeat(32),
      publishedBy: h.s.fixtures.users.adminA.id,
    });
  });

describe('trace batches', () => {
  it('lists only harvested or closed farm batches of this tenant to pick from', async () => {
    const page = await h.ok<Page<TraceHarvest>>('admin', 'GET', 'harvests?size=0');
    const ids = page.content.map((x) => x.farmBatchId);
    expect(ids).toEqual(expect.arrayContaining([harvested, closed]));
    expect(ids).not.toContain(growing);
    expect(ids).not.toContain(otherTenants);
    expect(page.content.find((x) => x.farmBatchId === harvested)).toMatchObject({
      cropName: '茶叶',
      harvestDate: '2026-07-01',
      harvestQuantity: '500.00',
    });
  });

  it('creates a draft with its harvests, defaulting expiry to production + shelf life, and filters the list', async () => {
    const b = await h.ok<TraceBatch>('admin', 'POST', 'batches', lot('LOT-2026-001'));
    expect(b).toMatchObject({
      batchCode: 'LOT-2026-001',
      productName: '春茶',
      gtin: '06901234567892',
      status: 'draft',
      version: 0,
      expiryDate: '2027-07-05',
      effectivePlaceOfOrigin: '福建安溪',
      placeOfOrigin: null,
    });
    expect(b.sources.map((s) => [s.farmBatchId, s.quantity])).toEqual(
      expect.arrayContaining([
        [harvested, '200.000'],
        [closed, null],
      ]),
    );
    const byCode = await h.ok<Page<TraceBatch>>('admin', 'GET', 'batches?batchCode=2026-0&status=draft');
    expect(byCode.content.map((x) => x.traceBatchId)).toEqual([b.traceBatchId]);
    const outOfRange = await h.ok<Page<TraceBatch>>('admin', 'GET', 'batches?from=2026-08-01');
    expect(outOfRange.totalElements).toBe(0);
    const inRange = await h.ok<Page<TraceBatch>>(
      'admin',
      'GET',
      `batches?from=2026-07-01&to=2026-07-31&traceProductId=${productId}`,
    );
    expect(inRange.totalElements).toBe(1);
    // Edits take back what the GET answered.
    const detail = await h.ok<TraceBatchDetail>('admin', 'GET', `batches/${b.traceBatchId}`);
    const edited = await h.ok<TraceBatch>('admin', 'PUT', 'batches', {
      ...detail,
      weight: 180,
      placeOfOrigin: '安溪感德镇',
    });
    expect(edited).toMatchObject({
      weight: '180.000',
      effectivePlaceOfOrigin: '安溪感德镇',
      objectVersionNumber: 2,
    });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'batches', {
      ...detail,
      weight: 1,
    });
  });

  it("refuses a growing batch, another tenant's batch, a repeated one, too much quantity and a bad lot code (400)", async () => {
    const before = (await h.ok<Page<TraceBatch>>('admin', 'GET', 'batches?size=0')).totalElements;
    const grow = await h.refused(
      400,
      'wfpf.trace.batch.notHarvested',
      'admin',
      'POST',
      'batches',
      lot('LOT-X1', { sources: [{ farmBatchId: growing }] }),
    );
    expect(grow.message).toContain('not harvested');
    await h.refused(
      400,
      'wfpf.trace.batch.harvestNotFound',
      'admin',
      'POST',
      'batches',
      lot('LOT-X2', { sources: [{ farmBatchId: otherTenants }] }),
    );
    await h.refused(
      400,
      'wfpf.trace.batch.harvestDuplicate',
      'admin',
      'POST',
      'batches',
      lot('LOT-X3', { sources: [{ farmBatchId: harvested }, { farmBatchId: harvested }] }),
    );
    const over = await h.refused(
      400,
      'wfpf.trace.batch.quantityOverHarvest',
      'admin',
      'POST',
      'batches',
      lot('LOT-X4', { sources: [{ farmBatchId: harvested, quantity: 501 }] }),
    );
    expect(over.message).toContain('500');
    await h.refused(
      400,
      'wfpf.trace.batch.expiryBeforeProduction',
      'admin',
      'POST',
      'batches',
      lot('LOT-X5', { expiryDate: '2026-01-01' }),
    );
    for (const code of ['LOT 1', 'LOT/1', 'A'.repeat(21), '批次1']) {
      const body = await h.refused(400, 'error.validation', 'admin', 'POST', 'batches', lot(code));
      expect(body.message).toContain('batchCode');
    }
    await h.refused(
      400,
      'wfpf.trace.batch.productNotFound',
      'admin',
      'POST',
      'batches',
      lot('LOT-X6', { traceProductId: 999999 }),
    );
    expect((await h.ok<Page<TraceBatch>>('admin', 'GET', 'batches?size=0')).totalElements).toBe(before);
  });

  it('refuses a lot code twice (409)', async () => {
    await h.ok('admin', 'POST', 'batches', lot('LOT-DUP'));
    await h.refused(409, 'wfpf.trace.batch.codeTaken', 'admin', 'POST', 'batches', lot('LOT-DUP'));
  });

  it('freezes a published batch (409), withdraws it, shows its versions, and never deletes it', async () => {
    const b = await h.ok<TraceBatch>('admin', 'POST', 'batches', lot('LOT-PUB'));
    await h.refused(
      409,
      'wfpf.trace.batch.notPublished',
      'admin',
      'POST',
      `batches/${b.traceBatchId}/withdraw`,
      { objectVersionNumber: 1 },
    );
    await markPublished(b.traceBatchId);
    const pub = await h.ok<TraceBatchDetail>('admin', 'GET', `batches/${b.traceBatchId}`);
    expect(pub).toMatchObject({ status: 'published', version: 1 });
    expect(pub.versions).toEqual([
      expect.objectContaining({ version: 1, publishedByName: 'adminA', txHash: 'cd'.repeat(32) }),
    ]);
    const frozen = await h.refused(409, 'wfpf.trace.batch.published', 'admin', 'PUT', 'batches', {
      ...pub,
      remark: '改',
    });
    expect(frozen.message).toContain('published (version 1)');
    const zh = await h.refused(
      409,
      undefined,
      'admin',
      'PUT',
      'batches',
      { ...pub, remark: '改' },
      h.tA,
      'zh-CN',
    );
    expect(zh.message).toContain('已发布');
    await h.refused(409, 'wfpf.trace.batch.everPublished', 'admin', 'DELETE', `batches/${b.traceBatchId}`);
    await h.refused(403, undefined, 'viewer', 'POST', `batches/${b.traceBatchId}/withdraw`, {
      objectVersionNumber: pub.objectVersionNumber,
    });
    const w = await h.ok<TraceBatch>('admin', 'POST', `batches/${b.traceBatchId}/withdraw`, {
      objectVersionNumber: pub.objectVersionNumber,
    });
    expect(w.status).toBe('withdrawn');
    await h.refused(409, 'wfpf.trace.batch.everPublished', 'admin', 'DELETE', `batches/${b.traceBatchId}`);
    // Withdrawn: editable again for the next version.
    const again = await h.ok<TraceBatch>('admin', 'PUT', 'batches', { ...w, remark: '修订' });
    expect(again.remark).toBe('修订');
  });

  it('deletes a draft; another tenant sees and touches nothing', async () => {
    const b = await h.ok<TraceBatch>('admin', 'POST', 'batches', lot('LOT-DRAFT'));
    await h.refused(
      404,
      'wfpf.trace.batch.notFound',
      'adminB',
      'GET',
      `batches/${b.traceBatchId}`,
      undefined,
      h.tB,
    );
    await h.refused(404, undefined, 'adminB', 'DELETE', `batches/${b.traceBatchId}`, undefined, h.tB);
    const theirs = await h.ok<Page<TraceBatch>>('adminB', 'GET', 'batches?size=0', undefined, h.tB);
    expect(theirs.totalElements).toBe(0);
    await h.refused(
      409,
      'error.objectVersionNumber.stale',
      'admin',
      'DELETE',
      `batches/${b.traceBatchId}?objectVersionNumber=7`,
    );
    await h.ok('admin', 'DELETE', `batches/${b.traceBatchId}?objectVersionNumber=1`);
    await h.refused(404, undefined, 'admin', 'GET', `batches/${b.traceBatchId}`);
  });

  it('counts the overview and answers the read helper for codes', async () => {
    const o = await h.ok<TraceOverview>('admin', 'GET', 'overview');
    expect(o.products).toBe(1);
    expect(o.batches).toBe(o.draft + o.published + o.withdrawn);
    expect(o.withdrawn).toBe(1);
    const oB = await h.ok<TraceOverview>('adminB', 'GET', 'overview', undefined, h.tB);
    expect(oB).toMatchObject({ products: 0, batches: 0 });
    const list = await h.ok<Page<TraceBatch>>('admin', 'GET', 'batches?batchCode=LOT-2026-001');
    const id = list.content[0]?.traceBatchId ?? 0;
    const forCodes = await h.s.platform.database.withTenant(h.tA, (db) =>
      findTraceBatchForCodes(
        { db, tenantId: h.tA, user: { id: 1 }, lang: 'en-US', permissions: new Set() } as never,
        id,
      ),
    );
    expect(forCodes).toMatchObject({
      batchCode: 'LOT-2026-001',
      gtin: '06901234567892',
      status: 'draft',
      codePrefix: null,
    });
    const fromB = await h.s.platform.database.withTenant(h.tB, (db) =>
      findTraceBatchForCodes(
        { db, tenantId: h.tB, user: { id: 1 }, lang: 'en-US', permissions: new Set() } as never,
        id,
      ),
    );
    expect(fromB).toBeUndefined();
  });
});
