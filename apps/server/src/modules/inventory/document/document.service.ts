import { randomUUID } from 'node:crypto';
import type { Page } from '@tilth/contracts/common.types';
import {
  INV_BIZ_TYPES_BY_DOC,
  INV_DOC_TYPES,
  type InvBizType,
  type InvConvertAnswer,
  type InvDoc,
  type InvDocCreateBody,
  type InvDocDetail,
  type InvDocListQuery,
  type InvDocType,
  type InvDocUpdateBody,
  type InvDocWarning,
  type InvStocktakeBookQuery,
  type InvStocktakeBookRow,
  invDocPermission,
} from '@tilth/contracts/inventory.document.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { num } from '../../../platform/decimal.js';
import { CommonErrors } from '../../../platform/errors.js';
import { hasPermission, requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { boundDefinition } from '../../workflow/approval/index.js';
import { nextDocCode } from '../numbering/index.js';
import { findSkusForLines } from '../product/index.js';
import { APPROVAL_TYPE, submitDoc } from './document.approval.js';
import { type ChildHeader, convertPrefill, linkLines, lockSource } from './document.convert.js';
import { InvDocErrors } from './document.errors.js';
import { captureBook, checkLines, checkShortage, totalsOf } from './document.lines.js';
import { findBusiness, findWarehouses, shortagePolicy, stocktakeBook } from './document.lookup.js';
import {
  type DocRow,
  deleteDoc,
  findDocRow,
  findDocView,
  insertDoc,
  type LineValues,
  linesOf,
  listDocs,
  lockDoc,
  patchDoc,
  rawLines,
  relatedOf,
  replaceLines,
  updateDoc,
} from './document.repository.js';
import { toDoc, toLine, toLink } from './document.view.js';

// Documents' life before they move stock: list, read, create (with conversions), edit, delete, submit.

/** The document type's page code; conversions and actions ask for the target's. */
export const needType = (ctx: Ctx, docType: InvDocType): void =>
  requireAccess(ctx, invDocPermission(docType) as PermissionCode);

/** Every document type's page code (a route admits any of them; the service checks the type's). */
export const ANY_DOC_ACCESS = INV_DOC_TYPES.map((t) => invDocPermission(t) as PermissionCode);

const SUPPLIER_BIZ = new Set<string>(['purchase', 'supplier_return']);
const CUSTOMER_BIZ = new Set<string>(['sale', 'customer_return']);

export interface HeaderInput {
  docDate?: string | undefined;
  bizType?: InvBizType | undefined;
  warehouseId: number;
  toWarehouseId?: number | null | undefined;
  businessId?: number | null | undefined;
  arrivalDate?: string | null | undefined;
  handlerName?: string | null | undefined;
  remark?: string | null | undefined;
}

/** The header's checked values: business type, warehouses and counterparty, the warehouse's base. */
export const checkHeader = async (ctx: TenantCtx, docType: InvDocType, h: HeaderInput, current?: DocRow) => {
  const to = h.toWarehouseId ?? null;
  const bizType: InvBizType =
    h.bizType ??
    (docType === 'shipment' && to !== null ? 'transfer' : (INV_BIZ_TYPES_BY_DOC[docType][0] as InvBizType));
  if (!INV_BIZ_TYPES_BY_DOC[docType].includes(bizType)) {
    throw InvDocErrors.badBizType({ field: 'bizType' });
  }
  const whs = await findWarehouses(ctx.db, ctx.tenantId, to === null ? [h.warehouseId] : [h.warehouseId, to]);
  const wh = whs.get(h.warehouseId);
  if (!wh) throw InvDocErrors.noSuchWarehouse({ field: 'warehouseId' });
  if (wh.enabledFlag !== 1 && current?.warehouseId !== wh.id)
    throw InvDocErrors.warehouseDisabled({ field: 'warehouseId' });
  const needsTo = docType === 'transfer' || (docType === 'shipment' && bizType === 'transfer');
  if (needsTo && to === null) throw InvDocErrors.required({ field: 'toWarehouseId' });
  if (!needsTo && to !== null) throw InvDocErrors.notUsed({ field: 'toWarehouseId' });
  if (to !== null) {
    const t = whs.get(to);
    if (!t) throw InvDocErrors.noSuchWarehouse({ field: 'toWarehouseId' });
    if (to === h.warehouseId) throw InvDocErrors.sameAs({ field: 'toWarehouseId', other: 'warehouseId' });
    if (t.enabledFlag !== 1 && current?.toWarehouseId !== to)
      throw InvDocErrors.warehouseDisabled({ field: 'toWarehouseId' });
  }
  if (h.businessId) {
    const partner = await findBusiness(ctx.db, ctx.tenantId, h.businessId);
    if (!partner) throw InvDocErrors.noSuchPartner({ field: 'businessId' });
    // Buying and returning to a supplier need a supplier; selling and customer returns a customer.
    const wants = SUPPLIER_BIZ.has(bizType) ? 'customer' : CUSTOMER_BIZ.has(bizType) ? 'supplier' : null;
    if (wants !== null && partner.category === wants) {
      const name = partner.businessName;
      throw wants === 'customer'
        ? InvDocErrors.notSupplier({ field: 'businessId', name })
        : InvDocErrors.notCustomer({ field: 'businessId', name });
    }
  }
  if (h.arrivalDate && h.docDate && h.arrivalDate < h.docDate) {
    throw InvDocErrors.earlierThan({ field: 'arrivalDate', other: 'docDate' });
  }
  return {
    bizType,
    warehouse: wh,
    values: {
      bizType,
      warehouseId: wh.id,
      toWarehouseId: to,
      businessId: h.businessId ?? null,
      arrivalDate: h.arrivalDate ?? null,
      handlerName: h.handlerName ?? null,
      remark: h.remark ?? null,
      areaId: wh.areaId,
    },
  };
};

export interface Saved {
  doc: DocRow;
  warnings: InvDocWarning[];
}

export interface InsertOptions {
  /** A source the caller locked and checked itself (transfer legs, stocktake adjustments). */
  source?: DocRow;
  /** Skip the save-time shortage check (the execution that follows checks). */
  noShortage?: boolean;
  /** Save under a provisional code; the caller takes the number last, with `numberLast`. */
  deferNumber?: boolean;
  /** Saved already approved (submitted with no approval flow bound to the type). */
  approved?: boolean;
}

/**
 * Takes the document's number and writes it over the provisional code. The number's row lock serialises
 * every creator of the type and period until commit, so the less the transaction does after it, the more
 * documents per second (50 clients queued on it: 8 of 10 connections waiting, bench:inventory-post).
 */
export const numberLast = async (ctx: TenantCtx, doc: DocRow): Promise<string> => {
  const docCode = await nextDocCode(ctx.db, ctx.tenantId, doc.docType as InvDocType, doc.docDate);
  await patchDoc(ctx.db, ctx.tenantId, doc.id, ctx.user.id, { docCode }, false);
  return docCode;
};

/** Links lines to the source unless it is a stocktake (adjustments take differences, not quantities). */
const linkTo = (ctx: TenantCtx, src: DocRow, docType: string, lines: readonly LineValues[], sign: 1 | -1) =>
  src.docType === 'stocktake' ? Promise.resolve() : linkLines(ctx, src, docType, lines, sign);

/** The locked source of a document being saved: system-made children (legs, adjustments) skip the rules. */
const sourceOf = async (ctx: TenantCtx, id: number, child: ChildHeader): Promise<DocRow> => {
  const src = await lockDoc(ctx.db, ctx.tenantId, id);
  if (src && (src.docType === 'transfer' || src.docType === 'stocktake')) return src;
  return lockSource(ctx, id, child);
};

/** Validates and inserts a document with its lines (and conversion links); no access check, no submit. */
export const insertDocument = async (
  ctx: TenantCtx,
  body: InvDocCreateBody,
  opts: InsertOptions = {},
): Promise<Saved> => {
  const docType = body.docType;
  const header = await checkHeader(ctx, docType, body);
  if (docType === 'warehousing' && header.bizType === 'transfer' && !body.sourceDocId) {
    throw InvDocErrors.receiptNeedsSource({ field: 'sourceDocId' });
  }
  const { values: lines, skus } = await checkLines(
    ctx,
    docType,
    header.bizType,
    body.lines,
    new Set(),
    opts.source?.docType === 'stocktake',
  );
  let src: DocRow | undefined = opts.source;
  if (!src && body.sourceDocId) {
    src = await lockSource(ctx, body.sourceDocId, {
      docType,
      bizType: header.bizType,
      warehouseId: header.warehouse.id,
    });
  }
  if (src) await linkTo(ctx, src, docType, lines, 1);
  else if (lines.some((l) => l.sourceLineId)) throw InvDocErrors.sourceLineWithoutSource({ field: 'lines' });
  if (docType === 'stocktake') await captureBook(ctx, header.warehouse.id, lines);
  const warnings =
    docType === 'shipment' && header.warehouse.allowNegative !== 1 && !opts.noShortage
      ? await checkShortage(ctx, header.warehouse.id, lines, skus, await shortagePolicy(ctx.db, ctx.tenantId))
      : [];
  const docDate = body.docDate ?? today(ctx.timeZone);
  // The number is taken last: a refused document takes none, and a rollback gives it back (gap-free).
  // A provisional code is unique and seen by no other transaction (the row is not committed yet).
  const docCode = opts.deferNumber
    ? `~${randomUUID()}`
    : await nextDocCode(ctx.db, ctx.tenantId, docType, docDate);
  const doc = await insertDoc(ctx.db, ctx.tenantId, ctx.user.id, {
    docType,
    docCode,
    docDate,
    ...header.values,
    sourceDocId: src?.id ?? null,
    sourceDocType: src?.docType ?? null,
    ...totalsOf(lines),
    ...(opts.approved ? { auditState: 'approved' } : {}),
  });
  await replaceLines(ctx.db, ctx.tenantId, doc.id, lines, true);
  return { doc, warnings };
};

/** A document with lines, links and states (GET /documents/{id} and every write's answer). */
export const loadDetail = async (
  ctx: TenantCtx,
  id: number,
  warnings?: InvDocWarning[],
  opts: { fresh?: boolean } = {},
): Promise<InvDocDetail> => {
  const d = await findDocView(ctx.db, ctx.tenantId, id);
  if (!d) throw InvDocErrors.notFound();
  // One after another: the request's transaction is one connection.
  const lines = await linesOf(ctx.db, ctx.tenantId, [id]);
  // A document saved in this request has nothing converted from or reversing it yet.
  const { children, reversedBy } = opts.fresh
    ? { children: [], reversedBy: undefined }
    : await relatedOf(ctx.db, ctx.tenantId, id);
  const source = d.sourceDocId ? await findDocRow(ctx.db, ctx.tenantId, d.sourceDocId) : undefined;
  const reversalOf = d.reversalOfId ? await findDocRow(ctx.db, ctx.tenantId, d.reversalOfId) : undefined;
  return {
    ...toDoc(d),
    lines: lines.map((l) => toLine(d.docType, l)),
    source: source ? toLink(source) : null,
    children: children.map(toLink),
    reversalOf: reversalOf ? toLink(reversalOf) : null,
    reversedBy: reversedBy ? toLink(reversedBy) : null,
    ...(warnings && warnings.length > 0 ? { warnings } : {}),
  };
};

/** A draft or rejected document of the tenant, locked, its version checked when one is given. */
const editable = async (ctx: TenantCtx, id: number, version: number | undefined): Promise<DocRow> => {
  const doc = await lockDoc(ctx.db, ctx.tenantId, id);
  if (!doc) throw InvDocErrors.notFound();
  needType(ctx, doc.docType as InvDocType);
  if (version !== undefined && doc.objectVersionNumber !== version) throw CommonErrors.stale();
  if (doc.auditState !== 'draft' && doc.auditState !== 'rejected') throw InvDocErrors.notEditable();
  return doc;
};

/** Gives a document's conversion back to its source (before its lines change or it is deleted). */
const unlinkSource = async (ctx: TenantCtx, doc: DocRow, lines: readonly LineValues[]) => {
  if (!doc.sourceDocId) return;
  const src = await lockDoc(ctx.db, ctx.tenantId, doc.sourceDocId);
  if (src) await linkTo(ctx, src, doc.docType, lines, -1);
};

export class InvDocService {
  async list(ctx: Ctx, query: InvDocListQuery): Promise<Page<InvDoc>> {
    requireTenant(ctx);
    if (query.docType) needType(ctx, query.docType);
    const types = query.docType
      ? [query.docType]
      : INV_DOC_TYPES.filter((t) => hasPermission(ctx, invDocPermission(t) as PermissionCode));
    if (types.length === 0) throw CommonErrors.forbidden();
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
      throw InvDocErrors.laterThan({ field: 'dateFrom', other: 'dateTo' });
    }
    const { limit, offset } = pageWindow(query);
    const { rows, total } = await listDocs(
      ctx.db,
      ctx.tenantId,
      { ...query, docTypes: types, docCode: query.docCode?.trim() || undefined },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toDoc), total, query);
  }

  async get(ctx: Ctx, id: number): Promise<InvDocDetail> {
    requireTenant(ctx);
    const doc = await findDocRow(ctx.db, ctx.tenantId, id);
    if (!doc) throw InvDocErrors.notFound();
    needType(ctx, doc.docType as InvDocType);
    return loadDetail(ctx, id);
  }

  async create(ctx: Ctx, body: InvDocCreateBody): Promise<InvDocDetail> {
    requireTenant(ctx);
    needType(ctx, body.docType);
    // A bound flow records the number when submitted, so then it is taken before; otherwise at the end.
    const bound = body.submit && (await boundDefinition(ctx.db, ctx.tenantId, APPROVAL_TYPE[body.docType]));
    const late = !bound;
    // Submitting with no flow bound approves at once: saved approved, without a second binding read.
    const { doc, warnings } = await insertDocument(ctx, body, {
      deferNumber: late,
      approved: body.submit === true && !bound,
    });
    if (bound) await submitDoc(ctx, doc, true, body.chosen);
    const detail = await loadDetail(ctx, doc.id, warnings, { fresh: true });
    return late ? { ...detail, docCode: await numberLast(ctx, doc) } : detail;
  }

  /** Replaces header and lines of a draft or rejected document; a stocktake counts its book again. */
  async update(ctx: Ctx, id: number, body: InvDocUpdateBody): Promise<InvDocDetail> {
    requireTenant(ctx);
    const doc = await editable(ctx, id, body.objectVersionNumber);
    const docType = doc.docType as InvDocType;
    const header = await checkHeader(ctx, docType, body, doc);
    const old = await rawLines(ctx.db, ctx.tenantId, id);
    const kept = new Set(old.map((l) => l.skuId));
    const { values: lines, skus } = await checkLines(ctx, docType, header.bizType, body.lines, kept);
    if (doc.sourceDocId) {
      await unlinkSource(ctx, doc, old);
      const src = await sourceOf(ctx, doc.sourceDocId, {
        docType,
        bizType: header.bizType,
        warehouseId: header.warehouse.id,
      });
      await linkTo(ctx, src, docType, lines, 1);
    } else if (lines.some((l) => l.sourceLineId)) {
      throw InvDocErrors.sourceLineWithoutSource({ field: 'lines' });
    }
    if (docType === 'stocktake') await captureBook(ctx, header.warehouse.id, lines);
    const warnings =
      docType === 'shipment' && header.warehouse.allowNegative !== 1
        ? await checkShortage(
            ctx,
            header.warehouse.id,
            lines,
            skus,
            await shortagePolicy(ctx.db, ctx.tenantId),
          )
        : [];
    const docDate = body.docDate ?? doc.docDate;
    const res = await updateDoc(ctx.db, ctx.tenantId, id, body.objectVersionNumber, ctx.user.id, {
      docDate,
      ...header.values,
      ...totalsOf(lines),
    });
    if (!res) throw CommonErrors.stale();
    await replaceLines(ctx.db, ctx.tenantId, id, lines);
    return loadDetail(ctx, id, warnings);
  }

  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    const doc = await editable(ctx, id, version);
    await unlinkSource(ctx, doc, await rawLines(ctx.db, ctx.tenantId, id));
    await deleteDoc(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  /** Submits a draft, or resubmits a rejected document (approved at once when no flow is bound). */
  async submit(
    ctx: Ctx,
    id: number,
    version: number | undefined,
    chosen: ChosenAssignees | undefined,
  ): Promise<InvDocDetail> {
    requireTenant(ctx);
    const doc = await editable(ctx, id, version);
    await submitDoc(ctx, doc, false, chosen);
    return loadDetail(ctx, id);
  }

  async convert(ctx: Ctx, id: number, to: InvDocType): Promise<InvConvertAnswer> {
    requireTenant(ctx);
    needType(ctx, to);
    const src = await findDocRow(ctx.db, ctx.tenantId, id);
    if (!src) throw InvDocErrors.notFound();
    return convertPrefill(ctx, src, to);
  }

  async book(ctx: Ctx, query: InvStocktakeBookQuery): Promise<InvStocktakeBookRow[]> {
    requireTenant(ctx);
    needType(ctx, 'stocktake');
    if (!(await findWarehouses(ctx.db, ctx.tenantId, [query.warehouseId])).get(query.warehouseId)) {
      throw InvDocErrors.noSuchWarehouse({ field: 'warehouseId' });
    }
    const rows = await stocktakeBook(ctx.db, ctx.tenantId, query.warehouseId, query.skuIds);
    // A SKU asked for that the warehouse never held is on the books at 0.
    const held = new Set(rows.map((r) => r.skuId));
    const missing = (query.skuIds ?? []).filter((id) => !held.has(id));
    const skus = await findSkusForLines(ctx.db, ctx.tenantId, [...held, ...missing]);
    const named = (skuId: number, lotNo: string, bookQty: number): InvStocktakeBookRow | [] => {
      const sku = skus.get(skuId);
      if (!sku) return [];
      return {
        skuId,
        skuCode: sku.skuCode,
        skuName: sku.skuName,
        productId: sku.productId,
        productCode: sku.productCode,
        productName: sku.productName,
        specification: sku.specification,
        lotNo,
        stockUnitId: sku.stockUnitId,
        stockUnitName: sku.stockUnitName,
        bookQty,
      };
    };
    const out = [
      ...rows.flatMap((r) => named(r.skuId, r.lotNo, num(r.quantity))),
      ...missing.flatMap((id) => named(id, '', 0)),
    ];
    return out;
  }
}
