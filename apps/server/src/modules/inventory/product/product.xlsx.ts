import type { InvProductRow, InvProductType } from '@tilth/contracts/inventory.product.types';
import { createdColumn, enabledColumn, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang, Translated } from '../../../platform/i18n/lang.js';

const TYPE: Record<InvProductType, Translated> = {
  goods: { 'zh-CN': '商品', 'en-US': 'Goods' },
  material: { 'zh-CN': '物料', 'en-US': 'Material' },
  agricultural: { 'zh-CN': '农产品', 'en-US': 'Farm produce' },
};
// Prices carry 2 decimals, unit factors 4 (the contract's limits), shown with all of them.
const PRICE = { decimals: 2 } as const;
const FACTOR = { decimals: 4 } as const;

/** The product list as a sheet: one row per product (SPU), its units, factors and prices. */
export const productSheet = (lang: Lang): XlsxSheet<InvProductRow> => ({
  name: { 'zh-CN': '商品', 'en-US': 'Products' },
  columns: [
    xlsxColumn('商品编码（SPU）', 'Product code (SPU)', (r) => r.productCode, 'text', 18),
    xlsxColumn('商品名称', 'Product name', (r) => r.productName, 'text', 24),
    xlsxColumn('商品类型', 'Type', (r) => TYPE[r.productType as InvProductType]?.[lang] ?? r.productType),
    xlsxColumn('型号', 'Model', (r) => r.model),
    xlsxColumn('规格', 'Specification', (r) => r.specification),
    xlsxColumn('别名', 'Alias', (r) => r.alias),
    xlsxColumn('品牌', 'Brand', (r) => r.brand),
    xlsxColumn('库存单位', 'Stock unit', (r) => r.stockUnitName),
    xlsxColumn('采购单位', 'Purchase unit', (r) => r.purchaseUnitName),
    xlsxColumn('采购换算系数', 'Purchase factor', (r) => r.purchaseFactor, FACTOR),
    xlsxColumn('零售单位', 'Retail unit', (r) => r.retailUnitName),
    xlsxColumn('零售换算系数', 'Retail factor', (r) => r.retailFactor, FACTOR),
    xlsxColumn('零售价', 'Retail price', (r) => r.retailPrice, PRICE),
    xlsxColumn('会员价', 'Member price', (r) => r.memberPrice, PRICE),
    xlsxColumn('成本价', 'Cost price', (r) => r.costPrice, PRICE),
    xlsxColumn('SKU 数', 'SKUs', (r) => r.skuCount, 'int'),
    xlsxColumn('作物', 'Crop', (r) => r.cropName),
    xlsxColumn('品种', 'Variety', (r) => r.varietyName),
    enabledColumn<InvProductRow>(lang),
    createdColumn<InvProductRow>(),
  ],
});
