import type {
  AgriDoc,
  AgriDocCreateBody,
  AgriDocLine,
  AgriDocListQuery,
  AgriDocType,
  AgriDocUpdateBody,
} from '@tilth/contracts/agricultural.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { DocAuditState } from '@tilth/contracts/workflow.docs';
import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { WorkflowErrors } from '../../workflow/approval/index.js';
import { findBase } from '../area/index.js';
import { amountCents, fromUnits, num, numText, toUnits } from './agricultural.decimal.js';
import { AgriculturalErrors } from './agricultural.errors.js';
import { submitDoc } from './document.approval.js';
import {
  type DocValues,
  type DocView,
  type DocWrite,
  deleteDoc,
  docCodesWithPrefix,
  docCodeTaken,
  findDoc,
  insertDoc,
  type LineValues,
  type LineView,
  linesOf,
  listDocs,
  lockDoc,
  lockDocCodes,
  replaceLines,
  updateDoc,
} from './document.repository.js';
import { docChanges, moveStock } from './document.stock.js';
import { findInputsShared, type InputRow } from './input.repository.js';

/** Read by the page's code; written by the inbound (warehousing) or outbound (shipment) action. */
export const DOC_ACCESS = {
  warehousing: {
    read: 'wfpf.farm.farm.agricultural-agricultural-warehousing',
    write: 'wfpf.farm.farm.agricultural.ps.inbound',
  },
  shipment: {
    read: 'wfpf.farm.farm.agricultural-agricultural-shipment',
    write: 'wfpf.farm.farm.agricultural.ps.outbound',
  },
} as const satisfies Record<AgriDocType, { read: PermissionCode; write: PermissionCode }>;

/** RK (入库, in) and CK (出库, out) + '-' + yyyyMMdd + '-' + the day's serial. */
const CODE_PREFIX: Record<AgriDocType, string> = { warehousing: 'RK', shipment: 'CK' };

const toLine = (l: LineView): AgriDocLine => ({
  lineId: l.id,
  lineNo: l.lineNo,
  inputId: l.inputId,
  inputCode: l.inputCode,
  inputName: l.inputName,
  category: l.category,
  specification: l.specification,
  unit: l.unit,
  quantity: num(l.quantity),
  unitPrice: l.unitPrice === null ? null : Number(l.unitPrice),
  amount: l.unitPrice === null ? null : num(fromUnits(amountCents(l.quantity, l.unitPrice), 2)),
});

const asAgriDoc = (d: DocView, lines: LineView[], withLines: boolean): AgriDoc => {
  let total = 0n;
  for (const l of lines) if (l.unitPrice !== null) total += amountCents(l.quantity, l.unitPrice);
  return {
    docId: d.id,
    docType: d.docType,
    docCode: d.docCode,
    areaId: d.areaId,
    areaName: d.areaName,
    docDate: d.docDate,
    counterparty: d.counterparty,
    handler: d.handler,
    remark: d.remark,
    lineCount: lines.length,
    totalAmount: num(fromUnits(total, 2)),
    objectVersionNumber: d.objectVersionNumber,
    creationDate: d.creationDate.toISOString(),
    auditState: d.auditState as DocAuditState,
    processId: d.processId,
    ...(withLines ? { lines: lines.map(toLine) } : {}),
  };
};

/** The stock-relevant content of a document: base and quantity per input, for 'did anything move'. */
const stockShape = (areaId: number, lines: readonly { inputId: number; quantity: string }[]): string =>
  `${areaId}|${lines
    .map((l) => `${l.inputId}:${toUnits(l.quantity, 3)}`)
    .sort()
    .join(',')}`;

export class AgriDocService {
  async list(ctx: Ctx, type: AgriDocType, q: AgriDocListQuery): Promise<Page<AgriDoc>> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].read);
    if (q.startDate && q.endDate && q.startDate > q.endDate) {
      throw CommonErrors.validation({ detail: 'startDate may not be later than endDate' });
    }
    const all = q.size === 0;
    const { rows, total } = await listDocs(
      ctx.db,
      ctx.tenantId,
      type,
      {
        docCode: q.docCode?.trim() || undefined,
        areaId: q.areaId,
        startDate: q.startDate,
        endDate: q.endDate,
        auditState: q.auditState,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const lines = await linesOf(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) =>
        asAgriDoc(
          r,
          lines.filter((l) => l.documentId === r.id),
          false,
        ),
      ),
      total,
      q,
    );
  }

  async get(ctx: Ctx, type: AgriDocType, id: number): Promise<AgriDoc> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].read);
    return this.load(ctx, type, id);
  }

  async create(ctx: Ctx, type: AgriDocType, body: AgriDocCreateBody): Promise<AgriDoc> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].write);
    await this.checkArea(ctx, body.areaId);
    const lines = await this.checkLines(ctx, body.lines, new Set());
    await lockDocCodes(ctx.db, ctx.tenantId, type);
    const docCode = body.docCode ?? (await this.nextCode(ctx, type));
    if (await docCodeTaken(ctx.db, ctx.tenantId, docCode))
      throw AgriculturalErrors.docCodeExists({ code: docCode });
    const values = this.valuesOf(body, docCode);
    const doc = this.written(await insertDoc(ctx.db, ctx.tenantId, ctx.user.id, type, values), docCode);
    await replaceLines(ctx.db, ctx.tenantId, doc.id, lines);
    // With a flow bound the document waits as 'submitted' and moves no stock until approved.
    await submitDoc(
      ctx,
      type,
      { id: doc.id, docCode, areaId: body.areaId, docDate: body.docDate },
      lines,
      true,
      body.chosen,
    );
    return this.load(ctx, type, doc.id);
  }

  /** Replaces header and lines; stock moves by reversing the old lines and applying the new ones. */
  async update(ctx: Ctx, type: AgriDocType, body: AgriDocUpdateBody): Promise<AgriDoc> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].write);
    const current = await lockDoc(ctx.db, ctx.tenantId, type, body.docId);
    if (!current) throw AgriculturalErrors.docNotFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (current.auditState === 'submitted') throw WorkflowErrors.docNotEditable();
    await this.checkArea(ctx, body.areaId);
    const old = await linesOf(ctx.db, ctx.tenantId, [current.id]);
    const lines = await this.checkLines(ctx, body.lines, new Set(old.map((l) => l.inputId)));
    const docCode = body.docCode ?? current.docCode;
    if (docCode !== current.docCode && (await docCodeTaken(ctx.db, ctx.tenantId, docCode, current.id))) {
      throw AgriculturalErrors.docCodeExists({ code: docCode });
    }
    const res = await updateDoc(
      ctx.db,
      ctx.tenantId,
      type,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      this.valuesOf(body, docCode),
    );
    if (!res) throw CommonErrors.stale();
    this.written(res, docCode);
    // A header-only edit (remark, handler…) leaves the stock and its record alone; a draft or rejected
    // document never moved any.
    if (
      current.auditState === 'approved' &&
      stockShape(current.areaId, old) !== stockShape(body.areaId, lines)
    ) {
      await moveStock(ctx, [
        ...docChanges(type, { ...current, docCode }, old, true),
        ...docChanges(
          type,
          { id: current.id, docCode, areaId: body.areaId, docDate: body.docDate },
          lines,
          false,
        ),
      ]);
    }
    await replaceLines(ctx.db, ctx.tenantId, current.id, lines);
    return this.load(ctx, type, current.id);
  }

  /** Deletes a document and reverses its stock movements (refused when that would go below zero). */
  async remove(
    ctx: Ctx,
    type: AgriDocType,
    id: number,
    version: number | undefined,
  ): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].write);
    const current = await lockDoc(ctx.db, ctx.tenantId, type, id);
    if (!current) throw AgriculturalErrors.docNotFound();
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (current.auditState === 'submitted') throw WorkflowErrors.docNotEditable();
    if (current.auditState === 'approved') {
      const old = await linesOf(ctx.db, ctx.tenantId, [current.id]);
      await moveStock(ctx, [...docChanges(type, current, old, true)]);
    }
    await deleteDoc(ctx.db, ctx.tenantId, type, current.id);
    return { success: true };
  }

  /** Sends a draft (withdrawn) or rejected document into approval again (approved at once when unbound). */
  async submit(
    ctx: Ctx,
    type: AgriDocType,
    id: number,
    version: number | undefined,
    chosen?: ChosenAssignees,
  ): Promise<AgriDoc> {
    requireTenant(ctx);
    requireAccess(ctx, DOC_ACCESS[type].write);
    const current = await lockDoc(ctx.db, ctx.tenantId, type, id);
    if (!current) throw AgriculturalErrors.docNotFound();
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (current.auditState !== 'draft' && current.auditState !== 'rejected') {
      throw WorkflowErrors.docNotEditable();
    }
    const lines = await linesOf(ctx.db, ctx.tenantId, [current.id]);
    await submitDoc(ctx, type, current, lines, false, chosen);
    return this.load(ctx, type, current.id);
  }

  private async load(ctx: TenantCtx, type: AgriDocType, id: number): Promise<AgriDoc> {
    const doc = await findDoc(ctx.db, ctx.tenantId, type, id);
    if (!doc) throw AgriculturalErrors.docNotFound();
    return asAgriDoc(doc, await linesOf(ctx.db, ctx.tenantId, [id]), true);
  }

  private async checkArea(ctx: TenantCtx, areaId: number): Promise<void> {
    if (!(await findBase(ctx.db, ctx.tenantId, areaId))) throw AgriculturalErrors.areaNotFound();
  }

  /**
   * Each input once (spec 03 §5), each existing in the tenant and enabled unless the document already
   * held it; a missing unit price takes the catalogue price.
   */
  private async checkLines(
    ctx: TenantCtx,
    body: AgriDocCreateBody['lines'],
    kept: ReadonlySet<number>,
  ): Promise<LineValues[]> {
    const inputs = new Map<number, InputRow>();
    for (const r of await findInputsShared(
      ctx.db,
      ctx.tenantId,
      body.map((l) => l.inputId),
    )) {
      inputs.set(r.id, r);
    }
    const seen = new Set<number>();
    return body.map((l, i) => {
      const input = inputs.get(l.inputId);
      if (!input) throw AgriculturalErrors.lineInputNotFound({ line: i + 1 });
      if (seen.has(l.inputId)) throw AgriculturalErrors.duplicateInput({ name: input.inputName });
      seen.add(l.inputId);
      if (input.enabledFlag !== 1 && !kept.has(l.inputId)) {
        throw AgriculturalErrors.lineInputDisabled({ line: i + 1, name: input.inputName });
      }
      const unitPrice =
        l.unitPrice === undefined || l.unitPrice === null ? input.price : numText(l.unitPrice, 2);
      return { inputId: l.inputId, quantity: numText(l.quantity, 3), unitPrice };
    });
  }

  private valuesOf(body: AgriDocCreateBody, docCode: string): DocValues {
    return {
      docCode,
      areaId: body.areaId,
      docDate: body.docDate,
      counterparty: body.counterparty ?? null,
      handler: body.handler ?? null,
      remark: body.remark ?? null,
    };
  }

  /** Prefix + today (the tenant's time zone) + the next serial of the tenant's day; called under lockDocCodes. */
  private async nextCode(ctx: TenantCtx, type: AgriDocType): Promise<string> {
    const prefix = `${CODE_PREFIX[type]}-${today(ctx.timeZone).replaceAll('-', '')}-`;
    const serial = new RegExp(`^${prefix}(\\d{1,9})$`);
    let max = 0;
    for (const code of await docCodesWithPrefix(ctx.db, ctx.tenantId, prefix)) {
      const n = Number(serial.exec(code)?.[1] ?? 0);
      if (n > max) max = n;
    }
    return `${prefix}${String(max + 1).padStart(3, '0')}`;
  }

  private written(res: DocWrite, code: string) {
    if ('conflict' in res) throw AgriculturalErrors.docCodeExists({ code });
    return res.row;
  }
}
