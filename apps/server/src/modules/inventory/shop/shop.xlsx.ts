import type { InvShop } from '@tilth/contracts/inventory.base.types';
import { statusColumns, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';

/** The shop list as a sheet: the columns of base/shops. */
export const shopSheet = (lang: Lang): XlsxSheet<InvShop> => ({
  name: { 'zh-CN': '门店', 'en-US': 'Shops' },
  columns: [
    xlsxColumn('门店编码', 'Shop code', (r) => r.shopCode),
    xlsxColumn('门店名称', 'Shop name', (r) => r.shopName, 'text', 20),
    xlsxColumn('发货仓库', 'Ships from', (r) => r.warehouseName),
    xlsxColumn('所属基地', 'Base', (r) => r.areaName),
    xlsxColumn('负责人', 'Manager', (r) => r.managerName),
    xlsxColumn('电话', 'Phone', (r) => r.phone),
    xlsxColumn('地址', 'Address', (r) => r.address, 'text', 30),
    ...statusColumns<InvShop>(lang),
  ],
});
