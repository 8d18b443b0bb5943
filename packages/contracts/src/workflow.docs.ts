import type { LocalizedName } from './permissions.def.js';
import type { ApprovalFieldDef } from './workflow.model.js';

// The document types that may wait for approval (issue 14 item 2). Declared here so the designer knows
// their fields and the approval settings list them before their module exists (inventory: issue 15); the
// owning module registers its hooks on the server (modules/workflow registerApprovalDocument).

export const APPROVAL_DOC_TYPES = [
  'agri_warehousing',
  'agri_shipment',
  'farm_plan',
  'inv_purchase_request',
  'inv_warehousing',
  'inv_shipment',
  'inv_transfer',
  'inv_return',
  'inv_stocktake',
  'article',
] as const;
export type ApprovalDocType = (typeof APPROVAL_DOC_TYPES)[number];

export interface ApprovalDocTypeDef {
  name: LocalizedName;
  fields: readonly ApprovalFieldDef[];
  /** The console page of one document; `{id}` is the thirdId. */
  infoPath: string;
}

const amount: ApprovalFieldDef = {
  key: 'amount',
  type: 'number',
  name: { 'zh-CN': '金额', 'en-US': 'Amount' },
};
const quantity: ApprovalFieldDef = {
  key: 'quantity',
  type: 'number',
  name: { 'zh-CN': '数量', 'en-US': 'Quantity' },
};
const base: ApprovalFieldDef = {
  key: 'areaId',
  type: 'ref',
  ref: 'area',
  name: { 'zh-CN': '基地', 'en-US': 'Base' },
};
const warehouse: ApprovalFieldDef = {
  key: 'warehouseId',
  type: 'ref',
  ref: 'warehouse',
  name: { 'zh-CN': '仓库', 'en-US': 'Warehouse' },
};
const inventoryFields = [amount, quantity, warehouse, base];
const inventoryInfo = '/inventory/prment/inventory_form/info/{id}';

export const APPROVAL_DOC_TYPE_DEFS: Record<ApprovalDocType, ApprovalDocTypeDef> = {
  agri_warehousing: {
    name: { 'zh-CN': '农资入库', 'en-US': 'Input warehousing' },
    fields: [amount, quantity, base],
    infoPath: '/web/farm/agricultural/agricultural-warehousing/info/{id}',
  },
  agri_shipment: {
    name: { 'zh-CN': '农资出库', 'en-US': 'Input shipment' },
    fields: [amount, quantity, base],
    infoPath: '/web/farm/agricultural/agricultural-shipment/info/{id}',
  },
  farm_plan: {
    name: { 'zh-CN': '农事计划', 'en-US': 'Farm plan' },
    fields: [
      base,
      { key: 'taskCount', type: 'number', name: { 'zh-CN': '任务数', 'en-US': 'Tasks' } },
      { key: 'batchCount', type: 'number', name: { 'zh-CN': '批次数', 'en-US': 'Batches' } },
    ],
    infoPath: '/web/farm/plan/info/{id}',
  },
  inv_purchase_request: {
    name: { 'zh-CN': '采购申请', 'en-US': 'Purchase request' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  inv_warehousing: {
    name: { 'zh-CN': '入库单', 'en-US': 'Receipt' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  inv_shipment: {
    name: { 'zh-CN': '出库单', 'en-US': 'Shipment' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  inv_transfer: {
    name: { 'zh-CN': '调拨单', 'en-US': 'Transfer' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  inv_return: {
    name: { 'zh-CN': '退货单', 'en-US': 'Return' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  inv_stocktake: {
    name: { 'zh-CN': '盘点单', 'en-US': 'Stocktake' },
    fields: inventoryFields,
    infoPath: inventoryInfo,
  },
  // Issue 19: review before publishing; the reviewer opens the article in the graphic editor.
  article: {
    name: { 'zh-CN': '文章发布', 'en-US': 'Article publishing' },
    fields: [],
    infoPath: '/system/graphic-editor?id={id}',
  },
};

/** A document's approval state (spec 03 §4 'audit states'); a document with no process bound is approved at once. */
export const DOC_AUDIT_STATES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type DocAuditState = (typeof DOC_AUDIT_STATES)[number];
