import { defineErrors } from '../../../platform/errors.js';

export const SeedErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.seed.notFound',
    message: { 'zh-CN': '种子产品不存在或已被删除', 'en-US': 'No such seed product, or it was deleted' },
  },
});
