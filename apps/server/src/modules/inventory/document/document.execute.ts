import type {
  InvAdjustAnswer,
  InvAdjustBody,
  InvDocDetail,
  InvDocType,
  InvExecuteBody,
  InvLegsAnswer,
  InvLegsBody,
  InvReverseBody,
} from '@tilth/contracts/inventory.document.types';
import { fromUnits, numText, plain } from '../../../platform/decimal.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { nextDocCode } from '../numbering/index.js';
import { findSkusForLines } from '../product/index.js';
import { submitDoc } from './document.approval.js';
import { countsAsConversion } from './document.convert.js';
import { InvDocErrors } from './document.errors.js';
import { totalsOf } from './document.lines.js';
import { type ExecItem, postItems } from './document.post.js';
import {
  addToLines,
  type DocRow,
  doneBySourceLine,
  insertDoc,
  type LineRow,
  linesById,
  lockDoc,
  patchDoc,
  rawLines,
  replaceLines,
  setLines,
  setLinesAndState,
} from './document.repository.js';
import { insertDocument, loadDetail, needType } from './document.service.js';
import { amountOf, execStateOf, q, qNum, qText } from './document.view.js';

// What happens to approved documents: executions (store / ship) that post to the ledger, a transfer's
// legs, a stocktake's adjustments, and reversals.

/** A locked, approved document of one of `types`, its version checked when given. */
const approvedDoc = async (
  ctx: TenantCtx,
  id: number,
  types: readonly InvDocType[],
  version?: number,
): Promise<DocRow> => {
  const doc = await lockDoc(ctx.db, ctx.tenantId, id);
  if (!doc) throw InvDocErrors.notFound();
  needType(ctx, doc.docType as InvDocType);
  if (!types.includes(doc.docType as InvDocType)) {
    throw InvDocErrors.notForThisType();
  }
  if (version !== undefined && doc.objectVersionNumber !== version) throw CommonErrors.stale();
  if (doc.auditState !== 'approved') throw InvDocErrors.notApproved();
  if (doc.reversalOfId !== null || doc.reversedFlag === 1) {
    throw InvDocErrors.reversedOrReversing();
  }
  return doc;
};

/** Does executing a child move its source's done quantity (what the source is measured by)? */
const propagates = (sourceType: string | null, childType: string): boolean =>
  sourceType === 'purchase_request' ||
  sourceType === 'return' ||
  (sourceType === 'transfer' && childType === 'warehousing');

/** Adds done (and converted) deltas to the source lines, then recomputes the source's exec state. */
const toSource = async (
  ctx: TenantCtx,
  doc: DocRow,
  deltas: readonly { sourceLineId: number | null; done: bigint; converted: bigint }[],
): Promise<void> => {
  if (!doc.sourceDocId) return;
  const moves = propagates(doc.sourceDocType, doc.docType);
  const counts = countsAsConversion(doc.sourceDocType ?? '', doc.docType);
  let touched = false;
  const changes: { lineId: number; done?: string; converted?: string }[] = [];
  for (const d of deltas) {
    if (!d.sourceLineId) continue;
    const done = moves && d.done !== 0n ? qText(d.done) : undefined;
    const converted = counts && d.converted !== 0n ? qText(d.converted) : undefined;
    if (!done && !converted) continue;
    changes.push({ lineId: d.sourceLineId, ...(done ? { done } : {}), ...(converted ? { converted } : {}) });
    touched = touched || done !== undefined;
  }
  await addToLines(ctx.db, ctx.tenantId, changes);
  if (!touched) return;
  const srcLines = await rawLines(ctx.db, ctx.tenantId, doc.sourceDocId);
  // The source's version is left alone: a child's progress is no edit of the source.
  await patchDoc(
    ctx.db,
    ctx.tenantId,
    doc.sourceDocId,
    ctx.user.id,
    { execState: execStateOf(srcLines) },
    false,
  );
};

/** Posts items, records them on the lines, the document's state and its source. */
const runExecution = async (
  ctx: TenantCtx,
  doc: DocRow,
  items: ExecItem[],
  bumpVersion: boolean,
  locked?: readonly LineRow[],
) => {
  await postItems(ctx, doc, items, false);
  const done = items.map((it) => ({
    lineId: it.line.id,
    doneQty: qText(q(it.line.doneQty) + q(it.quantity)),
    lotNo: it.lotNo,
    expiryDate: it.expiryDate,
  }));
  if (locked) {
    // Every line of the document locked by the caller: its state follows without reading them again, and
    // is written with the lines.
    const byId = new Map(done.map((d) => [d.lineId, d.doneQty]));
    const lines = locked.map((l) => ({ ...l, doneQty: byId.get(l.id) ?? l.doneQty }));
    await setLinesAndState(ctx.db, ctx.tenantId, doc.id, ctx.user.id, done, execStateOf(lines), bumpVersion);
  } else {
    await setLines(ctx.db, ctx.tenantId, done);
    const lines = await rawLines(ctx.db, ctx.tenantId, doc.id);
    await patchDoc(ctx.db, ctx.tenantId, doc.id, ctx.user.id, { execState: execStateOf(lines) }, bumpVersion);
  }
  await toSource(
    ctx,
    doc,
    items.map((it) => ({ sourceLineId: it.line.sourceLineId, done: q(it.quantity), converted: 0n })),
  );
};

/** A transfer receipt takes no more than was shipped towards it. */
const checkTransit = async (ctx: TenantCtx, doc: DocRow, items: readonly ExecItem[]) => {
  const ids = items.map((it) => it.line.sourceLineId).filter((x): x is number => x !== null);
  const shipped =
    doc.sourceDocType === 'shipment'
      ? new Map((await linesById(ctx.db, ctx.tenantId, ids)).map((l) => [l.id, l.doneQty]))
      : await doneBySourceLine(ctx.db, ctx.tenantId, ids, 'shipment');
  const received = await doneBySourceLine(ctx.db, ctx.tenantId, ids, 'warehousing');
  for (const it of items) {
    const id = it.line.sourceLineId;
    if (id === null) continue;
    const left = q(shipped.get(id)) - q(received.get(id));
    if (q(it.quantity) > left) {
      throw InvDocErrors.overExecution({
        line: it.line.lineNo,
        remaining: plain(qText(left > 0n ? left : 0n)),
        requested: plain(it.quantity),
      });
    }
  }
};

export class InvExecService {
  /** Stores (inbound) or ships (outbound) some or all of what remains of an approved document. */
  async execute(ctx: Ctx, id: number, body: InvExecuteBody): Promise<InvDocDetail> {
    requireTenant(ctx);
    const doc = await approvedDoc(ctx, id, ['warehousing', 'shipment'], body.objectVersionNumber);
    const lines = new Map((await rawLines(ctx.db, ctx.tenantId, id, true)).map((l) => [l.id, l]));
    const skus = await findSkusForLines(
      ctx.db,
      ctx.tenantId,
      [...lines.values()].map((l) => l.skuId),
    );
    const seen = new Set<number>();
    const items = body.lines.map((b, i): ExecItem => {
      const line = lines.get(b.lineId);
      if (!line) throw InvDocErrors.notLineOfDoc({ field: `lines[${i}].lineId` });
      if (seen.has(b.lineId)) throw InvDocErrors.lineTwice({ field: `lines[${i}].lineId` });
      seen.add(b.lineId);
      const quantity = numText(b.quantity, 4);
      const left = q(line.quantity) - q(line.doneQty);
      if (q(quantity) > left) {
        throw InvDocErrors.overExecution({
          line: line.lineNo,
          remaining: plain(qText(left)),
          requested: plain(quantity),
        });
      }
      const lotNo = b.lotNo ?? line.lotNo;
      if (lotNo !== line.lotNo && q(line.doneQty) !== 0n) {
        throw InvDocErrors.otherLot({ field: `lines[${i}].lotNo` });
      }
      const sku = skus.get(line.skuId);
      if (sku?.tracksLot && lotNo === '')
        throw InvDocErrors.requiredForProduct({ field: `lines[${i}].lotNo` });
      const expiryDate = b.expiryDate === undefined ? line.expiryDate : b.expiryDate;
      const receipt = doc.docType === 'warehousing' && doc.bizType !== 'transfer' && doc.bizType !== 'adjust';
      if (sku?.tracksExpiry && receipt && !expiryDate) {
        throw InvDocErrors.requiredForProduct({ field: `lines[${i}].expiryDate` });
      }
      return { line, quantity, lotNo, expiryDate };
    });
    if (doc.docType === 'warehousing' && doc.bizType === 'transfer') await checkTransit(ctx, doc, items);
    await runExecution(ctx, doc, items, true, [...lines.values()]);
    return loadDetail(ctx, id);
  }

  /**
   * A transfer's outbound leg (from → transit at the destination) and inbound leg (transit → stock), for
   * what remains; both are submitted at once (approved at once without a bound flow).
   */
  async legs(ctx: Ctx, id: number, body: InvLegsBody): Promise<InvLegsAnswer> {
    requireTenant(ctx);
    needType(ctx, 'shipment');
    needType(ctx, 'warehousing');
    const t = await approvedDoc(ctx, id, ['transfer']);
    const left = (await rawLines(ctx.db, ctx.tenantId, id, true))
      .map((l) => ({ l, n: q(l.quantity) - q(l.convertedQty) }))
      .filter((x) => x.n > 0n);
    if (left.length === 0) throw InvDocErrors.nothingToTransfer();
    const lines = left.map(({ l, n }) => ({
      skuId: l.skuId,
      unitId: l.unitId,
      quantity: qNum(n),
      unitPrice: l.unitPrice === null ? null : Number(l.unitPrice),
      lotNo: l.lotNo,
      expiryDate: l.expiryDate,
      sourceLineId: l.id,
    }));
    const docDate = body.docDate ?? today(ctx.timeZone);
    const common = { docDate, sourceDocId: t.id, handlerName: t.handlerName, lines };
    const out = await insertDocument(
      ctx,
      {
        ...common,
        docType: 'shipment',
        bizType: 'transfer',
        warehouseId: t.warehouseId,
        toWarehouseId: t.toWarehouseId,
      },
      { source: t, noShortage: true },
    );
    const inb = await insertDocument(
      ctx,
      { ...common, docType: 'warehousing', bizType: 'transfer', warehouseId: t.toWarehouseId as number },
      { source: t },
    );
    await submitDoc(ctx, out.doc, true, body.chosen);
    await submitDoc(ctx, inb.doc, true, body.chosen);
    return { outbound: await loadDetail(ctx, out.doc.id), inbound: await loadDetail(ctx, inb.doc.id) };
  }

  /** An approved stocktake's gains (inbound) and losses (outbound), approved and executed at once. */
  async adjust(ctx: Ctx, id: number, body: InvAdjustBody): Promise<InvAdjustAnswer> {
    requireTenant(ctx);
    const st = await approvedDoc(ctx, id, ['stocktake']);
    if (st.execState !== 'pending') throw InvDocErrors.alreadyAdjusted();
    const lines = await rawLines(ctx.db, ctx.tenantId, id, true);
    const docDate = body.docDate ?? today(ctx.timeZone);
    const made: Record<'inbound' | 'outbound', InvDocDetail | null> = { inbound: null, outbound: null };
    for (const [key, docType, sign] of [
      ['inbound', 'warehousing', 1n],
      ['outbound', 'shipment', -1n],
    ] as const) {
      const diffs = lines
        .map((l) => ({ l, d: sign * (q(l.quantity) - q(l.bookQty)) }))
        .filter((x) => x.d > 0n);
      if (diffs.length === 0) continue;
      const { doc } = await insertDocument(
        ctx,
        {
          docType,
          bizType: 'adjust',
          docDate,
          warehouseId: st.warehouseId,
          sourceDocId: st.id,
          remark: st.docCode,
          lines: diffs.map(({ l, d }) => ({
            skuId: l.skuId,
            unitId: l.unitId,
            quantity: qNum(d),
            lotNo: l.lotNo,
            expiryDate: l.expiryDate,
            sourceLineId: l.id,
          })),
        },
        { source: st, noShortage: true, approved: true },
      );
      const docLines = await rawLines(ctx.db, ctx.tenantId, doc.id, true);
      const items = docLines.map((line) => ({
        line,
        quantity: line.quantity,
        lotNo: line.lotNo,
        expiryDate: line.expiryDate,
      }));
      await runExecution(ctx, doc, items, false, docLines);
      made[key] = await loadDetail(ctx, doc.id, undefined, { fresh: true });
    }
    await setLinesAndState(
      ctx.db,
      ctx.tenantId,
      id,
      ctx.user.id,
      lines.map((l) => ({ lineId: l.id, doneQty: l.quantity, lotNo: l.lotNo, expiryDate: l.expiryDate })),
      'done',
      true,
    );
    return { stocktake: await loadDetail(ctx, id), ...made };
  }

  /**
   * The reversing document of an executed inbound / outbound: same type, negative lines of what was
   * executed, approved and posted at once; the original is flagged reversed and gives back to its source.
   */
  async reverse(ctx: Ctx, id: number, body: InvReverseBody): Promise<InvDocDetail> {
    requireTenant(ctx);
    const doc = await approvedDoc(ctx, id, ['warehousing', 'shipment'], body.objectVersionNumber);
    const lines = await rawLines(ctx.db, ctx.tenantId, id, true);
    const done = lines.filter((l) => q(l.doneQty) !== 0n);
    if (done.length === 0) throw InvDocErrors.nothingExecuted();
    const docDate = body.docDate ?? today(ctx.timeZone);
    const values = done.map((l) => {
      const quantity = qText(-q(l.doneQty));
      return {
        skuId: l.skuId,
        productId: l.productId,
        unitId: l.unitId,
        factor: l.factor,
        quantity,
        unitPrice: l.unitPrice,
        amount: l.unitPrice === null ? null : fromUnits(amountOf(quantity, l.unitPrice), 2),
        lotNo: l.lotNo,
        expiryDate: l.expiryDate,
        doneQty: quantity,
        remark: l.remark,
      };
    });
    const rev = await insertDoc(ctx.db, ctx.tenantId, ctx.user.id, {
      docType: doc.docType,
      docCode: await nextDocCode(ctx.db, ctx.tenantId, doc.docType, docDate),
      docDate,
      bizType: doc.bizType,
      warehouseId: doc.warehouseId,
      toWarehouseId: doc.toWarehouseId,
      businessId: doc.businessId,
      reversalOfId: doc.id,
      auditState: 'approved',
      execState: 'done',
      handlerName: doc.handlerName,
      remark: body.remark ?? null,
      ...totalsOf(values),
      areaId: doc.areaId,
    });
    await replaceLines(ctx.db, ctx.tenantId, rev.id, values, true);
    // Posted as the original's opposite, under the reversing document's number and lines.
    const revLines = await rawLines(ctx.db, ctx.tenantId, rev.id);
    await postItems(
      ctx,
      { ...doc, id: rev.id, docCode: rev.docCode, docDate },
      revLines.map((line) => ({
        line: { ...line, quantity: qText(-q(line.quantity)) } as LineRow,
        quantity: qText(-q(line.quantity)),
        lotNo: line.lotNo,
        expiryDate: line.expiryDate,
      })),
      true,
    );
    await patchDoc(ctx.db, ctx.tenantId, doc.id, ctx.user.id, { reversedFlag: 1 });
    await toSource(
      ctx,
      doc,
      lines.map((l) => ({ sourceLineId: l.sourceLineId, done: -q(l.doneQty), converted: -q(l.quantity) })),
    );
    return loadDetail(ctx, rev.id);
  }
}
