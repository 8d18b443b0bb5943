import { defineErrors } from '../../../platform/errors.js';

// The news page's own answers (spec 03 §7 "News"); a missing item and an unknown tenant answer the same 404.

export const NewsErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.news.notFound',
    message: { 'zh-CN': '资讯不存在或尚未发布', 'en-US': 'No such news item, or it is not published' },
  },
  tenantNotFound: {
    status: 404,
    code: 'wfpf.news.tenantNotFound',
    message: { 'zh-CN': '该组织不存在', 'en-US': 'No such organisation' },
  },
  pageNotFound: {
    status: 404,
    code: 'wfpf.news.pageNotFound',
    message: { 'zh-CN': '页面不存在或尚未发布', 'en-US': 'No such page, or it is not published' },
  },
  enabledOnly: {
    status: 400,
    code: 'wfpf.news.enabledFlag',
    message: {
      'zh-CN': '参数不正确：enabledFlag 只能为 1（只列出启用的资讯）',
      'en-US': 'Invalid request: enabledFlag must be 1 (only enabled news is listed)',
    },
  },
  pageTooDeep: {
    status: 400,
    code: 'wfpf.news.pageTooDeep',
    message: {
      'zh-CN': '参数不正确：page 过大（最多翻到第 {max} 条）',
      'en-US': 'Invalid request: page is too deep (at most {max} items can be paged through)',
    },
  },
});
