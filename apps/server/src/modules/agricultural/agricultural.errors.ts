import { defineErrors } from '../../platform/errors.js';

export const AgriculturalErrors = defineErrors({
  insufficientStock: {
    status: 409,
    code: 'wfpf.agricultural.insufficientStock',
    message: {
      'zh-CN': '库存不足：{input} 在 {base} 仅剩 {available}，需要 {requested}',
      'en-US': 'Not enough stock: {base} has {available} of {input}, {requested} needed',
    },
  },
});
