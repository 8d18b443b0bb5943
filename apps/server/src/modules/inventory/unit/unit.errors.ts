import { defineErrors } from '../../../platform/errors.js';

export const UnitErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.unit.notFound',
    message: { 'zh-CN': '计量单位不存在或已被删除', 'en-US': 'No such unit, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.inventory.unit.codeExists',
    message: {
      'zh-CN': 'unitCode：编码“{code}”已存在',
      'en-US': 'unitCode: a unit with the code "{code}" already exists',
    },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.inventory.unit.nameExists',
    message: {
      'zh-CN': 'unitName：名称“{name}”已存在',
      'en-US': 'unitName: a unit named "{name}" already exists',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.inventory.unit.inUse',
    message: {
      'zh-CN': '计量单位“{name}”正被使用（{what}），不能删除，请改为停用',
      'en-US': 'The unit "{name}" is in use ({what}) and cannot be deleted; disable it instead',
    },
  },
});
