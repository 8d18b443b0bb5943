import type { InvWarehouse } from '@tilth/contracts/inventory.base.types';
import { statusColumns, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';

// Stock levels carry 4 decimals (invStockLevel), so they are shown with all 4.
const LEVEL = { decimals: 4 } as const;

/** The warehouse list as a sheet: the columns of base/store. */
export const warehouseSheet = (lang: Lang): XlsxSheet<InvWarehouse> => ({
  name: { 'zh-CN': '仓库', 'en-US': 'Warehouses' },
  columns: [
    xlsxColumn('仓库编码', 'Warehouse code', (r) => r.warehouseCode),
    xlsxColumn('仓库名称', 'Warehouse name', (r) => r.warehouseName, 'text', 20),
    xlsxColumn('所属基地', 'Base', (r) => r.areaName ?? (lang === 'en-US' ? 'Company level' : '企业级')),
    xlsxColumn('负责人', 'Manager', (r) => r.managerName),
    xlsxColumn('地址', 'Address', (r) => r.address, 'text', 30),
    xlsxColumn('负库存', 'Negative stock', (r) =>
      r.allowNegative === 1
        ? lang === 'en-US'
          ? 'Allowed'
          : '允许'
        : lang === 'en-US'
          ? 'Not allowed'
          : '不允许',
    ),
    xlsxColumn('最低库存', 'Minimum stock', (r) => r.minStock, LEVEL),
    xlsxColumn('最高库存', 'Maximum stock', (r) => r.maxStock, LEVEL),
    xlsxColumn('期初库存', 'Initial stock', (r) => r.initialStock, LEVEL),
    ...statusColumns<InvWarehouse>(lang),
  ],
});
