import { defineErrors } from '../../../platform/errors.js';

export const ReportErrors = defineErrors({
  rangeOrder: {
    status: 400,
    code: 'wfpf.warn.report.rangeOrder',
    message: {
      'zh-CN': '结束日期不能早于开始日期',
      'en-US': 'The end date may not be before the start date',
    },
  },
  rangeTooLong: {
    status: 400,
    code: 'wfpf.warn.report.rangeTooLong',
    message: {
      'zh-CN': '时间范围过长：按{unit}统计最多 {max} 个周期',
      'en-US': 'The range is too long: at most {max} periods by {unit}',
    },
  },
  stationNotFound: {
    status: 404,
    code: 'wfpf.warn.report.stationNotFound',
    message: {
      'zh-CN': '气象站不存在或已被删除',
      'en-US': 'Weather station not found, or already deleted',
    },
  },
});
