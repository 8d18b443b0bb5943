import { defineErrors } from '../../../platform/errors.js';

export const TenantErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.tenant.notFound',
    message: { 'zh-CN': '租户不存在', 'en-US': 'No such tenant' },
  },
  themeInvalid: {
    status: 400,
    code: 'wfpf.menuTheme.invalid',
    message: { 'zh-CN': '主题配置不正确：{detail}', 'en-US': 'Invalid theme settings: {detail}' },
  },
  themeOtherUser: {
    status: 403,
    code: 'wfpf.menuTheme.otherUser',
    message: {
      'zh-CN': '只能保存自己的主题配置',
      'en-US': 'You can only save your own theme settings',
    },
  },
  screenNotFound: {
    status: 404,
    code: 'wfpf.tenantScreen.notFound',
    message: { 'zh-CN': '大屏不存在或已被删除', 'en-US': 'No such visualization screen, or it was deleted' },
  },
});
