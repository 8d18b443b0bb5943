import { defineErrors } from '../../../platform/errors.js';

export const ApplicationErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'hiam.warn.application.notFound',
    message: { 'zh-CN': '应用不存在或已被删除', 'en-US': 'No such application, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'hiam.warn.application.nameExists',
    message: { 'zh-CN': '应用名称“{name}”已存在', 'en-US': 'An application named "{name}" already exists' },
  },
  unknownScope: {
    status: 400,
    code: 'hiam.warn.application.unknownScope',
    message: { 'zh-CN': 'scopes：未知的权限编码 {code}', 'en-US': 'scopes: unknown permission code {code}' },
  },
  scopeNotHeld: {
    status: 400,
    code: 'hiam.warn.application.scopeNotHeld',
    message: {
      'zh-CN': 'scopes：您自己没有权限 {code}，不能授予应用',
      'en-US': 'scopes: you do not hold {code} yourself, so you cannot grant it to an application',
    },
  },
  /** Every refused client-credentials grant: no hint whether the id, secret, state or address was wrong. */
  badClient: {
    status: 401,
    code: 'hoth.warn.clientCredentialsIncorrect',
    message: {
      'zh-CN': '应用 ID 或密钥错误，或应用不可用',
      'en-US': 'Incorrect client id or secret, or the application may not sign in',
    },
  },
});
