import type { InvUnit } from '@tilth/contracts/inventory.base.types';
import { statusColumns, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';

/** The unit list as a sheet: the columns of base/unit. */
export const unitSheet = (lang: Lang): XlsxSheet<InvUnit> => ({
  name: { 'zh-CN': '计量单位', 'en-US': 'Units' },
  columns: [
    xlsxColumn('单位名称', 'Unit name', (r) => r.unitName),
    xlsxColumn('单位编码', 'Unit code', (r) => r.unitCode),
    ...statusColumns<InvUnit>(lang),
  ],
});
