import { defineErrors } from '../../../platform/errors.js';

// Carbon monitoring and entry messages; the console shows the server's text as it is.

export const FootprintErrors = defineErrors({
  periodOrder: {
    status: 400,
    code: 'wfpf.carbon.period.order',
    message: {
      'zh-CN': 'to：结束日期不能早于开始日期',
      'en-US': 'to: the end date cannot be before the start date',
    },
  },
  periodTooLong: {
    status: 400,
    code: 'wfpf.carbon.period.tooLong',
    message: { 'zh-CN': 'to：统计期间最长 3 年', 'en-US': 'to: a period covers at most 3 years' },
  },
  entryNotFound: {
    status: 404,
    code: 'wfpf.carbon.entry.notFound',
    message: { 'zh-CN': '碳排放记录不存在或已被删除', 'en-US': 'No such carbon entry, or it was deleted' },
  },
  factorUnknown: {
    status: 400,
    code: 'wfpf.carbon.entry.factorUnknown',
    message: {
      'zh-CN': 'factorCode：排放因子不存在或已停用',
      'en-US': 'factorCode: no such emission factor, or it is disabled',
    },
  },
  placeUnknown: {
    status: 400,
    code: 'wfpf.carbon.entry.placeUnknown',
    message: {
      'zh-CN': '{field}：基地、地块或批次不存在',
      'en-US': '{field}: no such base, plot or batch',
    },
  },
  evidenceNotOwn: {
    status: 400,
    code: 'wfpf.carbon.entry.evidenceNotOwn',
    message: {
      'zh-CN': 'evidence：只能使用本企业已上传的文件',
      'en-US': 'evidence: only files uploaded to this company can be used',
    },
  },
});
