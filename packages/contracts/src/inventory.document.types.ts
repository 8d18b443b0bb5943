import { z } from 'zod';
import { batchDate } from './batch.types.js';
import {
  blankAsUnset,
  bodyId,
  queryId as id,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  tenantParam,
  trimmedText,
  updateBodyOf,
} from './common.types.js';
import { DOC_AUDIT_STATES } from './workflow.docs.js';
import { chosenAssignees } from './workflow.types.js';

// Inventory documents (spec 01 §2.5 prment/*, ADR 0014): purchase requests, inbound (warehousing), outbound
// (shipment), transfers, returns and stocktakes in one shape. Only inbound and outbound move stock, by their
// executions after approval; the others convert into them. Paths: /wfpf/v1/{t}/inventory/documents….

export const INV_DOC_TYPES = [
  'purchase_request',
  'warehousing',
  'shipment',
  'transfer',
  'return',
  'stocktake',
] as const;
export type InvDocType = (typeof INV_DOC_TYPES)[number];

/** What kind of movement within a type. */
export const INV_BIZ_TYPES = [
  'purchase',
  'sale',
  'transfer',
  'customer_return',
  'supplier_return',
  'adjust',
  'stocktake',
  'other',
] as const;
export type InvBizType = (typeof INV_BIZ_TYPES)[number];

/** The business types each document type allows; the first is the default when none is sent. */
export const INV_BIZ_TYPES_BY_DOC: Record<InvDocType, readonly InvBizType[]> = {
  purchase_request: ['purchase'],
  warehousing: ['purchase', 'other', 'transfer', 'customer_return', 'adjust'],
  shipment: ['sale', 'other', 'transfer', 'supplier_return', 'adjust'],
  transfer: ['transfer'],
  return: ['customer_return', 'supplier_return'],
  stocktake: ['stocktake'],
};

/** Computed from the lines: nothing done yet, some, all. */
export const INV_EXEC_STATES = ['pending', 'partial', 'done'] as const;
export type InvExecState = (typeof INV_EXEC_STATES)[number];

/** The page (and permission code `wfpf.inventory.prment.<page>`) of each document type. */
export const INV_DOC_PAGES: Record<InvDocType, string> = {
  purchase_request: 'aplionform',
  warehousing: 'warehousing',
  shipment: 'shipment',
  transfer: 'transfer',
  return: 'return',
  stocktake: 'inventory_form',
};
export const invDocPermission = (docType: InvDocType) => `wfpf.inventory.prment.${INV_DOC_PAGES[docType]}`;

type Label = { 'zh-CN': string; 'en-US': string };

export const INV_DOC_TYPE_LABELS: Record<InvDocType, Label> = {
  purchase_request: { 'zh-CN': '采购申请', 'en-US': 'Purchase request' },
  warehousing: { 'zh-CN': '入库单', 'en-US': 'Inbound order' },
  shipment: { 'zh-CN': '出库单', 'en-US': 'Outbound order' },
  transfer: { 'zh-CN': '调拨单', 'en-US': 'Transfer' },
  return: { 'zh-CN': '退货单', 'en-US': 'Return' },
  stocktake: { 'zh-CN': '盘点单', 'en-US': 'Stocktake' },
};

export const INV_BIZ_TYPE_LABELS: Record<InvBizType, Label> = {
  purchase: { 'zh-CN': '采购', 'en-US': 'Purchase' },
  sale: { 'zh-CN': '销售', 'en-US': 'Sale' },
  transfer: { 'zh-CN': '调拨', 'en-US': 'Transfer' },
  customer_return: { 'zh-CN': '客户退货', 'en-US': 'Customer return' },
  supplier_return: { 'zh-CN': '退货给供应商', 'en-US': 'Return to supplier' },
  adjust: { 'zh-CN': '盘点调整', 'en-US': 'Stocktake adjustment' },
  stocktake: { 'zh-CN': '盘点', 'en-US': 'Stocktake' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};

export const INV_AUDIT_STATE_LABELS: Record<(typeof DOC_AUDIT_STATES)[number], Label> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  submitted: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
  approved: { 'zh-CN': '已审核', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
};

/**
 * exec_state labels per type (spec 03 §4): inbound not stored / partly stored / stored; outbound not out /
 * partly out / out. A purchase request follows what its inbounds stored; a transfer what its inbound leg
 * received; a return what the documents converted from it moved; a stocktake whether it was adjusted.
 */
export const INV_EXEC_STATE_LABELS: Record<InvDocType, Record<InvExecState, Label>> = {
  purchase_request: {
    pending: { 'zh-CN': '未入库', 'en-US': 'Not stored' },
    partial: { 'zh-CN': '部分入库', 'en-US': 'Partly stored' },
    done: { 'zh-CN': '已入库', 'en-US': 'Stored' },
  },
  warehousing: {
    pending: { 'zh-CN': '未入库', 'en-US': 'Not stored' },
    partial: { 'zh-CN': '部分入库', 'en-US': 'Partly stored' },
    done: { 'zh-CN': '已入库', 'en-US': 'Stored' },
  },
  shipment: {
    pending: { 'zh-CN': '未出库', 'en-US': 'Not out' },
    partial: { 'zh-CN': '部分出库', 'en-US': 'Partly out' },
    done: { 'zh-CN': '已出库', 'en-US': 'Out' },
  },
  transfer: {
    pending: { 'zh-CN': '未调入', 'en-US': 'Not received' },
    partial: { 'zh-CN': '部分调入', 'en-US': 'Partly received' },
    done: { 'zh-CN': '已调入', 'en-US': 'Received' },
  },
  return: {
    pending: { 'zh-CN': '未处理', 'en-US': 'Not moved' },
    partial: { 'zh-CN': '部分处理', 'en-US': 'Partly moved' },
    done: { 'zh-CN': '已处理', 'en-US': 'Moved' },
  },
  stocktake: {
    pending: { 'zh-CN': '未调整', 'en-US': 'Not adjusted' },
    partial: { 'zh-CN': '部分调整', 'en-US': 'Partly adjusted' },
    done: { 'zh-CN': '已调整', 'en-US': 'Adjusted' },
  },
};

export const INV_DOC_LINES_MAX = 200;
export const INV_STOCKTAKE_LINES_MAX = 10_000;
export const INV_PRICE_MAX = 99_999;
export const INV_QUANTITY_MAX = 999_999_999;
export const INV_REMARK_MAX = 500;
export const INV_HANDLER_MAX = 30;
export const INV_LOT_MAX = 40;
export const INV_DOC_CODE_MAX = 40;

/** A unit price: 0–99999 with at most 2 decimals (spec 03 §5). */
export const invPrice = z
  .number()
  .min(0, { error: `must be 0 to ${INV_PRICE_MAX}` })
  .max(INV_PRICE_MAX, { error: `must be 0 to ${INV_PRICE_MAX}` })
  .multipleOf(0.01, { error: 'at most 2 decimals' });

/** A quantity in the line's unit: 0 or more (stocktake counts may be 0; other types need > 0), ≤ 4 decimals. */
export const invQuantity = z
  .number()
  .min(0, { error: `must be 0 to ${INV_QUANTITY_MAX}` })
  .max(INV_QUANTITY_MAX, { error: `must be 0 to ${INV_QUANTITY_MAX}` })
  .multipleOf(0.0001, { error: 'at most 4 decimals' });

/** An executed quantity: more than 0, ≤ 4 decimals. */
export const invPositiveQuantity = invQuantity.refine((n) => n > 0, { error: 'must be more than 0' });

export const invDocType = z.enum(INV_DOC_TYPES);
export const invBizType = z.enum(INV_BIZ_TYPES);

// ---- Read shapes ----

/** A linked document (source, child, reversal). */
export const invDocLink = z.object({
  id: z.number().int(),
  docType: invDocType,
  docCode: z.string(),
  auditState: z.enum(DOC_AUDIT_STATES),
  execState: z.enum(INV_EXEC_STATES),
});
export type InvDocLink = z.infer<typeof invDocLink>;

export const invDocLine = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  productId: z.number().int(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  specification: z.string().nullable(),
  model: z.string().nullable(),
  unitId: z.number().int(),
  unitName: z.string().nullable(),
  /** Stock units in one of the line's unit. */
  factor: z.number(),
  /** In the line's unit; a stocktake: the counted quantity; a reversal: negative. */
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  /** quantity × unitPrice, 2 decimals (server-computed). */
  amount: z.number().nullable(),
  lotNo: z.string(),
  expiryDate: z.string().nullable(),
  sourceLineId: z.number().int().nullable(),
  /** Taken by live documents converted from this line. */
  convertedQty: z.number(),
  /**
   * Inbound: stored; outbound: shipped; purchase request: stored by its inbounds; transfer: received by its
   * inbound leg; return: moved by its inbound / outbound; stocktake: adjusted.
   */
  doneQty: z.number(),
  /**
   * What may still be acted on: inbound / outbound: quantity − doneQty (to execute); an outbound as a
   * source of returns / receipts: doneQty − convertedQty; other types: quantity − convertedQty (to convert).
   */
  remainingQty: z.number(),
  /** Stocktake: what the books held when saved, in the line's unit; difference = quantity − bookQty. */
  bookQty: z.number().nullable(),
  diffQty: z.number().nullable(),
  remark: z.string().nullable(),
});
export type InvDocLine = z.infer<typeof invDocLine>;

/** A shortage a 'warn' policy let through at save (the answer carries it; nothing is refused). */
export const invDocWarning = z.object({
  lineNo: z.number().int(),
  skuId: z.number().int(),
  productName: z.string().nullable(),
  /** In the line's unit. */
  available: z.number(),
  requested: z.number(),
  message: z.string(),
});
export type InvDocWarning = z.infer<typeof invDocWarning>;

export const invDoc = z.object({
  id: z.number().int(),
  docType: invDocType,
  docCode: z.string(),
  docDate: z.string(),
  bizType: invBizType,
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  toWarehouseId: z.number().int().nullable(),
  toWarehouseName: z.string().nullable(),
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  sourceDocId: z.number().int().nullable(),
  sourceDocType: invDocType.nullable(),
  reversalOfId: z.number().int().nullable(),
  reversedFlag: z.number().int(),
  auditState: z.enum(DOC_AUDIT_STATES),
  execState: z.enum(INV_EXEC_STATES),
  processId: z.number().int().nullable(),
  arrivalDate: z.string().nullable(),
  handlerName: z.string().nullable(),
  remark: z.string().nullable(),
  totalQuantity: z.number(),
  totalAmount: z.number(),
  areaId: z.number().int().nullable(),
  lineCount: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  createdBy: z.number().int().nullable(),
});
export type InvDoc = z.infer<typeof invDoc>;
export const invDocPage = pageOf(invDoc);

/** GET /documents/{id}, and the answer of every write. */
export const invDocDetail = invDoc.extend({
  lines: z.array(invDocLine),
  source: invDocLink.nullable(),
  children: z.array(invDocLink),
  reversalOf: invDocLink.nullable(),
  reversedBy: invDocLink.nullable(),
  /** Save answers only: shortages let through by shortagePolicy 'warn'. */
  warnings: z.array(invDocWarning).optional(),
});
export type InvDocDetail = z.infer<typeof invDocDetail>;

// ---- Queries and params ----

export const invDocIdParam = tenantParam.extend({ id });

export const invDocListQuery = pageQuery.extend({
  docType: blankAsUnset(invDocType),
  bizType: blankAsUnset(invBizType),
  auditState: blankAsUnset(z.enum(DOC_AUDIT_STATES)),
  execState: blankAsUnset(z.enum(INV_EXEC_STATES)),
  /** Matches the warehouse or the destination. */
  warehouseId: blankAsUnset(id),
  businessId: blankAsUnset(id),
  sourceDocId: blankAsUnset(id),
  /** Contains, any case. */
  docCode: z
    .string()
    .max(INV_DOC_CODE_MAX * 2)
    .optional(),
  /** docDate from / to (inclusive). */
  dateFrom: blankAsUnset(batchDate),
  dateTo: blankAsUnset(batchDate),
});
export type InvDocListQuery = z.infer<typeof invDocListQuery>;
/** The list's filters without paging (GET /documents/export). */
export const invDocListFilter = invDocListQuery.omit({ page: true, size: true });
export type InvDocListFilter = z.infer<typeof invDocListFilter>;

export const invDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1)),
});
export type InvDeleteQuery = z.infer<typeof invDeleteQuery>;

export const INV_CONVERT_TARGETS = ['warehousing', 'shipment', 'return'] as const;
export const invConvertQuery = z.object({ to: z.enum(INV_CONVERT_TARGETS) });
export type InvConvertQuery = z.infer<typeof invConvertQuery>;

/** GET /stocktake/book: skuIds comma-separated (absent: every SKU the warehouse holds). */
export const invStocktakeBookQuery = z.object({
  warehouseId: id,
  skuIds: blankAsUnset(
    z
      .string()
      .max(20_000)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter((x) => x !== ''),
      )
      .pipe(
        z
          .array(z.coerce.number<string>().int().min(1).max(Number.MAX_SAFE_INTEGER))
          .max(INV_STOCKTAKE_LINES_MAX),
      ),
  ),
});
export type InvStocktakeBookQuery = z.infer<typeof invStocktakeBookQuery>;

export const invStocktakeBookRow = z.object({
  skuId: z.number().int(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  productId: z.number().int(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  specification: z.string().nullable(),
  lotNo: z.string(),
  /** In the product's stock unit. */
  stockUnitId: z.number().int().nullable(),
  stockUnitName: z.string().nullable(),
  bookQty: z.number(),
});
export type InvStocktakeBookRow = z.infer<typeof invStocktakeBookRow>;
export const invStocktakeBook = z.array(invStocktakeBookRow);

// ---- Write bodies ----

const lineWrite = z.strictObject({
  skuId: bodyId,
  /** One of the SKU product's units (stock, purchase or retail); the factor comes from the product. */
  unitId: bodyId,
  quantity: invQuantity,
  /** Absent / null: the SKU's cost price (inbound) or none. */
  unitPrice: invPrice.nullable().optional(),
  /** Required on receipts of products that track lots. */
  lotNo: trimmedText(INV_LOT_MAX).optional(),
  /** Required on receipts of products that track expiry. */
  expiryDate: batchDate.nullable().optional(),
  /** The source document's line (conversions). */
  sourceLineId: bodyId.nullable().optional(),
  remark: optionalText(INV_REMARK_MAX).optional(),
});
/** A line body; it also accepts (and ignores) what the GET answers for a line, so lines can be sent back. */
export const invDocLineBody = updateBodyOf(lineWrite, invDocLine);
export type InvDocLineBody = z.infer<typeof invDocLineBody>;

const headerFields = {
  /** Absent: today in the tenant's time zone. The number follows its period. */
  docDate: batchDate.optional(),
  /** Absent: the type's default (INV_BIZ_TYPES_BY_DOC). */
  bizType: invBizType.optional(),
  warehouseId: bodyId,
  /** Transfers (required) and outbound orders to another own warehouse. */
  toWarehouseId: bodyId.nullable().optional(),
  /** Supplier / customer. */
  businessId: bodyId.nullable().optional(),
  arrivalDate: batchDate.nullable().optional(),
  handlerName: optionalText(INV_HANDLER_MAX).optional(),
  remark: optionalText(INV_REMARK_MAX).optional(),
  lines: z
    .array(invDocLineBody)
    .min(1, { error: 'at least one line' })
    .max(INV_STOCKTAKE_LINES_MAX, { error: `at most ${INV_STOCKTAKE_LINES_MAX} lines` }),
};

export const invDocCreateBody = z.strictObject({
  docType: invDocType,
  ...headerFields,
  /** Conversions: the source document (its lines are named by the lines' sourceLineId). */
  sourceDocId: bodyId.nullable().optional(),
  /** Submit at once after saving. */
  submit: z.boolean().optional(),
  /** Approvers the applicant chose for the bound flow's 'chosen' steps, by node id. */
  chosen: chosenAssignees.optional(),
});
export type InvDocCreateBody = z.infer<typeof invDocCreateBody>;

/**
 * The whole document again (draft or rejected only); its lines replace the old ones. docType and the source
 * are fixed at creation; everything else the GET answers is accepted and ignored.
 */
const invDocUpdateFields = z.strictObject({
  objectVersionNumber,
  ...headerFields,
});
export const invDocUpdateBody = updateBodyOf(invDocUpdateFields, invDocDetail);
export type InvDocUpdateBody = z.infer<typeof invDocUpdateBody>;

/** POST /documents/{id}/submit (first submit, or resubmit after rejection). */
export const invSubmitBody = z.strictObject({
  objectVersionNumber: objectVersionNumber.optional(),
  chosen: chosenAssignees.optional(),
});
export type InvSubmitBody = z.infer<typeof invSubmitBody>;

/** POST /documents/{id}/execute: store (inbound) or ship (outbound) some or all of what remains. */
export const invExecuteBody = z.strictObject({
  objectVersionNumber,
  lines: z
    .array(
      z.strictObject({
        lineId: bodyId,
        quantity: invPositiveQuantity,
        /** Absent: the line's. */
        lotNo: trimmedText(INV_LOT_MAX).optional(),
        expiryDate: batchDate.nullable().optional(),
      }),
    )
    .min(1, { error: 'at least one line' })
    .max(INV_DOC_LINES_MAX, { error: `at most ${INV_DOC_LINES_MAX} lines` }),
});
export type InvExecuteBody = z.infer<typeof invExecuteBody>;

/**
 * POST /documents/{id}/legs: a transfer's outbound leg (from → transit at the destination) and inbound leg
 * (transit → stock), both created and submitted at once (so with no flow bound both are approved and ready
 * to ship / receive). Remaining quantities only; a second call is refused when nothing remains.
 */
export const invLegsBody = z.strictObject({
  docDate: batchDate.optional(),
  chosen: chosenAssignees.optional(),
});
export type InvLegsBody = z.infer<typeof invLegsBody>;
export const invLegsAnswer = z.object({ outbound: invDocDetail, inbound: invDocDetail });
export type InvLegsAnswer = z.infer<typeof invLegsAnswer>;

/** POST /documents/{id}/adjust: an approved stocktake's differences, approved and executed at once. */
export const invAdjustBody = z.strictObject({ docDate: batchDate.optional() });
export type InvAdjustBody = z.infer<typeof invAdjustBody>;
export const invAdjustAnswer = z.object({
  stocktake: invDocDetail,
  /** Gains (null: none). */
  inbound: invDocDetail.nullable(),
  /** Losses (null: none). */
  outbound: invDocDetail.nullable(),
});
export type InvAdjustAnswer = z.infer<typeof invAdjustAnswer>;

/** POST /documents/{id}/reverse: of an executed inbound / outbound; answers the reversing document. */
export const invReverseBody = z.strictObject({
  objectVersionNumber,
  docDate: batchDate.optional(),
  remark: optionalText(INV_REMARK_MAX).optional(),
});
export type InvReverseBody = z.infer<typeof invReverseBody>;

/** GET /documents/{id}/convert?to=…: a create body prefilled with the remaining quantities. */
export const invConvertAnswer = z.object({
  docType: invDocType,
  bizType: invBizType,
  docDate: z.string(),
  warehouseId: z.number().int(),
  toWarehouseId: z.number().int().nullable(),
  businessId: z.number().int().nullable(),
  sourceDocId: z.number().int(),
  /** Lines as the GET answers them (display fields included; the create body ignores those). */
  lines: z.array(invDocLine),
});
export type InvConvertAnswer = z.infer<typeof invConvertAnswer>;
