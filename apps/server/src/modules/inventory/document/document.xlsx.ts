import type { InvDoc, InvDocType, InvExecState } from '@tilth/contracts/inventory.document.types';
import type { DocAuditState } from '@tilth/contracts/workflow.docs';
import { createdColumn, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang, Translated } from '../../../platform/i18n/lang.js';

/** A document of the list with the name of the user who created it (the export's last column). */
export type InvDocExportRow = InvDoc & { createdByName: string | null };

// The console's words (invDoc / farm approval namespaces), so the file reads like the page.
const TYPE: Record<InvDocType, Translated> = {
  purchase_request: { 'zh-CN': '采购申请', 'en-US': 'Purchase request' },
  warehousing: { 'zh-CN': '入库单', 'en-US': 'Inbound order' },
  shipment: { 'zh-CN': '出库单', 'en-US': 'Outbound order' },
  transfer: { 'zh-CN': '调拨单', 'en-US': 'Transfer' },
  return: { 'zh-CN': '退货单', 'en-US': 'Return' },
  stocktake: { 'zh-CN': '盘点单', 'en-US': 'Stocktake' },
};
const AUDIT: Record<DocAuditState, Translated> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  submitted: { 'zh-CN': '审批中', 'en-US': 'In approval' },
  approved: { 'zh-CN': '已通过', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
};
const inbound = (zh: string, en: string): Translated => ({ 'zh-CN': zh, 'en-US': en });
const STORED = [
  inbound('未入库', 'Not stored'),
  inbound('部分入库', 'Partly stored'),
  inbound('已入库', 'Stored'),
] as const;
const EXEC: Record<InvDocType, readonly [Translated, Translated, Translated]> = {
  purchase_request: STORED,
  warehousing: STORED,
  shipment: [inbound('未出库', 'Not out'), inbound('部分出库', 'Partly out'), inbound('已出库', 'Out')],
  transfer: [
    inbound('未调入', 'Not received'),
    inbound('部分调入', 'Partly received'),
    inbound('已调入', 'Received'),
  ],
  return: [inbound('未处理', 'Not moved'), inbound('部分处理', 'Partly moved'), inbound('已处理', 'Moved')],
  stocktake: [
    inbound('未调整', 'Not adjusted'),
    inbound('部分调整', 'Partly adjusted'),
    inbound('已调整', 'Adjusted'),
  ],
};
const EXEC_INDEX: Record<InvExecState, 0 | 1 | 2> = { pending: 0, partial: 1, done: 2 };

const warehouses = (d: InvDoc): string =>
  d.toWarehouseName ? `${d.warehouseName ?? ''} → ${d.toWarehouseName}` : (d.warehouseName ?? '');

/** The documents list as a sheet: one row per document, states in the caller's words. */
export const docSheet = (lang: Lang): XlsxSheet<InvDocExportRow> => ({
  name: { 'zh-CN': '库存单据', 'en-US': 'Inventory documents' },
  columns: [
    xlsxColumn('单据编号', 'Document code', (d) => d.docCode, 'text', 22),
    xlsxColumn('单据类型', 'Document type', (d) => TYPE[d.docType][lang]),
    xlsxColumn('单据日期', 'Document date', (d) => d.docDate),
    xlsxColumn('仓库', 'Warehouse', warehouses, 'text', 24),
    xlsxColumn('往来单位', 'Counterparty', (d) => d.businessName, 'text', 20),
    xlsxColumn('审批状态', 'Approval', (d) => AUDIT[d.auditState][lang]),
    xlsxColumn('出入库状态', 'Stock state', (d) => EXEC[d.docType][EXEC_INDEX[d.execState]][lang]),
    xlsxColumn('总金额', 'Total amount', (d) => d.totalAmount, { decimals: 2 }),
    xlsxColumn('创建人', 'Created by', (d) => d.createdByName),
    createdColumn<InvDocExportRow>(),
  ],
});
