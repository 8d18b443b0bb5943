import type { InvBillDocType, InvBillRule } from '@tilth/contracts/inventory.base.types';
import { enabledColumn, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang, Translated } from '../../../platform/i18n/lang.js';

const DOC_TYPE: Record<InvBillDocType, Translated> = {
  purchase_request: { 'zh-CN': '采购申请', 'en-US': 'Purchase request' },
  warehousing: { 'zh-CN': '入库单', 'en-US': 'Receipt' },
  shipment: { 'zh-CN': '出库单', 'en-US': 'Shipment' },
  transfer: { 'zh-CN': '调拨单', 'en-US': 'Transfer' },
  return: { 'zh-CN': '退货单', 'en-US': 'Return' },
  stocktake: { 'zh-CN': '盘点单', 'en-US': 'Stocktake' },
};
const en = (lang: Lang) => lang === 'en-US';

/** The numbering page as a sheet: one row per document type, its rule or the built-in default. */
export const billSheet = (lang: Lang): XlsxSheet<InvBillRule> => ({
  name: { 'zh-CN': '单据编号规则', 'en-US': 'Document numbering' },
  columns: [
    xlsxColumn('单据类型', 'Document type', (r) => DOC_TYPE[r.docType][lang]),
    xlsxColumn('规则', 'Rule', (r) =>
      r.configured ? (en(lang) ? 'Custom' : '自定义') : en(lang) ? 'Built-in default' : '系统默认',
    ),
    xlsxColumn('前缀', 'Prefix', (r) => r.prefix),
    xlsxColumn('分隔符', 'Separator', (r) => r.separator || (en(lang) ? 'None' : '无')),
    xlsxColumn('日期格式', 'Date pattern', (r) => r.datePattern),
    xlsxColumn('流水号位数', 'Serial length', (r) => r.serialLength, 'int'),
    xlsxColumn('起始值', 'Start value', (r) => r.startValue, 'int'),
    enabledColumn<InvBillRule>(lang),
    xlsxColumn('今天的示例', 'Example for today', (r) => r.sample, 'text', 24),
  ],
});
