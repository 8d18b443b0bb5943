import type { InvBusiness, InvBusinessCategory } from '@tilth/contracts/inventory.base.types';
import { statusColumns, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang, Translated } from '../../../platform/i18n/lang.js';

const CATEGORY: Record<InvBusinessCategory, Translated> = {
  supplier: { 'zh-CN': '供应商', 'en-US': 'Supplier' },
  customer: { 'zh-CN': '客户', 'en-US': 'Customer' },
  both: { 'zh-CN': '供应商兼客户', 'en-US': 'Supplier and customer' },
};

/** The counterparty list as a sheet: the columns of base/businesses and the bank details. */
export const businessSheet = (lang: Lang): XlsxSheet<InvBusiness> => ({
  name: { 'zh-CN': '往来单位', 'en-US': 'Counterparties' },
  columns: [
    xlsxColumn('单位编码', 'Code', (r) => r.businessCode),
    xlsxColumn('单位名称', 'Name', (r) => r.businessName, 'text', 24),
    xlsxColumn('类别', 'Category', (r) => CATEGORY[r.category][lang]),
    xlsxColumn('联系人', 'Contact', (r) => r.contactName),
    xlsxColumn('联系电话', 'Contact phone', (r) => r.contactPhone),
    xlsxColumn('开户银行', 'Bank', (r) => r.bankName, 'text', 20),
    xlsxColumn('银行账号', 'Bank account', (r) => r.bankAccount, 'text', 24),
    xlsxColumn('税号', 'Tax number', (r) => r.taxNo, 'text', 22),
    xlsxColumn('地址', 'Address', (r) => r.address, 'text', 30),
    ...statusColumns<InvBusiness>(lang),
  ],
});
