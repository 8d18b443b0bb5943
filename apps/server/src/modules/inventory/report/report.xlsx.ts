import type {
  InvLedgerRow,
  InvSlowRow,
  InvStockRow,
  InvSummaryRow,
} from '@tilth/contracts/inventory.report.types';
import { buildWorkbook, type XlsxKind } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import type { ReportOptions } from './option.repository.js';
import { skuLabel } from './report.mappers.js';

// The reports as workbooks: the same columns as the console, numbers as numbers (quantities with the
// tenant's decimals, money with 2) so a manager can sum and chart them in Excel.

type Kind = 'text' | 'qty' | 'money' | 'cost' | 'int';
interface Col<R> {
  zh: string;
  en: string;
  kind: Kind;
  width?: number;
  get: (r: R) => string | number | null;
}

const kindOf = (kind: Kind, qtyDecimals: number): XlsxKind => {
  if (kind === 'qty') return { decimals: qtyDecimals };
  if (kind === 'money') return { decimals: 2 };
  if (kind === 'cost') return { decimals: 4 };
  return kind;
};

const build = <R>(
  lang: Lang,
  sheet: { zh: string; en: string },
  cols: readonly Col<R>[],
  rows: readonly R[],
  opts: ReportOptions,
): Promise<Buffer> =>
  buildWorkbook(
    lang,
    {
      name: { 'zh-CN': sheet.zh, 'en-US': sheet.en },
      columns: cols.map((c) => ({
        header: { 'zh-CN': c.zh, 'en-US': c.en },
        kind: kindOf(c.kind, opts.quantityDecimals),
        ...(c.width === undefined ? {} : { width: c.width }),
        get: c.get,
      })),
    },
    rows,
  );

const expiryText = (s: InvStockRow['expiryState'], lang: Lang): string =>
  s === null ? '' : lang === 'en-US' ? s : s === 'expired' ? '已过期' : '临期';
const flagText = (on: boolean, lang: Lang): string => (on ? (lang === 'en-US' ? 'yes' : '是') : '');

export const stockWorkbook = (lang: Lang, rows: InvStockRow[], opts: ReportOptions): Promise<Buffer> =>
  build<InvStockRow>(
    lang,
    { zh: '库存查询', en: 'Stock on hand' },
    [
      { zh: '仓库', en: 'Warehouse', kind: 'text', width: 18, get: (r) => r.warehouseName },
      { zh: '商品编码', en: 'Product code', kind: 'text', get: (r) => r.productCode },
      { zh: '商品名称', en: 'Product', kind: 'text', width: 24, get: (r) => r.productName },
      { zh: 'SKU', en: 'SKU', kind: 'text', get: (r) => r.skuName || r.skuCode },
      { zh: '规格', en: 'Specification', kind: 'text', get: (r) => r.specification },
      { zh: '批次', en: 'Lot', kind: 'text', get: (r) => r.lotNo },
      { zh: '到期日', en: 'Expiry', kind: 'text', get: (r) => r.expiryDate },
      { zh: '库存单位', en: 'Stock unit', kind: 'text', get: (r) => r.stockUnitName },
      { zh: '库存数量', en: 'On hand', kind: 'qty', get: (r) => r.quantity },
      { zh: '在途数量', en: 'In transit', kind: 'qty', get: (r) => r.transitQty },
      { zh: '平均成本', en: 'Average cost', kind: 'cost', get: (r) => r.avgCost },
      { zh: '库存金额', en: 'Value', kind: 'money', get: (r) => r.value },
      { zh: '最低库存', en: 'Minimum', kind: 'qty', get: (r) => r.minQty },
      { zh: '最高库存', en: 'Maximum', kind: 'qty', get: (r) => r.maxQty },
      { zh: '低于下限', en: 'Below minimum', kind: 'text', get: (r) => flagText(r.belowMin, lang) },
      { zh: '高于上限', en: 'Above maximum', kind: 'text', get: (r) => flagText(r.aboveMax, lang) },
      { zh: '效期预警', en: 'Expiry warning', kind: 'text', get: (r) => expiryText(r.expiryState, lang) },
    ],
    rows,
    opts,
  );

export const summaryWorkbook = (lang: Lang, rows: InvSummaryRow[], opts: ReportOptions): Promise<Buffer> =>
  build<InvSummaryRow>(
    lang,
    { zh: '收发存汇总', en: 'In out balance' },
    [
      { zh: '期间', en: 'Period', kind: 'text', get: (r) => r.periodLabel },
      { zh: '仓库', en: 'Warehouse', kind: 'text', width: 18, get: (r) => r.warehouseName },
      { zh: '商品编码', en: 'Product code', kind: 'text', get: (r) => r.productCode },
      { zh: '商品名称', en: 'Product', kind: 'text', width: 24, get: (r) => r.productName },
      { zh: 'SKU', en: 'SKU', kind: 'text', get: skuLabel },
      { zh: '库存单位', en: 'Stock unit', kind: 'text', get: (r) => r.stockUnitName },
      { zh: '期初数量', en: 'Opening qty', kind: 'qty', get: (r) => r.openingQty },
      { zh: '期初金额', en: 'Opening value', kind: 'money', get: (r) => r.openingValue },
      { zh: '入库数量', en: 'In qty', kind: 'qty', get: (r) => r.inQty },
      { zh: '入库金额', en: 'In value', kind: 'money', get: (r) => r.inValue },
      { zh: '出库数量', en: 'Out qty', kind: 'qty', get: (r) => r.outQty },
      { zh: '出库金额', en: 'Out value', kind: 'money', get: (r) => r.outValue },
      { zh: '期末数量', en: 'Closing qty', kind: 'qty', get: (r) => r.closingQty },
      { zh: '期末金额', en: 'Closing value', kind: 'money', get: (r) => r.closingValue },
    ],
    rows,
    opts,
  );

export const ledgerWorkbook = (lang: Lang, rows: InvLedgerRow[], opts: ReportOptions): Promise<Buffer> =>
  build<InvLedgerRow>(
    lang,
    { zh: '出入库明细', en: 'Movements' },
    [
      { zh: '单据日期', en: 'Document date', kind: 'text', get: (r) => r.docDate },
      { zh: '单据编号', en: 'Document', kind: 'text', width: 20, get: (r) => r.sourceCode },
      { zh: '单据类型', en: 'Type', kind: 'text', get: (r) => r.sourceType },
      { zh: '仓库', en: 'Warehouse', kind: 'text', width: 18, get: (r) => r.warehouseName },
      { zh: '商品编码', en: 'Product code', kind: 'text', get: (r) => r.productCode },
      { zh: '商品名称', en: 'Product', kind: 'text', width: 24, get: (r) => r.productName },
      { zh: 'SKU', en: 'SKU', kind: 'text', get: skuLabel },
      { zh: '批次', en: 'Lot', kind: 'text', get: (r) => r.lotNo },
      { zh: '库位', en: 'Location', kind: 'text', get: (r) => r.location },
      { zh: '库存单位', en: 'Stock unit', kind: 'text', get: (r) => r.stockUnitName },
      { zh: '数量', en: 'Quantity', kind: 'qty', get: (r) => r.quantity },
      { zh: '单位成本', en: 'Unit cost', kind: 'cost', get: (r) => r.unitCost },
      { zh: '金额', en: 'Value', kind: 'money', get: (r) => r.valueChange },
      { zh: '结存数量', en: 'Balance qty', kind: 'qty', get: (r) => r.balanceQty },
      { zh: '结存金额', en: 'Balance value', kind: 'money', get: (r) => r.balanceValue },
    ],
    rows,
    opts,
  );

export const slowWorkbook = (lang: Lang, rows: InvSlowRow[], opts: ReportOptions): Promise<Buffer> =>
  build<InvSlowRow>(
    lang,
    { zh: '呆滞商品', en: 'Slow movers' },
    [
      { zh: '仓库', en: 'Warehouse', kind: 'text', width: 18, get: (r) => r.warehouseName },
      { zh: '商品编码', en: 'Product code', kind: 'text', get: (r) => r.productCode },
      { zh: '商品名称', en: 'Product', kind: 'text', width: 24, get: (r) => r.productName },
      { zh: 'SKU', en: 'SKU', kind: 'text', get: (r) => r.skuName },
      { zh: '库存单位', en: 'Stock unit', kind: 'text', get: (r) => r.stockUnitName },
      { zh: '库存数量', en: 'On hand', kind: 'qty', get: (r) => r.quantity },
      { zh: '库存金额', en: 'Value', kind: 'money', get: (r) => r.value },
      { zh: '最近出库', en: 'Last out', kind: 'text', get: (r) => r.lastOutDate },
      { zh: '最近入库', en: 'Last in', kind: 'text', get: (r) => r.lastInDate },
      { zh: '呆滞天数', en: 'Idle days', kind: 'int', get: (r) => r.idleDays },
    ],
    rows,
    opts,
  );
