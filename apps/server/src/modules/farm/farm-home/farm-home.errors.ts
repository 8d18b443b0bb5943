import { defineErrors } from '../../../platform/errors.js';

export const FarmHomeErrors = defineErrors({
  areaNotFound: {
    status: 404,
    code: 'wfpf.farmHome.areaNotFound',
    message: { 'zh-CN': '基地不存在或已被删除', 'en-US': 'No such base, or it was deleted' },
  },
});
