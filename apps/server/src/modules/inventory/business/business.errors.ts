import { defineErrors } from '../../../platform/errors.js';

export const BusinessErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.business.notFound',
    message: { 'zh-CN': '往来单位不存在或已被删除', 'en-US': 'No such counterparty, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.inventory.business.codeExists',
    message: {
      'zh-CN': 'businessCode：单位编码“{code}”已存在',
      'en-US': 'businessCode: a counterparty with the code "{code}" already exists',
    },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.inventory.business.nameExists',
    message: {
      'zh-CN': 'businessName：单位名称“{name}”已存在',
      'en-US': 'businessName: a counterparty named "{name}" already exists',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.inventory.business.inUse',
    message: {
      'zh-CN': '往来单位“{name}”正被使用（{what}），不能删除，请改为停用',
      'en-US': 'The counterparty "{name}" is in use ({what}) and cannot be deleted; disable it instead',
    },
  },
});
