import { defineErrors } from '../../../platform/errors.js';

export const IdentityErrors = defineErrors({
  badCredentials: {
    status: 400,
    code: 'hoth.warn.usernameOrPasswordIncorrect',
    message: { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  },
  credentialsRequired: {
    status: 400,
    code: 'hoth.warn.usernameAndPasswordRequired',
    message: { 'zh-CN': '请输入用户名和密码', 'en-US': 'Enter your username and password' },
  },
  passwordNotEncrypted: {
    status: 400,
    code: 'hoth.warn.passwordNotEncrypted',
    message: {
      'zh-CN': '密码需使用公钥加密后提交，请刷新页面重试',
      'en-US': 'The password must be encrypted with the public key; reload the page and try again',
    },
  },
  captchaRequired: {
    status: 400,
    code: 'hoth.warn.captchaRequired',
    message: { 'zh-CN': '请输入验证码', 'en-US': 'Enter the captcha' },
  },
  captchaWrong: {
    status: 400,
    code: 'hoth.warn.captchaIncorrect',
    message: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The captcha is wrong or has expired' },
  },
  accountLocked: {
    status: 423,
    code: 'hoth.warn.accountLocked',
    message: {
      'zh-CN': '登录失败次数过多，账号已临时锁定，请 {minutes} 分钟后再试',
      'en-US': 'Too many failed sign-ins; the account is locked for {minutes} more minute(s)',
    },
  },
  accountDisabled: {
    status: 403,
    code: 'hoth.warn.accountDisabled',
    message: {
      'zh-CN': '账号已停用，请联系管理员',
      'en-US': 'This account is disabled; contact your administrator',
    },
  },
  tenantDisabled: {
    status: 403,
    code: 'hoth.warn.tenantDisabled',
    message: {
      'zh-CN': '您所在的企业已被平台停用，暂时无法登录，请联系平台管理员',
      'en-US':
        'Your company has been disabled on the platform, so you cannot sign in; contact the platform administrator',
    },
  },
  refreshInvalid: {
    status: 401,
    code: 'error.permission.refreshTokenInvalid',
    message: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has ended, please log in again' },
  },
  smsCodeWrong: {
    status: 400,
    code: 'hoth.warn.smsCodeIncorrect',
    message: { 'zh-CN': '短信验证码错误或已过期', 'en-US': 'The SMS code is wrong or has expired' },
  },
  smsTooSoon: {
    status: 429,
    code: 'hoth.warn.smsTooFrequent',
    message: {
      'zh-CN': '验证码发送过于频繁，请 {seconds} 秒后再试',
      'en-US': 'Codes are being sent too often; try again in {seconds} s',
    },
  },
  phoneRegistered: {
    status: 409,
    code: 'wfpf.user.hadRegister',
    message: { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  },
  loginNameExists: {
    status: 409,
    code: 'hiam.warn.user.loginNameExists',
    message: { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  },
  phoneNotRegistered: {
    status: 400,
    code: 'hoth.warn.phoneNotRegistered',
    message: { 'zh-CN': '该手机号未注册', 'en-US': 'No account uses this phone number' },
  },
  originalPasswordWrong: {
    status: 400,
    code: 'hiam.warn.user.originalPasswordIncorrect',
    message: { 'zh-CN': '原密码错误', 'en-US': 'The current password is wrong' },
  },
  notMember: {
    status: 403,
    code: 'hiam.warn.user.notTenantMember',
    message: { 'zh-CN': '您不属于该企业', 'en-US': 'You are not a member of this enterprise' },
  },
});
