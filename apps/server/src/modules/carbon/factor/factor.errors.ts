import { defineErrors } from '../../../platform/errors.js';

// Carbon registry messages; the console shows the server's text as it is.

export const FactorErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.carbon.factor.notFound',
    message: { 'zh-CN': '排放因子不存在或已被删除', 'en-US': 'No such emission factor, or it was deleted' },
  },
  duplicate: {
    status: 400,
    code: 'wfpf.carbon.factor.duplicate',
    message: {
      'zh-CN': 'factorCode：本企业已有同编码、同地区、同适用年份的排放因子',
      'en-US': 'factorCode: this company already has a factor with this code, region and valid year',
    },
  },
  unitMismatch: {
    status: 400,
    code: 'wfpf.carbon.factor.unitMismatch',
    message: {
      'zh-CN': 'activityUnit：覆盖默认因子时活动单位须与默认因子相同（{unit}）',
      'en-US': 'activityUnit: an override must keep the default factor’s activity unit ({unit})',
    },
  },
  yearOrder: {
    status: 400,
    code: 'wfpf.carbon.factor.yearOrder',
    message: {
      'zh-CN': 'calcYear：数据年份不能晚于适用年份',
      'en-US': 'calcYear: the year of the data cannot be after the valid year',
    },
  },
});
