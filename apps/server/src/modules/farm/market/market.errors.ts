import { defineErrors } from '../../../platform/errors.js';

export const MarketErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.vegetablePrice.marketNotFound',
    message: { 'zh-CN': '市场不存在', 'en-US': 'No such market' },
  },
  badFile: {
    status: 400,
    code: 'wfpf.vegetablePrice.badFile',
    message: { 'zh-CN': '导入失败：{reason}', 'en-US': 'Import failed: {reason}' },
  },
  noFile: {
    status: 400,
    code: 'wfpf.vegetablePrice.noFile',
    message: {
      'zh-CN': '请上传 CSV 或 Excel（.xlsx）文件（multipart 字段 file）',
      'en-US': 'Upload a CSV or Excel (.xlsx) file (multipart field "file")',
    },
  },
  invalidRows: {
    status: 400,
    code: 'wfpf.vegetablePrice.invalidRows',
    message: {
      'zh-CN': '有 {count} 行数据有误，未导入任何数据',
      'en-US': '{count} rows have errors; nothing was imported',
    },
  },
});
