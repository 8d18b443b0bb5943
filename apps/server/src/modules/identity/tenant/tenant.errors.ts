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
  tenantZeroFixed: {
    status: 400,
    code: 'wfpf.tenant.platformFixed',
    message: {
      'zh-CN': '平台租户不能停用',
      'en-US': 'The platform tenant cannot be disabled',
    },
  },
  tenantNumTaken: {
    status: 409,
    code: 'wfpf.tenant.numTaken',
    message: {
      'zh-CN': '租户编号 {tenantNum} 已被使用',
      'en-US': 'Tenant number {tenantNum} is already in use',
    },
  },
  adminDetailsRequired: {
    status: 400,
    code: 'wfpf.tenant.adminDetailsRequired',
    message: {
      'zh-CN': '手机号 {phone} 尚无账号：请填写管理员姓名（adminName）和初始密码（adminPassword）',
      'en-US':
        'Phone {phone} has no account yet: give the administrator a name (adminName) and an initial password (adminPassword)',
    },
  },
  adminLoginTaken: {
    status: 409,
    code: 'wfpf.tenant.adminLoginTaken',
    message: {
      'zh-CN': '登录名 {phone} 已被另一个账号使用',
      'en-US': 'The sign-in name {phone} is already used by another account',
    },
  },
  domainTaken: {
    status: 409,
    code: 'wfpf.tenantDomain.taken',
    message: {
      'zh-CN': '域名 {domainName} 已被登记（一个域名只属于一个租户）',
      'en-US': 'The domain {domainName} is already registered (a domain belongs to one tenant)',
    },
  },
  domainNotFound: {
    status: 404,
    code: 'wfpf.tenantDomain.notFound',
    message: { 'zh-CN': '该租户没有此域名', 'en-US': 'The tenant has no such domain' },
  },
});
