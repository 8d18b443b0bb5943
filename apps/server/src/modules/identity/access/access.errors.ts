import { defineErrors } from '../../../platform/errors.js';

export const AccessErrors = defineErrors({
  roleCodeExists: {
    status: 409,
    code: 'hiam.warn.role.codeExists',
    message: { 'zh-CN': '角色编码已存在', 'en-US': 'A role with this code already exists' },
  },
  builtInRole: {
    status: 400,
    code: 'hiam.warn.role.builtIn',
    message: { 'zh-CN': '内置角色不能删除', 'en-US': 'Built-in roles cannot be deleted' },
  },
  unknownPermission: {
    status: 400,
    code: 'hiam.warn.role.unknownPermission',
    message: { 'zh-CN': '未知的权限编码：{code}', 'en-US': 'Unknown permission code: {code}' },
  },
  roleNotFound: {
    status: 404,
    code: 'hiam.warn.role.notFound',
    message: { 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  },
  userNotMember: {
    status: 404,
    code: 'hiam.warn.user.notFound',
    message: { 'zh-CN': '该企业下没有这个用户', 'en-US': 'No such user in this enterprise' },
  },
  lastAdmin: {
    status: 400,
    code: 'hiam.warn.role.lastAdmin',
    message: {
      'zh-CN': '企业至少需要保留一名启用的管理员',
      'en-US': 'The enterprise must keep at least one enabled administrator',
    },
  },
  roleInUse: {
    status: 400,
    code: 'hiam.warn.role.inUse',
    message: {
      'zh-CN': '该角色仍有 {count} 名用户持有（{names}），请先解除分配',
      'en-US': 'This role is still held by {count} user(s) ({names}); unassign it first',
    },
  },
  scopeBasesRequired: {
    status: 400,
    code: 'hiam.warn.role.scopeBasesRequired',
    message: {
      'zh-CN': '数据范围为“指定基地”时至少选择一个基地',
      'en-US': 'Choose at least one base for a "named bases" data scope',
    },
  },
  unknownBase: {
    status: 400,
    code: 'hiam.warn.role.unknownBase',
    message: { 'zh-CN': '基地不存在：{id}', 'en-US': 'No such base: {id}' },
  },
  adminScope: {
    status: 400,
    code: 'hiam.warn.role.adminScope',
    message: {
      'zh-CN': '企业管理员角色的数据范围必须是全部基地',
      'en-US': 'The administrator role always sees every base',
    },
  },
});
