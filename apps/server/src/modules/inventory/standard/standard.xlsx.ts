import type { InvStandard } from '@tilth/contracts/inventory.base.types';
import { statusColumns, type XlsxSheet, xlsxColumn } from '../../../platform/http/xlsx.js';
import type { Lang } from '../../../platform/i18n/lang.js';

/** The attribute list as a sheet: the values in their order in one cell. */
export const standardSheet = (lang: Lang): XlsxSheet<InvStandard> => ({
  name: { 'zh-CN': '规格属性', 'en-US': 'Attributes' },
  columns: [
    xlsxColumn('属性名称', 'Attribute', (r) => r.standardName),
    xlsxColumn(
      '属性值',
      'Values',
      (r) => r.values.map((v) => v.valueName).join(lang === 'en-US' ? ', ' : '、'),
      'text',
      40,
    ),
    xlsxColumn('排序', 'Order', (r) => r.sortNo, 'int'),
    ...statusColumns<InvStandard>(lang),
  ],
});
