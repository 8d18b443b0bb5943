import { defineErrors } from '../../../platform/errors.js';

export const NumberingErrors = defineErrors({
  prefixExists: {
    status: 409,
    code: 'wfpf.inventory.bill.prefixExists',
    message: {
      'zh-CN': 'prefix：编号前缀“{prefix}”已被{docType}使用',
      'en-US': 'prefix: the prefix "{prefix}" is already used by {docType}',
    },
  },
  versionRequired: {
    status: 400,
    code: 'wfpf.inventory.bill.versionRequired',
    message: {
      'zh-CN': 'objectVersionNumber：该单据类型已有编号规则，请带上版本号',
      'en-US': 'objectVersionNumber: this document type already has a rule; send its version',
    },
  },
});
