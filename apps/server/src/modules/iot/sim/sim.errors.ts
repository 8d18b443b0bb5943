import { defineErrors } from '../../../platform/errors.js';

export const SimErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpe.sim.notFound',
    message: { 'zh-CN': '物联网卡不存在或已被删除', 'en-US': 'No such IoT SIM card, or it was deleted' },
  },
  iccidTaken: {
    status: 409,
    code: 'wfpe.sim.iccidTaken',
    message: {
      'zh-CN': '卡号 {iccid} 已登记',
      'en-US': 'The card number {iccid} is already registered',
    },
  },
  badDate: {
    status: 400,
    code: 'wfpe.sim.badDate',
    message: { 'zh-CN': '{field}：日期不正确', 'en-US': '{field}: not a valid date' },
  },
  expiresBeforeActivation: {
    status: 400,
    code: 'wfpe.sim.expiresBeforeActivation',
    message: {
      'zh-CN': '到期日期不能早于激活日期',
      'en-US': 'The expiry date cannot be before the activation date',
    },
  },
});
