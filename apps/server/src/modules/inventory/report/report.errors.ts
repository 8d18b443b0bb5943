import { defineErrors } from '../../../platform/errors.js';

export const InvReportErrors = defineErrors({
  rangeTooLong: {
    status: 400,
    code: 'wfpf.inventory.report.rangeTooLong',
    message: {
      'zh-CN': 'dateTo：period 为 {period} 时日期范围最多 {max} 个周期',
      'en-US': 'dateTo: a report by {period} covers at most {max} periods',
    },
  },
});
